package dev.pbs.cassandra.observe;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What an observation has counted so far: writes acknowledged and failed, reads answered, fresh
 * and failed at each t of the grid, the client-side latencies and round trips, and how many writes
 * and reads went through a coordinator that is a replica of their key. The callbacks
 * of every write and read record here concurrently, without locks (atomic counters and
 * HdrHistogram {@link Recorder}s); {@link #observation} reads it once they have all finished.
 */
final class ObservationTallies {

    /** Largest recorded latency or round trip, microseconds (a minute); longer ones are recorded as this. */
    static final long HIGHEST_MICROS = 60_000_000L;

    private static final int SIGNIFICANT_DIGITS = 3;

    private final AtomicLongArray reads;
    private final AtomicLongArray fresh;
    private final AtomicLongArray lagMicros;
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong failedWrites = new AtomicLong();
    private final AtomicLong failedReads = new AtomicLong();
    private final AtomicLong writesCoordinated = new AtomicLong();
    private final AtomicLong writesThroughReplica = new AtomicLong();
    private final AtomicLong readsCoordinated = new AtomicLong();
    private final AtomicLong readsThroughReplica = new AtomicLong();
    private final Recorder roundTripMicros = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    private final Recorder readRoundTripMicros = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    private final Recorder writeLatencyMicros = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    private final Recorder readLatencyMicros = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);

    /** Tallies for a grid of {@code points} delays. */
    ObservationTallies(int points) {
        reads = new AtomicLongArray(points);
        fresh = new AtomicLongArray(points);
        lagMicros = new AtomicLongArray(points);
    }

    /** The client's round trip of one request its coordinator refused before doing any work, microseconds. */
    void roundTrip(long micros) {
        roundTripMicros.recordValue(clamp(micros));
    }

    /** The same refused request's round trip, timed beside one of a write's reads, microseconds. */
    void readRoundTrip(long micros) {
        readRoundTripMicros.recordValue(clamp(micros));
    }

    /** A write was acknowledged after {@code latencyMicros} (client-side). */
    void writeAcknowledged(long latencyMicros) {
        writeLatencyMicros.recordValue(clamp(latencyMicros));
        acknowledged.incrementAndGet();
    }

    void writeFailed() {
        failedWrites.incrementAndGet();
    }

    /**
     * A read at t = grid point {@code point} was answered.
     *
     * @param isFresh whether it returned the written version
     * @param lagMicros how late it was sent after its nominal time
     * @param latencyMicros its client-side latency
     */
    void readAnswered(int point, boolean isFresh, long lagMicros, long latencyMicros) {
        readLatencyMicros.recordValue(clamp(latencyMicros));
        reads.incrementAndGet(point);
        this.lagMicros.addAndGet(point, lagMicros);
        if (isFresh) {
            fresh.incrementAndGet(point);
        }
    }

    void readFailed() {
        failedReads.incrementAndGet();
    }

    /** A write was sent through a coordinator that is ({@code throughReplica}) or is not a replica of its key. */
    void writeCoordinated(boolean throughReplica) {
        // the total first: read afterwards, it is never below the replicas' count read before it
        writesCoordinated.incrementAndGet();
        if (throughReplica) {
            writesThroughReplica.incrementAndGet();
        }
    }

    /** A read was sent through a coordinator that is ({@code throughReplica}) or is not a replica of its key. */
    void readCoordinated(boolean throughReplica) {
        // the total first: read afterwards, it is never below the replicas' count read before it
        readsCoordinated.incrementAndGet();
        if (throughReplica) {
            readsThroughReplica.incrementAndGet();
        }
    }

    private static long clamp(long micros) {
        return Math.min(Math.max(0, micros), HIGHEST_MICROS);
    }

    /**
     * The observation, once every write and read has been recorded.
     *
     * @param routedToReplicas what the routing rule says of every coordinator (a replica of its
     *     keys or not), for a side with no operation counted
     */
    RawObservation observation(ObservationSettings settings, boolean routedToReplicas) {
        int points = reads.length();
        long[] readCounts = new long[points];
        long[] freshCounts = new long[points];
        long[] lags = new long[points];
        for (int point = 0; point < points; point++) {
            readCounts[point] = reads.get(point);
            freshCounts[point] = fresh.get(point);
            lags[point] = lagMicros.get(point);
        }
        return new RawObservation(
                settings,
                acknowledged.get(),
                failedWrites.get(),
                failedReads.get(),
                readCounts,
                freshCounts,
                lags,
                new CoordinatorReplicaCounts(
                        writesThroughReplica.get(),
                        writesCoordinated.get(),
                        readsThroughReplica.get(),
                        readsCoordinated.get()),
                routedToReplicas,
                everything(roundTripMicros),
                everything(readRoundTripMicros),
                everything(writeLatencyMicros),
                everything(readLatencyMicros),
                ReadPathTally.none(points));
    }

    /** All a recorder holds, in a histogram of the observation's own. */
    private static Histogram everything(Recorder recorder) {
        Histogram histogram = new Histogram(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
        recorder.getIntervalHistogramInto(histogram);
        return histogram;
    }
}
