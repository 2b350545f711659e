package dev.pbs.service.core;

/**
 * The storage behind profiles, probes or histories cannot be reached now (in fleet mode, the state
 * keyspace's replicas). The REST API answers 503 with {@code Retry-After} and this message; built-in
 * profiles keep working, as they are never stored.
 */
public final class StateStoreUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Seconds a client should wait before trying again. */
    public static final int RETRY_AFTER_SECONDS = 5;

    public StateStoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
