package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodePause;
import dev.pbs.cassandra.cluster.NodeStatus;
import dev.pbs.cassandra.cluster.PauseRun;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeJournal;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Predicted against observed staleness and latency with a node that pauses ({@link PauseCell}).
 *
 * <ol>
 *   <li>Starts a local cluster of N + 1 nodes with the cell's injected delays and without the dynamic
 *       snitch (a coordinator asks a key's replicas in ring order, not by latencies the pauses
 *       would skew, which the model does not follow), prepares the table
 *       (no speculative retry, no read repair) and warms it up as {@link FidelityExperiment} does.</li>
 *   <li>Observes while probing, healthy: the probe's measurement gives the profile, the observation
 *       the baseline. Only keys held by the node that will pause are written and read, each
 *       through a node that is not one of its replicas.</li>
 *   <li>Observes again while the node pauses on its schedule, the probe running as before (its
 *       measurement is not used: its traces would fold the pauses into the delays).</li>
 *   <li>Predicts the second observation from the healthy profile with the schedule's pause process
 *       on one of the key's replicas, and without it, and compares both.</li>
 *   <li>Resumes the node and stops the cluster, whatever happened.</li>
 * </ol>
 */
public final class PauseFidelityExperiment {

    /** Beyond the observation's own length, how long the pause schedule may run before it is stopped. */
    private static final Duration SCHEDULE_MARGIN = Duration.ofMinutes(2);

    private PauseFidelityExperiment() {}

    /** Runs the cell on a cluster of its own, started and stopped here. */
    public static PauseFidelityResult run(PauseCell pause, Consumer<String> progress) {
        FidelitySettings settings = pause.cell();
        LocalCluster cluster = LocalCluster.in(settings.directory())
                .withFirstAddress(settings.firstAddress())
                .withInjectedDelays(settings.injection())
                .withoutDynamicSnitch();
        Thread stopOnExit = new Thread(() -> cluster.stop(line -> {}), "stop-fidelity-cluster");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        long started = System.nanoTime();
        try {
            progress.accept(
                    "starting " + settings.layout().size() + " nodes with injected delays " + settings.injection());
            List<NodeStatus> nodes = cluster.start(settings.layout(), progress);
            ProbeSettings probe = FidelityExperiment.warmedUpProbe(nodes, settings, progress);
            ObservationSettings observation = settings.observation().withKeysReplicatedOn(pause.pausedAddress());
            progress.accept("healthy: observing " + settings.writes() + " writes of keys held by "
                    + pause.pausedAddress() + ", and measuring the profile");
            FidelityExperiment.Measured healthy = FidelityExperiment.observeWhileProbing(
                    probe, observation, FidelityExperiment.PROBE_LEAD_MILLIS, ProbeJournal.NONE);
            List<NodePause> pauses = Collections.synchronizedList(new ArrayList<>());
            FidelityExperiment.Measured paused =
                    observeWhilePausing(cluster, pause, probe, observation, pauses, progress);
            LatencyProfile profile = MeasuredProfile.withReadPath(
                    CalibratedProfile.of(healthy.result().measurement(), "fidelity-measured"), healthy.readPath());
            LatencyProfile withPauses = profile.toBuilder()
                    .faults(new Faults(pause.process(), null, List.of(0)))
                    .coordinatorReplicaShare(CoordinatorReplicaShare.NEVER)
                    .build();
            progress.accept("predicting from the healthy profile, with the pauses ("
                    + withPauses.faults().describe() + ") and without");
            int n = settings.replicas();
            double coupling = healthy.result().measurement().pairs().clientCoupling();
            ObservedStaleness baseline =
                    StalenessObserver.compare(healthy.result().observation(), profile, n, coupling);
            ObservedStaleness with = StalenessObserver.compare(paused.result().observation(), withPauses, n, coupling);
            ObservedStaleness without =
                    StalenessObserver.compare(paused.result().observation(), profile, n, coupling);
            progress.accept(String.format(
                    Locale.ROOT,
                    "RMSE healthy %.4f; paused: with the pauses %.4f, without %.4f; latency N-RMSE with %.3f, without %.3f",
                    baseline.rmse(),
                    with.rmse(),
                    without.rmse(),
                    with.latencyNrmse(),
                    without.latencyNrmse()));
            return new PauseFidelityResult(
                    pause, profile, baseline, with, without, pauses, Duration.ofNanos(System.nanoTime() - started));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        } finally {
            cluster.stop(progress);
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException shuttingDown) {
                // The hook runs anyway.
            }
        }
    }

    /** The observation made while the node pauses; the pauses end (the node resumed) before it returns. */
    private static FidelityExperiment.Measured observeWhilePausing(
            LocalCluster cluster,
            PauseCell pause,
            ProbeSettings probe,
            ObservationSettings observation,
            List<NodePause> pauses,
            Consumer<String> progress)
            throws InterruptedException {
        Duration observing = Duration.ofMillis(FidelityExperiment.PROBE_LEAD_MILLIS)
                .plusMillis(Math.round(1000 * observation.writes() / observation.writesPerSecond()));
        PauseRun run = PauseRun.onNode(cluster, pause.pausedNode());
        ExecutorService thread = Executors.newSingleThreadExecutor(runnable -> new Thread(runnable, "pbs-pause-cell"));
        progress.accept("paused: " + run.describe() + " every " + pause.period().toMillis() + " ms for "
                + pause.length().toMillis() + " ms while observing again");
        Future<List<NodePause>> pausing =
                thread.submit(() -> run.run(pause.schedule(observing.plus(SCHEDULE_MARGIN)), pauses::add, line -> {}));
        try {
            return FidelityExperiment.observeWhileProbing(
                    probe, observation, FidelityExperiment.PROBE_LEAD_MILLIS, ProbeJournal.NONE);
        } finally {
            // Interrupting the run resumes the node at once.
            thread.shutdownNow();
            if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
                progress.accept("WARNING: the pause run did not end within 30 s");
            }
            if (pausing.isDone() && !pausing.isCancelled()) {
                try {
                    pausing.get();
                } catch (java.util.concurrent.ExecutionException ended) {
                    // Interrupted on purpose, or the node stopped: the pauses made are in the list.
                    progress.accept("pause run ended: " + ended.getCause().getMessage());
                }
            }
            progress.accept("paused " + pauses.size() + " times; node resumed");
        }
    }
}
