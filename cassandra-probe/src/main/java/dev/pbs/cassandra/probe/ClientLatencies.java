package dev.pbs.cassandra.probe;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

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

    private static final int SIGNIFICANT_DIGITS = 3;

    private final Recording writesAtOne = new Recording();
    private final Recording writesAtTwo = new Recording();
    private final Recording readsAtOne = new Recording();
    private final Recording readsAtTwo = new Recording();
    private final Recording roundTrips = new Recording();

    /**
     * An untraced operation answered after {@code micros}.
     *
     * @param replicas the replicas it waited for: 1 (ONE) or 2 (TWO)
     */
    public void untraced(Operation operation, int replicas, long micros) {
        boolean write = operation == Operation.WRITE;
        Recording recording = replicas == 1 ? (write ? writesAtOne : readsAtOne) : (write ? writesAtTwo : readsAtTwo);
        recording.record(micros);
    }

    /** A refused request answered after {@code micros}. */
    public void roundTrip(long micros) {
        roundTrips.record(micros);
    }

    public Snapshot snapshot() {
        return new Snapshot(
                writesAtOne.copy(), writesAtTwo.copy(), readsAtOne.copy(), readsAtTwo.copy(), roundTrips.copy());
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
            Histogram roundTrips) {}

    private static final class Recording {
        private final Recorder recorder = new Recorder(WarsRecorder.HIGHEST_MICROS, SIGNIFICANT_DIGITS);
        private final Histogram total = new Histogram(WarsRecorder.HIGHEST_MICROS, SIGNIFICANT_DIGITS);
        private Histogram interval;

        void record(long micros) {
            recorder.recordValue(Math.max(0, Math.min(WarsRecorder.HIGHEST_MICROS, micros)));
        }

        synchronized Histogram copy() {
            interval = recorder.getIntervalHistogram(interval);
            total.add(interval);
            return total.copy();
        }
    }
}
