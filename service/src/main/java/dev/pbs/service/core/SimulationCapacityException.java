package dev.pbs.service.core;

/**
 * The service cannot take another simulation now (every slot and waiting place is taken, or it
 * is shutting down); the REST edge answers 503 with {@code Retry-After}.
 */
public final class SimulationCapacityException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int retryAfterSeconds;

    public SimulationCapacityException(String message, int retryAfterSeconds) {
        super(message);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** Seconds a refused client should wait before trying again. */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
