package dev.pbs.cassandra.recovery;

import dev.pbs.cassandra.cluster.OutageTimes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Observes the recovery of a returned node: it is stopped for a given time while writes go on
 * around it at ONE ({@link OutageWithWrites}); from its return ({@link OutageTimes#serving()}, as in
 * {@link HintReplayMeasurement}) on, for a given window, reads at ONE served by the node itself
 * ({@link ReturnedNode}) go out at a steady rate, each of one write of the outage drawn at random
 * (with replacement), and each is recorded with its time since the return (the middle of its round
 * trip) and whether it saw the write. The writes go on meanwhile.
 */
public final class RecoveryObservation {

    /** Reads in flight at once; a read due while this many wait is not sent, and counted. */
    static final int MOST_IN_FLIGHT = 64;

    private RecoveryObservation() {}

    /**
     * What one observation recorded.
     *
     * @param times the outage: stop, start, return
     * @param writesWhileDown the writes of the outage, which the reads drew from
     * @param reads every read answered, in the order they were answered
     * @param failedReads reads that failed (before the driver had reconnected, or timed out)
     * @param notSent reads due while {@link #MOST_IN_FLIGHT} waited
     * @param servers what the traced reads showed of who served them
     * @param driverSawUpMillis when the driver saw the node up, ms after its return; NaN if not reported
     */
    public record Result(
            OutageTimes times,
            int writesWhileDown,
            List<RecoveryRead> reads,
            long failedReads,
            long notSent,
            ReadServers servers,
            double driverSawUpMillis) {

        public Result {
            reads = List.copyOf(reads);
        }
    }

    /**
     * Runs one outage of {@code length} and observes the reads for {@code window} after the return.
     *
     * @param readsPerSecond the reads' steady rate
     * @param traceEvery trace one read in this many (0: none)
     * @param random draws the write each read reads
     */
    public static Result run(
            ReturnedNode returned,
            Duration length,
            double writesPerSecond,
            Duration window,
            double readsPerSecond,
            int traceEvery,
            RandomGenerator random,
            Consumer<String> progress) {
        if (!(readsPerSecond > 0 && readsPerSecond <= 2000)) {
            throw new IllegalArgumentException("reads per second must be in (0, 2000], was " + readsPerSecond);
        }
        TracedReadCheck check = new TracedReadCheck(traceEvery);
        try (OutageWithWrites outage = OutageWithWrites.run(returned, length, writesPerSecond, progress)) {
            OutageTimes times = outage.times();
            long origin = times.serving().monotonicNanos();
            List<String> keys = outage.writesWhileDown().stream()
                    .map(OutageWriter.Write::key)
                    .toList();
            if (keys.isEmpty()) {
                throw new IllegalStateException("no write was acknowledged while " + returned.describe() + " was down");
            }
            progress.accept(String.format(
                    Locale.ROOT,
                    "%s serves CQL again; reading the %d writes of the outage at random, %.0f reads a second at"
                            + " ONE from it, for %d s",
                    returned.describe(),
                    keys.size(),
                    readsPerSecond,
                    window.toSeconds()));
            List<RecoveryRead> reads = new ArrayList<>();
            AtomicLong failed = new AtomicLong();
            AtomicLong notSent = new AtomicLong();
            Semaphore inFlight = new Semaphore(MOST_IN_FLIGHT);
            ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "recovery-reads");
                thread.setDaemon(true);
                return thread;
            });
            Runnable readOne = () -> {
                if (!inFlight.tryAcquire()) {
                    notSent.incrementAndGet();
                    return;
                }
                String key = keys.get(random.nextInt(keys.size()));
                boolean traced = check.nextTraced();
                long sent = System.nanoTime();
                returned.read(key, traced).whenComplete((rows, failure) -> {
                    long received = System.nanoTime();
                    if (failure == null) {
                        if (traced) {
                            check.answered(rows.getExecutionInfo().getTracingId());
                        }
                        boolean consistent = rows.one() != null;
                        double since = ((sent + received) / 2.0 - origin) / 1e6;
                        synchronized (reads) {
                            reads.add(new RecoveryRead(since, consistent));
                        }
                    } else {
                        failed.incrementAndGet();
                    }
                    inFlight.release();
                });
            };
            long periodNanos = Math.round(1e9 / readsPerSecond);
            try {
                scheduler.scheduleAtFixedRate(readOne, 0, periodNanos, TimeUnit.NANOSECONDS);
                Sleeps.sleep(Math.max(0, (origin + window.toNanos() - System.nanoTime()) / 1_000_000));
            } finally {
                scheduler.shutdownNow();
            }
            awaitInFlight(inFlight);
            double sawUp = returned.session().sawUpMillis(returned.address(), times);
            outage.close();
            ReadServers servers = check.tally(returned.session().session(), returned.address());
            List<RecoveryRead> answered;
            synchronized (reads) {
                answered = List.copyOf(reads);
            }
            return new Result(times, keys.size(), answered, failed.get(), notSent.get(), servers, sawUp);
        }
    }

    private static void awaitInFlight(Semaphore inFlight) {
        try {
            if (inFlight.tryAcquire(MOST_IN_FLIGHT, 10, TimeUnit.SECONDS)) {
                inFlight.release(MOST_IN_FLIGHT);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        }
    }
}
