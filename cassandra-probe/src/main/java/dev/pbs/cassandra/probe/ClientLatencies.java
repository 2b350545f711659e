package dev.pbs.cassandra.probe;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What the probe's client sees, in microseconds, beside the traces: the latency of each kind of
 * untraced operation ({@link UntracedKind}), and the round trip of a request that the coordinator
 * refuses before doing any work (a read with LIMIT 0: decoded, dispatched to the request threads,
 * refused, answered). Traces start when the coordinator starts executing a request, so that round
 * trip is the client's part of every operation, which the traced delays leave out; and untraced
 * operations show what the traced ones would take without tracing's own cost (see {@link
 * dev.pbs.cassandra.calibration.Calibration}). Recorded without locks; {@link #snapshot()} copies
 * everything recorded so far.
 */
public final class ClientLatencies {

    private final Map<UntracedKind, RunningHistogram> untraced = new EnumMap<>(UntracedKind.class);
    private final RunningHistogram roundTrips = new RunningHistogram();

    public ClientLatencies() {
        for (UntracedKind kind : UntracedKind.values()) {
            untraced.put(kind, new RunningHistogram());
        }
    }

    /** An untraced operation of {@code kind}, answered after {@code micros}. */
    public void untraced(UntracedKind kind, long micros) {
        untraced(kind, micros, 0);
    }

    /**
     * The same, for an operation that may stand for a stall of the probe: with {@code
     * stalledIntervalMicros} positive, its pace's interval, the operations the stall kept from
     * being sent are recorded too ({@link RunningHistogram#record(long, long)}).
     */
    public void untraced(UntracedKind kind, long micros, long stalledIntervalMicros) {
        untraced.get(kind).record(clip(micros), stalledIntervalMicros);
    }

    /** A refused request answered after {@code micros}. */
    public void roundTrip(long micros) {
        roundTrips.record(clip(micros));
    }

    public Snapshot snapshot() {
        Map<UntracedKind, Histogram> timed = new EnumMap<>(UntracedKind.class);
        untraced.forEach((kind, histogram) -> timed.put(kind, histogram.totalCopy()));
        return new Snapshot(timed, roundTrips.totalCopy());
    }

    /**
     * Copies, microseconds: the client latency of each kind of untraced operation, and the round
     * trips of refused requests.
     *
     * @param untraced every kind's latencies (empty where none was timed)
     * @param roundTrips refused requests
     */
    public record Snapshot(Map<UntracedKind, Histogram> untraced, Histogram roundTrips) {

        public Snapshot {
            untraced = Collections.unmodifiableMap(new EnumMap<>(untraced));
        }

        /** The latencies of untraced operations of {@code kind}. */
        public Histogram timed(UntracedKind kind) {
            Histogram histogram = untraced.get(kind);
            return histogram == null ? new Histogram(WarsRecorder.HIGHEST_MICROS, 3) : histogram;
        }

        /** How many untraced writes (or reads) were timed, through a replica of their key or through any node. */
        public long count(Operation operation, boolean onlyThroughReplica) {
            long count = 0;
            for (UntracedKind kind : UntracedKind.values()) {
                if (kind.operation() == operation && (kind.throughReplica() || !onlyThroughReplica)) {
                    count += timed(kind).getTotalCount();
                }
            }
            return count;
        }

        /** What was timed between {@code earlier} and this snapshot, both of the same recorder. */
        Snapshot since(Snapshot earlier) {
            Map<UntracedKind, Histogram> timed = new EnumMap<>(UntracedKind.class);
            for (UntracedKind kind : UntracedKind.values()) {
                timed.put(kind, ProbeSnapshot.less(timed(kind), earlier.timed(kind)));
            }
            return new Snapshot(timed, ProbeSnapshot.less(roundTrips, earlier.roundTrips()));
        }
    }

    private static long clip(long micros) {
        return Math.max(0, Math.min(WarsRecorder.HIGHEST_MICROS, micros));
    }
}
