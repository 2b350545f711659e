package dev.pbs.cassandra.probe;

import org.HdrHistogram.Histogram;

/**
 * What the probe's client sees, in microseconds, beside the traces: the latency of untraced
 * operations coordinated by a replica of their key, writes and reads, at ONE and at TWO (the
 * latter only with two replicas or more), and
 * the round trip of a request that the coordinator refuses before doing any work (a read with
 * LIMIT 0: decoded, dispatched to the request threads, refused, answered). Traces start when the
 * coordinator starts executing a request, so that round trip is the client's part of every
 * operation, which the traced delays leave out; and untraced operations show what the traced ones
 * would take without tracing's own cost (see {@link TracingDilation}). Recorded without locks;
 * {@link #snapshot()} copies everything recorded so far.
 */
public final class ClientLatencies {

    private final RunningHistogram writesAtOne = new RunningHistogram();
    private final RunningHistogram writesAtTwo = new RunningHistogram();
    private final RunningHistogram readsAtOne = new RunningHistogram();
    private final RunningHistogram readsAtTwo = new RunningHistogram();
    private final RunningHistogram roundTrips = new RunningHistogram();

    /**
     * An untraced operation answered after {@code micros}.
     *
     * @param replicas the replicas it waited for: 1 (ONE) or 2 (TWO)
     */
    public void untraced(Operation operation, int replicas, long micros) {
        boolean write = operation == Operation.WRITE;
        RunningHistogram recording =
                replicas == 1 ? (write ? writesAtOne : readsAtOne) : (write ? writesAtTwo : readsAtTwo);
        recording.record(clip(micros));
    }

    /** A refused request answered after {@code micros}. */
    public void roundTrip(long micros) {
        roundTrips.record(clip(micros));
    }

    public Snapshot snapshot() {
        return new Snapshot(
                writesAtOne.totalCopy(),
                writesAtTwo.totalCopy(),
                readsAtOne.totalCopy(),
                readsAtTwo.totalCopy(),
                roundTrips.totalCopy());
    }

    /**
     * Copies, microseconds: client latency of untraced operations, and round trips of refused
     * requests.
     */
    public record Snapshot(
            Histogram writesAtOne,
            Histogram writesAtTwo,
            Histogram readsAtOne,
            Histogram readsAtTwo,
            Histogram roundTrips) {

        /** What was timed between {@code earlier} and this snapshot, both of the same recorder. */
        Snapshot since(Snapshot earlier) {
            return new Snapshot(
                    ProbeSnapshot.less(writesAtOne, earlier.writesAtOne()),
                    ProbeSnapshot.less(writesAtTwo, earlier.writesAtTwo()),
                    ProbeSnapshot.less(readsAtOne, earlier.readsAtOne()),
                    ProbeSnapshot.less(readsAtTwo, earlier.readsAtTwo()),
                    ProbeSnapshot.less(roundTrips, earlier.roundTrips()));
        }
    }

    private static long clip(long micros) {
        return Math.max(0, Math.min(WarsRecorder.HIGHEST_MICROS, micros));
    }
}
