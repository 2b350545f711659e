package dev.pbs.cassandra.probe;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/** The first step of a warm-up: a burst of operations on a probe run of its own, its results discarded. */
public final class ProbeWarmUp {

    /** Operations of a warm-up burst: enough for the nodes' hot paths to be compiled (see {@link ProbeRun#burst}). */
    public static final int BURST_OPERATIONS = 30_000;

    private ProbeWarmUp() {}

    /**
     * Connects with {@code settings}, runs a {@linkplain ProbeRun#burst burst} of {@link
     * #BURST_OPERATIONS} operations, and closes: the first step of a warm-up, before rounds at the
     * workload's pace until the client's round trip settles.
     *
     * @param progress told how long the burst took
     */
    public static void burst(ProbeSettings settings, Consumer<String> progress) {
        try (ProbeRun run = ProbeRun.connect(settings)) {
            Duration took = run.burst(BURST_OPERATIONS);
            ProbeCounters counters = run.counters();
            progress.accept(String.format(
                    Locale.ROOT,
                    "warm-up burst: %,d operations (%,d failed) in %.1f s",
                    counters.issued(),
                    counters.failed(),
                    took.toMillis() / 1000.0));
        }
    }
}
