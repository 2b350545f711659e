package dev.pbs.service.probes;

/** A probe change that conflicts with the probes there are: a name taken, or a probe only the YAML can remove. */
public final class ProbeConflictException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProbeConflictException(String message) {
        super(message);
    }
}
