package dev.pbs.cassandra.legs;

import com.datastax.oss.driver.api.core.metadata.Node;
import dev.pbs.cassandra.probe.Operation;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs paired legs beside the probe's workload: pairs at a Poisson pace, each a traced write at ALL
 * to a key of its own through the next coordinator in turn, then, {@code tau} after its
 * acknowledgement, a traced read at ALL of the same key through the same coordinator; tau takes
 * each of {@link #TAUS_MILLIS} in turn. Both legs' traces are read and recorded as the probe's
 * own are, and their key names the pair and its tau ({@link #key}), so a record of the run holds
 * the pairs.
 */
public final class PairedLegs {

    /** The delays after the write's acknowledgement at which its read is sent, ms. */
    public static final List<Double> TAUS_MILLIS = List.of(0.0, 2.0, 5.0, 200.0);

    /** How long the last reads may take to be answered after the last write was sent, seconds. */
    private static final long ANSWERS_TIMEOUT_SECONDS = 60;

    private static final Pattern KEY = Pattern.compile("pair-(\\d+)-tau-(\\d+)");

    private PairedLegs() {}

    /**
     * What paired legs to run.
     *
     * @param pairsPerTau pairs at each tau, at least 1
     * @param pairsPerSecond the pace, pairs a second, above 0
     */
    public record Settings(int pairsPerTau, double pairsPerSecond) {

        public Settings {
            if (pairsPerTau < 1 || pairsPerTau > 100_000) {
                throw new IllegalArgumentException(
                        "--paired-legs must be between 1 and 100000 pairs per delay, was " + pairsPerTau);
            }
            if (!(pairsPerSecond > 0 && pairsPerSecond <= 200)) {
                throw new IllegalArgumentException("pairs per second must be in (0, 200], was " + pairsPerSecond);
            }
        }

        int pairs() {
            return pairsPerTau * TAUS_MILLIS.size();
        }
    }

    /** A pair's number and its tau, from one of its legs' key. */
    public record Pair(long number, int tauMillis) {}

    /** The key of pair {@code number}, read {@code tauMillis} after the write's acknowledgement: "pair-17-tau-5". */
    static String key(long number, int tauMillis) {
        return String.format(Locale.ROOT, "pair-%d-tau-%d", number, tauMillis);
    }

    /** The pair a leg's key names, or empty for a key of the probe's own workload. */
    public static Optional<Pair> pairOf(String key) {
        Matcher matcher = KEY.matcher(key);
        return matcher.matches()
                ? Optional.of(new Pair(Long.parseLong(matcher.group(1)), Integer.parseInt(matcher.group(2))))
                : Optional.empty();
    }

    /**
     * Runs the pairs while the probe's workload runs on {@code run}: the workload stops once every
     * pair's read was answered (or failed) and it has run for at least {@code minimum}, then its
     * last traces are read.
     *
     * @return the probe's measurements at the workload's end
     * @throws IllegalStateException if the probe failed, or the pairs were interrupted
     */
    public static ProbeSnapshot run(ProbeRun run, Settings settings, Duration minimum) {
        long earliestEnd = System.nanoTime() + minimum.toNanos();
        AtomicBoolean paired = new AtomicBoolean();
        AtomicReference<ProbeSnapshot> measurement = new AtomicReference<>();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Thread prober = new Thread(
                () -> {
                    try {
                        measurement.set(run.runUntil(() -> paired.get() && System.nanoTime() >= earliestEnd));
                    } catch (RuntimeException failed) {
                        failure.set(failed);
                    }
                },
                "pbs-probe-beside-pairs");
        prober.setDaemon(true);
        prober.start();
        ScheduledExecutorService reads = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "pbs-paired-reads");
            thread.setDaemon(true);
            return thread;
        });
        CountDownLatch answered = new CountDownLatch(settings.pairs());
        try {
            List<Node> coordinators = run.coordinators();
            SplittableRandom gaps = new SplittableRandom(1);
            double meanGapNanos = 1e9 / settings.pairsPerSecond();
            long due = System.nanoTime();
            for (int number = 0; number < settings.pairs(); number++) {
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                due += Math.round(-meanGapNanos * Math.log(1 - gaps.nextDouble()));
                int tauMillis = (int) Math.round(TAUS_MILLIS.get(number % TAUS_MILLIS.size()));
                Node coordinator = coordinators.get(number % coordinators.size());
                String key = key(number, tauMillis);
                run.tracedLeg(Operation.WRITE, coordinator, key).whenComplete((acknowledged, error) -> {
                    if (error != null) {
                        answered.countDown();
                        return;
                    }
                    long delay = acknowledged + TimeUnit.MILLISECONDS.toNanos(tauMillis) - System.nanoTime();
                    reads.schedule(
                            () -> run.tracedLeg(Operation.READ, coordinator, key)
                                    .whenComplete((ignored, readError) -> answered.countDown()),
                            Math.max(0, delay),
                            TimeUnit.NANOSECONDS);
                });
            }
            answered.await(ANSWERS_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running paired legs", interrupted);
        } finally {
            paired.set(true);
            reads.shutdown();
        }
        try {
            prober.join(TimeUnit.SECONDS.toMillis(120) + minimum.toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the probe stopped", interrupted);
        }
        if (failure.get() != null) {
            throw new IllegalStateException(
                    "the probe failed beside the paired legs: " + failure.get().getMessage(), failure.get());
        }
        if (measurement.get() == null) {
            throw new IllegalStateException("the probe did not stop within two minutes of the paired legs' end");
        }
        return measurement.get();
    }
}
