package dev.pbs.cassandra.observe;

/**
 * How the prediction accounts for the client's part of t (see {@link StalenessObserver}). Every
 * prediction is always reported; this chooses the one the RMSE compares with.
 */
public enum ClientGapCorrection {
    /** The model alone: P(consistent at t). */
    NONE,
    /**
     * P(t* &lt;= t + lag + gap) over the measured round trips (gap) of a request the coordinator
     * refuses before doing any work (the client's and the native transport's time), t* the engine's
     * time to consistency, the two coupled as the probe measured the client's part of an operation
     * coupled with the coordinator's ({@link ClientTimeOrigin}); lag is how late the reads at t were
     * sent on average.
     */
    MEASURED,
    /**
     * P(consistent at t + offset + lag), where the offset is what the client's latencies show
     * beyond the engine's: the median client-side latency of the observed writes less the engine's
     * median write latency, and the same for reads, averaged; lag is how late the reads at t were
     * sent on average. The offset holds the client's and the native transport's time (the round
     * trip) less whatever the traced operations that measured the profile spent beyond the
     * untraced ones observed, so it corrects the time origin without counting that excess twice.
     * It uses two latency medians only, never the staleness observed.
     */
    LATENCY
}
