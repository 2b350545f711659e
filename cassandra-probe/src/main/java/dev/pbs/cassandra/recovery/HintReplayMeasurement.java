package dev.pbs.cassandra.recovery;

import dev.pbs.cassandra.cluster.OutageTimes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Measures hint replay delays: the returned node is stopped for a given time while writes go on
 * around it at ONE ({@link OutageWithWrites}); from the moment it serves CQL again (its return,
 * {@link OutageTimes#serving()}), writes of the outage are read at ONE from the node itself
 * ({@link ReturnedNode}), in rounds over those not yet found, until each has appeared or the
 * deadline has passed. A write's delay is placed between the last read that missed it and the first
 * that found it ({@link ReplayDelays}).
 *
 * <p>The reads go out at the observation's steady pace ({@link ReadPace}), so that the measurement
 * loads the returned node no more than the observation will (reads as fast as the node answered,
 * 32 at a time, delayed the hints' arrival: the delays measured that way were seconds longer
 * than the recoveries observed after). So that each write is still read
 * often, at most {@link #MOST_TRACKED} writes are followed, evenly spaced over the outage within
 * each coordinator's writes, every coordinator in proportion to its writes (the coordinators take
 * turns, so every k-th write alone could be one coordinator's): at 200 reads a second, each is read
 * every half second, which is how finely a delay is placed. Once they have all appeared, every
 * write of the outage is read, again in rounds at the same pace, until each has appeared or the
 * deadline has passed: those still missing then are the writes that never appeared.
 *
 * <p>The return is when the node's CQL port accepted a connection again, polled every quarter of a
 * second by the outage (so up to that much after the port opened): from then on the node serves
 * reads, which is what the model's return means. The other nodes learn that it is up through gossip,
 * which comes before its CQL port opens (its messaging starts first): hints can reach it before its
 * return, and then count as there at the return.
 */
public final class HintReplayMeasurement {

    /** Reads in flight at once. */
    static final int CONCURRENT_READS = 32;

    /** The most writes followed until they appear. */
    static final int MOST_TRACKED = 100;

    /** Pause after a round none of whose reads was answered (the driver not yet reconnected). */
    private static final long FAILED_ROUND_PAUSE_MILLIS = 20;

    /** Pause between the rounds over every write, which only count what never appears. */
    private static final long CHECK_PAUSE_MILLIS = 100;

    private HintReplayMeasurement() {}

    /**
     * What one measurement found.
     *
     * @param times the outage: stop, start, return
     * @param delays the writes followed and when each appeared at the returned node
     * @param writesWhileDown every write of the outage
     * @param missingAtEnd writes of the outage that no read had found by the deadline
     * @param rounds rounds of reads made of the writes followed
     * @param reads reads of them answered
     * @param failedReads reads of them that failed (before the driver had reconnected, or timed out)
     * @param servers what the traced reads showed of who served them
     * @param driverSawUpMillis when the driver saw the node up, ms after its return; NaN if not reported
     */
    public record Result(
            OutageTimes times,
            ReplayDelays delays,
            int writesWhileDown,
            int missingAtEnd,
            int rounds,
            long reads,
            long failedReads,
            ReadServers servers,
            double driverSawUpMillis) {}

    /**
     * Runs one outage of {@code length} and measures.
     *
     * @param writesPerSecond the writer's steady rate
     * @param readsPerSecond the reads' steady pace
     * @param deadline how long after the return the writes are read at most
     * @param traceEvery trace one read in this many (0: none)
     */
    public static Result run(
            ReturnedNode returned,
            Duration length,
            double writesPerSecond,
            double readsPerSecond,
            Duration deadline,
            int traceEvery,
            Consumer<String> progress) {
        TracedReadCheck check = new TracedReadCheck(traceEvery);
        ReadPace pace = new ReadPace(readsPerSecond);
        try (OutageWithWrites outage = OutageWithWrites.run(returned, length, writesPerSecond, progress)) {
            OutageTimes times = outage.times();
            long origin = times.serving().monotonicNanos();
            List<OutageWriter.Write> writes = outage.writesWhileDown();
            if (writes.isEmpty()) {
                throw new IllegalStateException("no write was acknowledged while " + returned.describe() + " was down");
            }
            List<KeyState> tracked = new ArrayList<>();
            for (OutageWriter.Write write : followed(writes, MOST_TRACKED)) {
                tracked.add(new KeyState(write.key(), write.coordinator()));
            }
            progress.accept(returned.describe() + " serves CQL again; reading " + tracked.size() + " of the "
                    + writes.size() + " writes of the outage at ONE from it until each appears (at most "
                    + deadline.toSeconds() + " s)");
            List<KeyState> pending = new ArrayList<>(tracked);
            long end = origin + deadline.toNanos();
            int rounds = 0;
            long reads = 0;
            long failed = 0;
            while (!pending.isEmpty() && System.nanoTime() < end) {
                rounds++;
                Round round = readRound(returned, pending, check, pace);
                reads += round.answered();
                failed += round.failed();
                pending.removeIf(KeyState::found);
                if (round.answered() == 0) {
                    Sleeps.sleep(FAILED_ROUND_PAUSE_MILLIS);
                }
            }
            List<ReplayDelays.Appearance> appeared = new ArrayList<>();
            for (KeyState state : tracked) {
                if (state.found()) {
                    appeared.add(state.appearance(origin));
                }
            }
            ReplayDelays delays = new ReplayDelays(appeared, pending.size(), deadline.toNanos() / 1e6);
            int missing = missingAtDeadline(returned, writes, end, pace);
            progress.accept(String.format(
                    Locale.ROOT,
                    "%d of %d writes followed appeared (median delay %.0f ms, 90th percentile %.0f ms) in %d rounds"
                            + " of reads; of all %d writes of the outage, %d had not appeared by the deadline",
                    appeared.size(),
                    delays.writes(),
                    delays.percentileMillis(50),
                    delays.percentileMillis(90),
                    rounds,
                    writes.size(),
                    missing));
            double sawUp = returned.session().sawUpMillis(returned.address(), times);
            outage.close();
            ReadServers servers = check.tally(returned.session().session(), returned.address());
            return new Result(times, delays, writes.size(), missing, rounds, reads, failed, servers, sawUp);
        }
    }

    /**
     * The writes followed: at most about {@code most}, evenly spaced within each coordinator's
     * writes, each coordinator's share in proportion to its writes (at least one each).
     */
    static List<OutageWriter.Write> followed(List<OutageWriter.Write> writes, int most) {
        if (writes.size() <= most) {
            return List.copyOf(writes);
        }
        java.util.Map<String, List<OutageWriter.Write>> byCoordinator = new java.util.TreeMap<>();
        for (OutageWriter.Write write : writes) {
            byCoordinator
                    .computeIfAbsent(write.coordinator(), ignored -> new ArrayList<>())
                    .add(write);
        }
        List<OutageWriter.Write> chosen = new ArrayList<>();
        for (List<OutageWriter.Write> own : byCoordinator.values()) {
            int share = (int) Math.max(1, Math.round((double) most * own.size() / writes.size()));
            chosen.addAll(evenlySpaced(own, share));
        }
        chosen.sort(java.util.Comparator.comparingLong(OutageWriter.Write::sentNanos));
        return chosen;
    }

    /** At most {@code most} of {@code all}, evenly spaced, the first included; all of them if fewer. */
    static <T> List<T> evenlySpaced(List<T> all, int most) {
        if (all.size() <= most) {
            return List.copyOf(all);
        }
        List<T> chosen = new ArrayList<>(most);
        for (int i = 0; i < most; i++) {
            chosen.add(all.get((int) ((long) i * all.size() / most)));
        }
        return chosen;
    }

    /**
     * Reads every write of the outage in rounds over those not yet found, until each has been found
     * or {@code endNanos} has passed: how many were not found.
     */
    private static int missingAtDeadline(
            ReturnedNode returned, List<OutageWriter.Write> writes, long endNanos, ReadPace pace) {
        List<KeyState> missing = new ArrayList<>();
        for (OutageWriter.Write write : writes) {
            missing.add(new KeyState(write.key(), write.coordinator()));
        }
        TracedReadCheck none = new TracedReadCheck(0);
        while (true) {
            readRound(returned, missing, none, pace);
            missing.removeIf(KeyState::found);
            if (missing.isEmpty() || System.nanoTime() >= endNanos) {
                return missing.size();
            }
            Sleeps.sleep(CHECK_PAUSE_MILLIS);
        }
    }

    /** What one round of reads got. */
    private record Round(int answered, int failed) {}

    /**
     * Reads each of {@code states} once at the pace, at most {@link #CONCURRENT_READS} at a time, and
     * waits for every answer.
     */
    private static Round readRound(ReturnedNode returned, List<KeyState> states, TracedReadCheck check, ReadPace pace) {
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger failures = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(states.size());
        Semaphore permits = new Semaphore(CONCURRENT_READS);
        for (KeyState state : states) {
            acquire(permits);
            pace.awaitNext();
            boolean traced = check.nextTraced();
            long sent = System.nanoTime();
            returned.read(state.key, traced).whenComplete((rows, failure) -> {
                long received = System.nanoTime();
                if (failure == null) {
                    answered.incrementAndGet();
                    if (traced) {
                        check.answered(rows.getExecutionInfo().getTracingId());
                    }
                    state.answer(rows.one() != null, sent, received);
                } else {
                    failures.incrementAndGet();
                }
                permits.release();
                done.countDown();
            });
        }
        await(done);
        return new Round(answered.get(), failures.get());
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

    /**
     * One write of the outage as the reads have seen it. One read of it at a time; a round's end
     * (its latch) makes a read's answer visible to the next round.
     */
    private static final class KeyState {
        final String key;
        final String coordinator;
        private long lastMissedNanos = Long.MIN_VALUE;
        private long foundNanos = Long.MIN_VALUE;

        KeyState(String key, String coordinator) {
            this.key = key;
            this.coordinator = coordinator;
        }

        synchronized void answer(boolean present, long sentNanos, long receivedNanos) {
            if (present) {
                if (foundNanos == Long.MIN_VALUE) {
                    foundNanos = receivedNanos;
                }
            } else {
                lastMissedNanos = sentNanos;
            }
        }

        synchronized boolean found() {
            return foundNanos != Long.MIN_VALUE;
        }

        /** When it appeared, ms since {@code originNanos}. */
        synchronized ReplayDelays.Appearance appearance(long originNanos) {
            double foundMillis = Math.max(0, (foundNanos - originNanos) / 1e6);
            if (lastMissedNanos == Long.MIN_VALUE) {
                return ReplayDelays.Appearance.atFirstRead(coordinator, foundMillis);
            }
            return new ReplayDelays.Appearance(
                    coordinator, Math.min(foundMillis, (lastMissedNanos - originNanos) / 1e6), foundMillis);
        }
    }
}
