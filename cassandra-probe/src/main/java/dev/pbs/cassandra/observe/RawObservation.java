package dev.pbs.cassandra.observe;

import org.HdrHistogram.Histogram;

/**
 * What an observed-staleness run saw, before any comparison with a prediction.
 *
 * @param settings what was run
 * @param writes writes acknowledged
 * @param failedWrites writes that failed
 * @param failedReads reads that failed
 * @param reads reads answered, per t of the grid
 * @param fresh of those, reads that returned the written version
 * @param lagMicros the sum of how late reads were sent after their nominal time, per t
 * @param coordinatorIsReplica whether coordinators were replicas of the keys they served
 * @param clientGapMicros the client's round trip to a coordinator (a request it refuses before doing any
 *     work: a read with LIMIT 0), sampled once per write: the time between the coordinator committing and a read reaching
 *     it that the model's t does not include
 * @param writeLatencyMicros client-side latency of the observed writes
 * @param readLatencyMicros client-side latency of the observed reads
 */
public record RawObservation(
        ObservationSettings settings,
        long writes,
        long failedWrites,
        long failedReads,
        long[] reads,
        long[] fresh,
        long[] lagMicros,
        boolean coordinatorIsReplica,
        Histogram clientGapMicros,
        Histogram writeLatencyMicros,
        Histogram readLatencyMicros) {}
