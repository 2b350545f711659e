package dev.pbs.cassandra.recovery;

import dev.pbs.cassandra.cluster.OutageTimes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Measures hint replay delays: the returned node is stopped for a given time while writes go on
 * around it at ONE ({@link OutageWithWrites}); from the moment it serves CQL again (its return,
 * {@link OutageTimes#serving()}), the writes of the outage are read at ONE from the node itself
 * ({@link ReturnedNode}), in rounds over those not yet found, until each has appeared or the
 * deadline has passed. A write's delay is placed between the last read that missed it and the first
 * that found it ({@link ReplayDelays}).
 *
 * <p>The return is when the node's CQL port accepted a connection again, polled every quarter of a
 * second by the outage (so up to that much after the port opened): from then on the node serves
 * reads, which is what the model's return means. The other nodes learn that it is up through gossip,
 * which can come before (its messaging starts before its CQL port) or after; the hints' delay
 * counts from the return all the same, gossip's lag included.
 */
public final class HintReplayMeasurement {

    /** Reads in flight at once. */
    static final int CONCURRENT_READS = 32;

    /** Pause after a round none of whose reads was answered (the driver not yet reconnected). */
    private static final long FAILED_ROUND_PAUSE_MILLIS = 20;

    private HintReplayMeasurement() {}

    /**
     * What one measurement found.
     *
     * @param times the outage: stop, start, return
     * @param delays the writes of the outage and when each appeared at the returned node
     * @param rounds rounds of reads made
     * @param reads reads answered
     * @param failedReads reads that failed (before the driver had reconnected, or timed out)
     * @param servers what the traced reads showed of who served them
     * @param writesSent writes the writer made in all
     * @param driverSawUpMillis when the driver saw the node up, ms after its return (negative: before),
     *     NaN if it did not report it
     */
    public record Result(
            OutageTimes times,
            ReplayDelays delays,
            int rounds,
            long reads,
            long failedReads,
            ReadServers servers,
            long writesSent,
            double driverSawUpMillis) {}

    /**
     * Runs one outage of {@code length} and measures.
     *
     * @param writesPerSecond the writer's steady rate
     * @param deadline how long after the return the writes are read at most
     * @param traceEvery trace one read in this many (0: none)
     */
    public static Result run(
            ReturnedNode returned,
            Duration length,
            double writesPerSecond,
            Duration deadline,
            int traceEvery,
            Consumer<String> progress) {
        TracedReadCheck check = new TracedReadCheck(traceEvery);
        try (OutageWithWrites outage = OutageWithWrites.run(returned, length, writesPerSecond, progress)) {
            OutageTimes times = outage.times();
            long origin = times.serving().monotonicNanos();
            List<OutageWriter.Write> keys = outage.writesWhileDown();
            progress.accept(returned.describe() + " serves CQL again; reading the " + keys.size()
                    + " writes of the outage at ONE from it until each appears (at most "
                    + deadline.toSeconds() + " s)");
            List<KeyState> pending = new ArrayList<>();
            for (OutageWriter.Write write : keys) {
                pending.add(new KeyState(write.key(), write.coordinator()));
            }
            List<KeyState> found = new ArrayList<>();
            long end = origin + deadline.toNanos();
            int rounds = 0;
            long reads = 0;
            long failed = 0;
            Semaphore permits = new Semaphore(CONCURRENT_READS);
            while (!pending.isEmpty() && System.nanoTime() < end) {
                rounds++;
                AtomicInteger answered = new AtomicInteger();
                AtomicInteger failures = new AtomicInteger();
                CountDownLatch done = new CountDownLatch(pending.size());
                for (KeyState state : pending) {
                    acquire(permits);
                    boolean traced = check.nextTraced();
                    long sent = System.nanoTime();
                    returned.read(state.key, traced).whenComplete((rows, failure) -> {
                        long received = System.nanoTime();
                        if (failure == null) {
                            answered.incrementAndGet();
                            if (traced) {
                                check.answered(rows.getExecutionInfo().getTracingId());
                            }
                            if (rows.one() != null) {
                                state.foundNanos = received;
                            } else {
                                state.lastMissedNanos = sent;
                            }
                        } else {
                            failures.incrementAndGet();
                        }
                        permits.release();
                        done.countDown();
                    });
                }
                await(done);
                reads += answered.get();
                failed += failures.get();
                for (KeyState state : pending) {
                    if (state.foundNanos != Long.MIN_VALUE) {
                        found.add(state);
                    }
                }
                pending.removeIf(state -> state.foundNanos != Long.MIN_VALUE);
                if (answered.get() == 0) {
                    Sleeps.sleep(FAILED_ROUND_PAUSE_MILLIS);
                }
            }
            List<ReplayDelays.Appearance> appeared = new ArrayList<>();
            for (KeyState state : found) {
                double foundMillis = Math.max(0, (state.foundNanos - origin) / 1e6);
                appeared.add(
                        state.lastMissedNanos == Long.MIN_VALUE
                                ? ReplayDelays.Appearance.atFirstRead(state.coordinator, foundMillis)
                                : new ReplayDelays.Appearance(
                                        state.coordinator,
                                        Math.min(foundMillis, (state.lastMissedNanos - origin) / 1e6),
                                        foundMillis));
            }
            ReplayDelays delays = new ReplayDelays(appeared, pending.size(), deadline.toNanos() / 1e6);
            progress.accept(String.format(
                    java.util.Locale.ROOT,
                    "%d of %d writes appeared (median delay %.0f ms, 90th percentile %.0f ms) in %d rounds of reads;"
                            + " %d never did within %d s",
                    appeared.size(),
                    delays.writes(),
                    delays.writes() == 0 ? Double.NaN : delays.percentileMillis(50),
                    delays.writes() == 0 ? Double.NaN : delays.percentileMillis(90),
                    rounds,
                    pending.size(),
                    deadline.toSeconds()));
            long writesSent = outage.counts().answered();
            double sawUp = returned.session().sawUpMillis(returned.address(), times);
            outage.close();
            ReadServers servers = check.tally(returned.session().session(), returned.address());
            return new Result(times, delays, rounds, reads, failed, servers, writesSent, sawUp);
        }
    }

    private static void acquire(Semaphore permits) {
        try {
            permits.acquire();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        }
    }

    private static void await(CountDownLatch done) {
        try {
            if (!done.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("reads of the returned node were not answered within 60 s");
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        }
    }

    /** One write of the outage as the reads have seen it; written by one read at a time. */
    private static final class KeyState {
        final String key;
        final String coordinator;
        volatile long lastMissedNanos = Long.MIN_VALUE;
        volatile long foundNanos = Long.MIN_VALUE;

        KeyState(String key, String coordinator) {
            this.key = key;
            this.coordinator = coordinator;
        }
    }
}
