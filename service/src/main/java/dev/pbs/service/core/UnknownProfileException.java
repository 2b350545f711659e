package dev.pbs.service.core;

/** No stored profile has the name a request gave; the REST edge answers 404. */
public final class UnknownProfileException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param name the name as asked, already shortened for a message */
    public UnknownProfileException(String name) {
        super("no profile named '" + name + "'; GET /api/v1/profiles lists them");
    }
}
