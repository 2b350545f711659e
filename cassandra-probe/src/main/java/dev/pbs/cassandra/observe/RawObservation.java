package dev.pbs.cassandra.observe;

import dev.pbs.model.profile.CoordinatorReplicaShare;
import java.util.List;
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
 * @param coordinatorReplicas of the writes and of the reads sent, how many were coordinated by a
 *     replica of their key (from the driver's token map; without one, every operation counted the
 *     way the routing rule says)
 * @param routedToReplicas what the routing rule says of every coordinator: a replica of its keys
 *     (round robin over exactly N nodes) or not; the share of a side with no operation counted
 * @param clientGapMicros the client's round trip to a coordinator (a request it refuses before doing any
 *     work: a read with LIMIT 0), sampled once per write: the time between the coordinator committing and a read reaching
 *     it that the model's t does not include
 * @param readRoundTripMicros the same refused request timed beside one of each write's reads (sent
 *     with it, to its coordinator): the client's part of a read's latency, which the prediction adds
 *     to the engine's read latency; empty when none was timed (then {@code clientGapMicros} serves)
 * @param writeLatencyMicros client-side latency of the observed writes
 * @param readLatencyMicros client-side latency of the observed reads
 * @param readPathTraces what the traced sample of reads showed of the read path (none traced:
 *     all zero)
 */
public record RawObservation(
        ObservationSettings settings,
        long writes,
        long failedWrites,
        long failedReads,
        long[] reads,
        long[] fresh,
        long[] lagMicros,
        CoordinatorReplicaCounts coordinatorReplicas,
        boolean routedToReplicas,
        Histogram clientGapMicros,
        Histogram readRoundTripMicros,
        Histogram writeLatencyMicros,
        Histogram readLatencyMicros,
        ReadPathTally readPathTraces) {

    /**
     * The client's round trips to set beside the reads' latency: those timed with reads, or, when
     * none was, those timed with writes.
     */
    public Histogram readClientPartMicros() {
        return readRoundTripMicros.getTotalCount() > 0 ? readRoundTripMicros : clientGapMicros;
    }

    /**
     * How often a write's, and a read's, coordinator was a replica of its key, as counted ({@link
     * CoordinatorReplicaCounts#share}): what the prediction takes.
     */
    public CoordinatorReplicaShare coordinatorReplicaShare() {
        return coordinatorReplicas.share(routedToReplicas);
    }

    /** The same observation with what its traced reads showed. */
    RawObservation withReadPathTraces(ReadPathTally traces) {
        return with(clientGapMicros, traces);
    }

    /** The same observation with other round trips beside the writes (a bootstrap replicate's). */
    RawObservation withClientGap(Histogram gapMicros) {
        return with(gapMicros, readPathTraces);
    }

    private RawObservation with(Histogram gapMicros, ReadPathTally traces) {
        return new RawObservation(
                settings,
                writes,
                failedWrites,
                failedReads,
                reads,
                fresh,
                lagMicros,
                coordinatorReplicas,
                routedToReplicas,
                gapMicros,
                readRoundTripMicros,
                writeLatencyMicros,
                readLatencyMicros,
                traces);
    }

    /** Everything several parts of one observation saw (windows of its writes), as one. */
    public static RawObservation merged(List<RawObservation> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        RawObservation first = parts.get(0);
        int points = first.reads().length;
        long[] reads = new long[points];
        long[] fresh = new long[points];
        long[] lags = new long[points];
        long writes = 0;
        long failedWrites = 0;
        long failedReads = 0;
        Histogram gaps = new Histogram(ObservationTallies.HIGHEST_MICROS, 3);
        Histogram readRoundTrips = new Histogram(ObservationTallies.HIGHEST_MICROS, 3);
        Histogram writeLatencies = new Histogram(ObservationTallies.HIGHEST_MICROS, 3);
        Histogram readLatencies = new Histogram(ObservationTallies.HIGHEST_MICROS, 3);
        ReadPathTally traces = ReadPathTally.none(points);
        CoordinatorReplicaCounts coordinators = CoordinatorReplicaCounts.NONE;
        for (RawObservation part : parts) {
            traces = traces.plus(part.readPathTraces());
            coordinators = coordinators.plus(part.coordinatorReplicas());
            writes += part.writes();
            failedWrites += part.failedWrites();
            failedReads += part.failedReads();
            for (int point = 0; point < points; point++) {
                reads[point] += part.reads()[point];
                fresh[point] += part.fresh()[point];
                lags[point] += part.lagMicros()[point];
            }
            gaps.add(part.clientGapMicros());
            readRoundTrips.add(part.readRoundTripMicros());
            writeLatencies.add(part.writeLatencyMicros());
            readLatencies.add(part.readLatencyMicros());
        }
        return new RawObservation(
                first.settings(),
                writes,
                failedWrites,
                failedReads,
                reads,
                fresh,
                lags,
                coordinators,
                first.routedToReplicas(),
                gaps,
                readRoundTrips,
                writeLatencies,
                readLatencies,
                traces);
    }
}
