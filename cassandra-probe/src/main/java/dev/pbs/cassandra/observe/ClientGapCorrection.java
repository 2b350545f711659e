package dev.pbs.cassandra.observe;

/**
 * Whether the prediction adds the measured client round trip to t (see {@link StalenessObserver}).
 * Both predictions are always reported; this chooses the one the RMSE compares with.
 */
public enum ClientGapCorrection {
    /** The model alone: P(consistent at t). */
    NONE,
    /**
     * The mean of P(consistent at t + gap) over the measured round trips of a query the coordinator
     * refuses while parsing it (the client's and the native transport's time, without the
     * coordinator's stage queues).
     */
    MEASURED
}
