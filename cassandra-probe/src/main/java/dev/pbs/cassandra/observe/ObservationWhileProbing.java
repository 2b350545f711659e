package dev.pbs.cassandra.observe;

import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Observes staleness while the probe measures, on the same session, so that the profile and the
 * observation see the same cluster under the same load.
 *
 * <p>Measured one after the other, they would not: the probe's traced operations load the nodes
 * more than the observation's untraced ones, and a cluster's state (compilation, compaction,
 * caches) drifts over the minutes the two would otherwise be apart.
 */
public final class ObservationWhileProbing {

    private static final long PROBE_STOP_SECONDS = 120;

    /**
     * The length of a window, seconds: observations of at least one and a half windows are also
     * reported window by window, each window's writes with what the probe measured meanwhile.
     */
    public static final double WINDOW_SECONDS = 20;

    /**
     * What the probe measured while the observation ran beside it.
     *
     * @param observation everything the observation saw
     * @param measurement everything the probe measured
     * @param windows the observation window by window (consecutive writes, in order); one window
     *     when it was too short to divide
     * @param windowMeasurements what the probe measured during each window, as many as windows
     */
    public record Result(
            RawObservation observation,
            ProbeSnapshot measurement,
            List<RawObservation> windows,
            List<ProbeSnapshot> windowMeasurements) {}

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
        int writesPerWindow = writesPerWindow(observation);
        List<ProbeSnapshot> boundaries = new CopyOnWriteArrayList<>();
        ScheduledExecutorService snapshots = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "pbs-probe-window");
            thread.setDaemon(true);
            return thread;
        });
        List<RawObservation> windows = null;
        RuntimeException observationFailure = null;
        boolean interrupted = false;
        try {
            TimeUnit.NANOSECONDS.sleep(lead.toNanos());
            boundaries.add(run.snapshot(ProbeEvent.Measured.Purpose.WINDOW));
            long windowNanos = Math.round(writesPerWindow / observation.writesPerSecond() * 1e9);
            for (long window = 1; window * writesPerWindow < observation.writes(); window++) {
                snapshots.schedule(
                        () -> boundaries.add(run.snapshot(ProbeEvent.Measured.Purpose.WINDOW)),
                        window * windowNanos,
                        TimeUnit.NANOSECONDS);
            }
            windows = StalenessObserver.runInWindows(run, observation, choice, writesPerWindow);
        } catch (InterruptedException stopped) {
            interrupted = true;
        } catch (RuntimeException failed) {
            observationFailure = failed;
        } finally {
            snapshots.shutdownNow();
            observed.set(true);
        }
        // The probe uses the run's session: it must have stopped before the caller may close it. A
        // window's measurement being taken as the observation ends is either in the result and the
        // run's record, or in neither.
        try {
            snapshots.awaitTermination(PROBE_STOP_SECONDS, TimeUnit.SECONDS);
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
        return assemble(windows, boundaries, measurement.get());
    }

    /**
     * The result of an observation's windows and the probe's measurements taken at their starts,
     * with everything the probe measured: each window with what the probe measured from its start
     * to the next window's (the last, to the end); one window when the observation was too short
     * to divide or a window's measurement was not taken in time. A replay of the run's record
     * assembles its result here too.
     */
    public static Result assemble(List<RawObservation> windows, List<ProbeSnapshot> boundaries, ProbeSnapshot whole) {
        RawObservation raw = RawObservation.merged(windows);
        if (windows.size() < 2 || boundaries.size() != windows.size()) {
            return new Result(raw, whole, List.of(raw), List.of(whole));
        }
        List<ProbeSnapshot> windowMeasurements = new ArrayList<>();
        for (int window = 0; window < windows.size(); window++) {
            ProbeSnapshot end = window + 1 < boundaries.size() ? boundaries.get(window + 1) : whole;
            windowMeasurements.add(end.since(boundaries.get(window)));
        }
        return new Result(raw, whole, List.copyOf(windows), windowMeasurements);
    }

    /**
     * Writes per window: about {@link #WINDOW_SECONDS} of them; all of them when the observation
     * lasts less than one and a half windows.
     */
    static int writesPerWindow(ObservationSettings observation) {
        int perWindow = (int) Math.max(1, Math.round(WINDOW_SECONDS * observation.writesPerSecond()));
        return observation.writes() < 1.5 * perWindow ? observation.writes() : perWindow;
    }
}
