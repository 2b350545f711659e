package dev.pbs.cassandra.probe;

import org.HdrHistogram.Histogram;

/**
 * What the probe's client sees, in microseconds, beside the traces: the latency of untraced
 * operations, writes and reads, through a coordinator that is a replica of their key at ONE and at
 * TWO (the latter only with two replicas or more), and through a coordinator that is not one at
 * ONE (LOCAL_ONE over several datacenters), where the cluster has such nodes; and the round trip of
 * a request that the coordinator refuses before doing any work (a read with LIMIT 0: decoded,
 * dispatched to the request threads, refused, answered). Traces start when the coordinator starts
 * executing a request, so that round trip is the client's part of every operation, which the
 * traced delays leave out; and untraced operations show what the traced ones would take without
 * tracing's own cost (see {@link dev.pbs.cassandra.calibration.Calibration}). Recorded without locks; {@link #snapshot()}
 * copies everything recorded so far.
 */
public final class ClientLatencies {

    private final RunningHistogram writesAtOne = new RunningHistogram();
    private final RunningHistogram writesAtTwo = new RunningHistogram();
    private final RunningHistogram readsAtOne = new RunningHistogram();
    private final RunningHistogram readsAtTwo = new RunningHistogram();
    private final RunningHistogram writesThroughOther = new RunningHistogram();
    private final RunningHistogram readsThroughOther = new RunningHistogram();
    private final RunningHistogram roundTrips = new RunningHistogram();

    /**
     * An untraced operation through a coordinator that is a replica of its key, answered after
     * {@code micros}.
     *
     * @param replicas the replicas it waited for: 1 (ONE) or 2 (TWO)
     */
    public void untraced(Operation operation, int replicas, long micros) {
        untraced(operation, replicas, micros, 0);
    }

    /**
     * The same, for an operation that may stand for a stall of the probe: with {@code
     * stalledIntervalMicros} positive, its pace's interval, the operations the stall kept from
     * being sent are recorded too ({@link RunningHistogram#record(long, long)}).
     */
    public void untraced(Operation operation, int replicas, long micros, long stalledIntervalMicros) {
        boolean write = operation == Operation.WRITE;
        RunningHistogram recording =
                replicas == 1 ? (write ? writesAtOne : readsAtOne) : (write ? writesAtTwo : readsAtTwo);
        recording.record(clip(micros), stalledIntervalMicros);
    }

    /**
     * An untraced operation at ONE (or LOCAL_ONE) through a coordinator that is not a replica of its
     * key, answered after {@code micros}.
     */
    public void untracedThroughOther(Operation operation, long micros) {
        untracedThroughOther(operation, micros, 0);
    }

    /** The same, for an operation that may stand for a stall ({@link #untraced(Operation, int, long, long)}). */
    public void untracedThroughOther(Operation operation, long micros, long stalledIntervalMicros) {
        (operation == Operation.WRITE ? writesThroughOther : readsThroughOther)
                .record(clip(micros), stalledIntervalMicros);
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
                writesThroughOther.totalCopy(),
                readsThroughOther.totalCopy(),
                roundTrips.totalCopy());
    }

    /**
     * Copies, microseconds: client latency of untraced operations, and round trips of refused
     * requests.
     *
     * @param writesAtOne through a replica of the key, at ONE
     * @param writesAtTwo through a replica of the key, at TWO
     * @param readsAtOne through a replica of the key, at ONE
     * @param readsAtTwo through a replica of the key, at TWO
     * @param writesThroughOther through a node that is not a replica of the key, at ONE (LOCAL_ONE)
     * @param readsThroughOther through a node that is not a replica of the key, at ONE (LOCAL_ONE)
     * @param roundTrips refused requests
     */
    public record Snapshot(
            Histogram writesAtOne,
            Histogram writesAtTwo,
            Histogram readsAtOne,
            Histogram readsAtTwo,
            Histogram writesThroughOther,
            Histogram readsThroughOther,
            Histogram roundTrips) {

        /** What was timed between {@code earlier} and this snapshot, both of the same recorder. */
        Snapshot since(Snapshot earlier) {
            return new Snapshot(
                    ProbeSnapshot.less(writesAtOne, earlier.writesAtOne()),
                    ProbeSnapshot.less(writesAtTwo, earlier.writesAtTwo()),
                    ProbeSnapshot.less(readsAtOne, earlier.readsAtOne()),
                    ProbeSnapshot.less(readsAtTwo, earlier.readsAtTwo()),
                    ProbeSnapshot.less(writesThroughOther, earlier.writesThroughOther()),
                    ProbeSnapshot.less(readsThroughOther, earlier.readsThroughOther()),
                    ProbeSnapshot.less(roundTrips, earlier.roundTrips()));
        }
    }

    private static long clip(long micros) {
        return Math.max(0, Math.min(WarsRecorder.HIGHEST_MICROS, micros));
    }
}
