package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.cluster.DurationText;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import dev.pbs.cassandra.recovery.HintReplayMeasurement;
import dev.pbs.cassandra.recovery.RecoveryCurve;
import dev.pbs.cassandra.recovery.RecoveryObservation;
import dev.pbs.cassandra.recovery.RecoveryRead;
import dev.pbs.cassandra.recovery.RecoverySession;
import dev.pbs.cassandra.recovery.RecoveryTable;
import dev.pbs.cassandra.recovery.ReplayDelays;
import dev.pbs.cassandra.recovery.ReturnedNode;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.faults.HintedRecovery;
import dev.pbs.model.faults.OutageProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * The outage-recovery fidelity cell ({@link OutageRecoverySettings}) on a real 3-node cluster:
 *
 * <ol>
 *   <li>the hint replay delay, measured over one outage or more ({@link HintReplayMeasurement});</li>
 *   <li>as many further, independent outages of the same length, observed ({@link
 *       RecoveryObservation}); every outage follows the one before by {@link #BETWEEN_OUTAGES} with
 *       every node up;</li>
 *   <li>the prediction, {@link HintedRecovery#consistent}, with the delay measured in step 1 (never
 *       the observed outages' own) and Cassandra's hint window (the cluster's {@code
 *       max_hint_window} is its default, 3 h), compared with the observed outages' reads bin by bin
 *       ({@link RecoveryCurve}).</li>
 * </ol>
 */
public final class OutageRecoveryExperiment {

    /** Between the two outages, with every node up: the first outage's last hints and reads settle. */
    static final Duration BETWEEN_OUTAGES = Duration.ofSeconds(10);

    /** How long every node may take to serve CQL again before the second outage. */
    private static final Duration ALL_UP_TIMEOUT = Duration.ofSeconds(60);

    /** The time between failures in the prediction: any length; the recovery does not depend on it. */
    private static final double TIME_BETWEEN_FAILURES_MILLIS = 3_600_000;

    private OutageRecoveryExperiment() {}

    /**
     * Runs the cell on a 3-node cluster of its own, its nodes without the dynamic snitch (see {@link
     * ReturnedNode}), started here and stopped at the end, whatever happened.
     */
    public static OutageRecoveryResult run(OutageRecoverySettings settings, Consumer<String> progress) {
        long started = System.nanoTime();
        LocalCluster cluster = LocalCluster.in(settings.directory())
                .withFirstAddress(settings.firstAddress())
                .withoutDynamicSnitch();
        Thread stopOnExit = new Thread(() -> cluster.stop(line -> {}), "stop-outage-recovery-cluster");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            progress.accept("starting " + OutageRecoverySettings.NODES + " nodes without the dynamic snitch in "
                    + settings.directory());
            // A run that was killed may have left the nodes running, started with other settings.
            cluster.stop(progress);
            cluster.start(OutageRecoverySettings.NODES, progress);
            return runOn(cluster, settings, progress, started);
        } finally {
            cluster.stop(progress);
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException shuttingDown) {
                // The hook runs anyway.
            }
        }
    }

    /** Runs the cell on the running cluster; the node is always started again after each outage. */
    private static OutageRecoveryResult runOn(
            LocalCluster cluster, OutageRecoverySettings settings, Consumer<String> progress, long started) {
        List<NodeStatus> serving =
                cluster.status().stream().filter(NodeStatus::nativePortOpen).toList();
        if (serving.size() != OutageRecoverySettings.NODES) {
            throw new IllegalStateException("the outage-recovery cell needs a cluster of "
                    + OutageRecoverySettings.NODES + " nodes serving CQL; the one in " + cluster.root() + " has "
                    + serving.size());
        }
        try (RecoverySession session = RecoverySession.open(cluster)) {
            RecoveryTable.create(session.session(), OutageRecoverySettings.NODES);
            ReturnedNode returned = ReturnedNode.of(session, cluster, settings.node());
            List<HintReplayMeasurement.Result> measurements = new ArrayList<>();
            for (int outage = 1; outage <= settings.outages(); outage++) {
                progress.accept("step 1, outage " + outage + " of " + settings.outages() + ": the hint replay delay, "
                        + returned.describe() + " down for " + DurationText.of(settings.outage()));
                measurements.add(HintReplayMeasurement.run(
                        returned,
                        settings.outage(),
                        settings.writesPerSecond(),
                        settings.readsPerSecond(),
                        settings.replayDeadline(),
                        settings.traceEvery(),
                        progress));
                awaitAllUp(cluster);
                sleep(BETWEEN_OUTAGES);
            }
            ReplayDelays delays = ReplayDelays.pooled(measurements.stream()
                    .map(HintReplayMeasurement.Result::delays)
                    .toList());
            RandomGenerator random = RandomGeneratorFactory.<RandomGenerator>of("L64X128MixRandom")
                    .create(settings.seed());
            List<RecoveryObservation.Result> observations = new ArrayList<>();
            List<RecoveryRead> reads = new ArrayList<>();
            for (int outage = 1; outage <= settings.outages(); outage++) {
                progress.accept("step 2, outage " + outage + " of " + settings.outages() + ": "
                        + returned.describe() + " down for " + DurationText.of(settings.outage())
                        + ", its recovery observed");
                RecoveryObservation.Result observation = RecoveryObservation.run(
                        returned,
                        settings.outage(),
                        settings.writesPerSecond(),
                        settings.window(),
                        settings.readsPerSecond(),
                        settings.traceEvery(),
                        random,
                        progress);
                observations.add(observation);
                reads.addAll(observation.reads());
                awaitAllUp(cluster);
                if (outage < settings.outages()) {
                    sleep(BETWEEN_OUTAGES);
                }
            }
            double outageMillis = observations.stream()
                    .mapToDouble(observation -> observation.times().unavailableMicros() / 1e3)
                    .average()
                    .orElseThrow();
            OutageProcess process = new OutageProcess(
                    Constant.of(TIME_BETWEEN_FAILURES_MILLIS),
                    Constant.of(outageMillis),
                    OutageProcess.DEFAULT_HINT_WINDOW_MILLIS,
                    delays.distribution());
            RecoveryCurve curve = RecoveryCurve.of(
                    reads,
                    settings.bin().toNanos() / 1e6,
                    settings.window().toNanos() / 1e6,
                    since -> HintedRecovery.consistent(process, outageMillis, since));
            progress.accept(String.format(
                    Locale.ROOT,
                    "RMSE over the recovery curve %.4f (noise floor %.4f), %d reads in %d bins",
                    curve.rmse(),
                    curve.noiseFloor(),
                    curve.reads(),
                    curve.bins().size()));
            return new OutageRecoveryResult(
                    settings,
                    measurements,
                    delays,
                    observations,
                    process,
                    outageMillis,
                    curve,
                    Duration.ofNanos(System.nanoTime() - started));
        }
    }

    private static void awaitAllUp(LocalCluster cluster) {
        long deadline = System.nanoTime() + ALL_UP_TIMEOUT.toNanos();
        while (!cluster.status().stream().allMatch(NodeStatus::nativePortOpen)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the cluster's nodes did not all serve CQL within "
                        + ALL_UP_TIMEOUT.toSeconds() + " s: " + cluster.status());
            }
            sleep(Duration.ofMillis(250));
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        }
    }
}
