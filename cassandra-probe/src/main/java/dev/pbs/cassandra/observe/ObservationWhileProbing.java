package dev.pbs.cassandra.observe;

import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Observes staleness while the probe measures, on the same session, so that the profile and the
 * observation see the same cluster under the same load.
 *
 * <p>Measured one after the other, they do not: on the local three-node cluster with nothing
 * injected, a profile measured alone for 60 s and then observed (W = R = ONE, 2,000 writes) gave
 * an RMSE of 1.95% on a cluster just started and 0.43% on the same cluster warm; measured while
 * the observation ran, 0.06% (docs/probe.md). The probe's traced operations load the nodes more
 * than the observation's untraced ones, and a cluster's state (compilation, compaction, caches)
 * drifts over the minutes the two would otherwise be apart.
 */
public final class ObservationWhileProbing {

    private static final long PROBE_STOP_SECONDS = 120;

    /** What the probe measured while the observation ran beside it. */
    public record Result(RawObservation observation, ProbeSnapshot measurement) {}

    private ObservationWhileProbing() {}

    /**
     * Starts the probe, lets it run alone for {@code lead}, then runs the observation; the probe
     * stops when the observation has ended and it has run for at least {@code minimum} (or at once
     * when {@code cancelled} says so), and its last traces are read.
     *
     * @throws IllegalStateException if the probe failed or did not stop in time
     * @throws IllegalArgumentException as {@link StalenessObserver#run} does
     */
    public static Result run(
            ProbeRun run,
            ObservationSettings observation,
            CoordinatorChoice choice,
            Duration minimum,
            Duration lead,
            BooleanSupplier cancelled) {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(observation, "observation");
        long earliestEnd = System.nanoTime() + minimum.toNanos();
        AtomicBoolean observed = new AtomicBoolean();
        AtomicReference<ProbeSnapshot> measurement = new AtomicReference<>();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Thread prober = new Thread(
                () -> {
                    try {
                        measurement.set(run.runUntil(() ->
                                cancelled.getAsBoolean() || (observed.get() && System.nanoTime() >= earliestEnd)));
                    } catch (RuntimeException failed) {
                        failure.set(failed);
                    }
                },
                "pbs-probe-beside-observation");
        prober.setDaemon(true);
        prober.start();
        RawObservation raw = null;
        RuntimeException observationFailure = null;
        boolean interrupted = false;
        try {
            TimeUnit.NANOSECONDS.sleep(lead.toNanos());
            raw = StalenessObserver.run(run, observation, choice);
        } catch (InterruptedException stopped) {
            interrupted = true;
        } catch (RuntimeException failed) {
            observationFailure = failed;
        } finally {
            observed.set(true);
        }
        // The probe uses the run's session: it must have stopped before the caller may close it.
        try {
            prober.join(TimeUnit.SECONDS.toMillis(PROBE_STOP_SECONDS) + minimum.toMillis());
        } catch (InterruptedException stopped) {
            interrupted = true;
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while observing");
        }
        if (observationFailure != null) {
            throw observationFailure;
        }
        if (failure.get() != null) {
            throw new IllegalStateException(
                    "the probe failed during the observation: " + failure.get().getMessage(), failure.get());
        }
        if (measurement.get() == null) {
            throw new IllegalStateException(
                    "the probe did not stop within " + PROBE_STOP_SECONDS + " s of the observation's end");
        }
        return new Result(raw, measurement.get());
    }
}
