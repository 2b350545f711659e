package dev.pbs.service.core;

/** A change the profile store refuses because of what the name refers to, such as replacing a built-in profile. */
public final class ProfileConflictException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProfileConflictException(String message) {
        super(message);
    }
}
