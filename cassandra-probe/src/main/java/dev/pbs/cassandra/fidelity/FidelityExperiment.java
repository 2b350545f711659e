package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.cluster.ClusterWarmUp;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import dev.pbs.cassandra.cluster.ReadRepairMeters;
import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeJournal;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSchema;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.ProbeWarmUp;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Predicted against observed staleness on a real cluster with injected delays.
 *
 * <ol>
 *   <li>Starts a local cluster of N + 1 nodes whose every node delays inbound MUTATION_REQ,
 *       MUTATION_RSP, READ_REQ and READ_RSP messages by exponential times of the given means.</li>
 *   <li>Runs the probe (traced operations at consistency ALL, 20 per second) for the whole
 *       experiment, so the profile is measured under the same load as the observation, and after
 *       a few seconds' warm-up starts the observation: writes at ONE, each read back at ONE at
 *       every t of the grid, all through a node that is not one of the key's replicas, so that
 *       every message crosses the network as in the model with a separate coordinator.</li>
 *   <li>Predicts from the measured profile (N, R = W = 1, targeted reads, separate coordinator,
 *       the measured client round trip added to t; tracing's own cost subtracted per message, see
 *       {@link ProfileChoice}) and compares.</li>
 *   <li>Stops the cluster, whatever happened.</li>
 * </ol>
 */
public final class FidelityExperiment {

    /** The experiment's keyspace is this followed by its replication factor, so cells of any N share a cluster. */
    private static final String KEYSPACE_PREFIX = "pbs_fidelity_rf";

    /** Traced probe operations per observed write: 20 a second beside the default 10 writes a second. */
    private static final double PROBE_OPERATIONS_PER_WRITE = 2;

    private static final double TRACE_FRACTION = 0.5;
    static final long PROBE_LEAD_MILLIS = 5_000;
    /** At most this many warm-up rounds of {@link FidelitySettings#warmUp()} each. */
    static final int MAXIMUM_WARM_UP_ROUNDS = 8;
    /** The nodes re-read the injection file every 200 ms. */
    private static final long INJECTION_PICKUP_MILLIS = 1_000;

    private FidelityExperiment() {}

    /** Runs one cell on a cluster of its own, started and stopped here. */
    public static FidelityResult run(FidelitySettings settings, Consumer<String> progress) {
        return runGrid(List.of(settings), progress).get(0);
    }

    /**
     * Runs several cells on one cluster (they must agree on everything but the injected means):
     * the nodes follow a file holding the delays, so each cell only rewrites it. The cluster is
     * stopped at the end, whatever happened.
     */
    public static List<FidelityResult> runGrid(List<FidelitySettings> cells, Consumer<String> progress) {
        return runGrid(cells, ProbeJournal.NONE, progress);
    }

    /**
     * {@link #runGrid(List, Consumer)}, keeping every event of each cell's measurement (not of its
     * warm-up) in {@code journal}, with the cell's end ({@link FidelityEvent.CellMeasured}).
     */
    public static List<FidelityResult> runGrid(
            List<FidelitySettings> cells, ProbeJournal journal, Consumer<String> progress) {
        FidelitySettings first = cells.get(0);
        LocalCluster cluster = LocalCluster.in(first.directory())
                .withFirstAddress(first.firstAddress())
                .withInjectedDelays(first.injection());
        Thread stopOnExit = new Thread(() -> cluster.stop(line -> {}), "stop-fidelity-cluster");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            progress.accept("starting " + first.layout().size() + " nodes ("
                    + first.layout().describe() + ") with injected delays " + first.injection());
            List<NodeStatus> nodes = cluster.start(first.layout(), progress);
            List<FidelityResult> results = new ArrayList<>();
            for (FidelitySettings cell : cells) {
                long started = System.nanoTime();
                injectAndAwaitPickup(cluster, cell.injection());
                results.add(runCell(nodes, cell, progress, started, journal));
            }
            return results;
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

    /**
     * Runs one cell on a cluster that is already running (the build's test cluster, whose nodes all
     * follow its injection file): sets the cell's delays, runs it, and removes the delays again,
     * whatever happened. The cell's {@code directory} and {@code firstAddress} are not used.
     *
     * @throws IllegalArgumentException if fewer than N + 1 of the cluster's nodes serve CQL
     */
    public static FidelityResult runOn(LocalCluster cluster, FidelitySettings cell, Consumer<String> progress) {
        List<NodeStatus> nodes =
                cluster.status().stream().filter(NodeStatus::nativePortOpen).toList();
        if (cell.datacenters().isPresent()) {
            throw new IllegalArgumentException("a cell over several datacenters needs a cluster of its own");
        }
        if (nodes.size() < cell.replicas() + 1) {
            throw new IllegalArgumentException("a cell with N = " + cell.replicas() + " needs " + (cell.replicas() + 1)
                    + " nodes serving CQL; the cluster in " + cluster.root() + " has " + nodes.size());
        }
        long started = System.nanoTime();
        try {
            progress.accept("injecting delays " + cell.injection() + " into the running cluster in " + cluster.root());
            injectAndAwaitPickup(cluster, cell.injection());
            return runCell(nodes, cell, progress, started, ProbeJournal.NONE);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        } finally {
            try {
                injectAndAwaitPickup(cluster, "");
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            progress.accept("injected delays removed");
        }
    }

    /** Sets the delays the cluster's nodes inject (empty: none) and waits until they have read them. */
    private static void injectAndAwaitPickup(LocalCluster cluster, String specification) throws InterruptedException {
        cluster.changeInjectedDelays(specification);
        TimeUnit.MILLISECONDS.sleep(INJECTION_PICKUP_MILLIS);
    }

    /**
     * What a cell measured and observed, and the table's read path as the probe read it from the
     * schema (empty when the schema does not say).
     */
    record Measured(ObservationWhileProbing.Result result, Optional<ReadPath> readPath) {}

    /** Connects, then observes while probing (ObservationWhileProbing) after the probe's lead. */
    static Measured observeWhileProbing(
            ProbeSettings probe, ObservationSettings observation, long leadMillis, ProbeJournal journal) {
        try (ProbeRun run = ProbeRun.connect(probe, journal)) {
            ObservationWhileProbing.Result result = ObservationWhileProbing.run(
                    run,
                    observation,
                    CoordinatorChoice.OUTSIDE_REPLICAS,
                    Duration.ZERO,
                    Duration.ofMillis(leadMillis),
                    () -> false);
            return new Measured(result, run.readPath());
        }
    }

    /**
     * Creates the experiment's table and sets its options before any statement on it is prepared
     * (see {@link ProbeSchema#createBeforePreparing}: a statement prepared earlier would keep the options as
     * created).
     */
    private static void prepareTable(ProbeSettings probe, FidelityTable table, Consumer<String> progress) {
        ProbeSchema.createBeforePreparing(probe, session -> {
            progress.accept("table " + probe.keyspace() + "." + ProbeSettings.TABLE + ": " + table.describe());
            table.apply(session, probe.keyspace() + "." + ProbeSettings.TABLE);
        });
    }

    private static FidelityResult runCell(
            List<NodeStatus> nodes,
            FidelitySettings settings,
            Consumer<String> progress,
            long started,
            ProbeJournal journal)
            throws InterruptedException {
        ProbeSettings probe = warmedUpProbe(nodes, settings, progress);
        progress.accept("W ~ Exp(" + settings.writeMeanMillis() + " ms), A, R, S ~ Exp(" + settings.otherMeanMillis()
                + " ms)"
                + settings.datacenters()
                        .map(cell -> ", D ~ Exp(" + cell.interDatacenterMeanMillis() + " ms), "
                                + cell.levels().describe())
                        .orElse("")
                + ": observing " + settings.writes() + " writes at " + settings.writesPerSecond()
                + " per second, each read at " + settings.delaysMillis().length + " delays");
        // The coordinators' read-repair meters before and after, where the comparison uses them (reads
        // of two replicas or more, traced): the observation's own reads are the only ones that mark
        // them meanwhile (the probe's, at ALL after writes at ALL, agree).
        boolean countsRepairs =
                settings.table().setsOptions() && settings.observation().readReplicas() > 1;
        Optional<ReadRepairMeters.Counts> metersBefore =
                countsRepairs ? ReadRepairMeters.read(nodes, probe.keyspace(), ProbeSettings.TABLE) : Optional.empty();
        Measured cell = observeWhileProbing(probe, settings.observation(), PROBE_LEAD_MILLIS, journal);
        Optional<ReadRepairMeters.Counts> counted =
                metersBefore.flatMap(before -> ReadRepairMeters.read(nodes, probe.keyspace(), ProbeSettings.TABLE)
                        .map(after -> after.since(before)));
        if (countsRepairs) {
            progress.accept(counted.map(counts -> "the coordinators' meters counted " + counts.mismatchedReads()
                            + " reads whose answers disagreed and " + counts.repairMutations()
                            + " read-repair mutations")
                    .orElse("the coordinators' read-repair meters could not be read over JMX"));
        }
        FidelityEvent.CellMeasured measured = new FidelityEvent.CellMeasured(System.nanoTime() - started, counted);
        journal.append(measured);
        return compare(settings, cell, measured, progress);
    }

    /**
     * A cell's result from its record alone ({@link dev.pbs.cassandra.record.ProbeReplay}): what
     * {@link #runGrid} returned for it, as it is computed from the same measurement.
     *
     * @param readPath the probe table's read path as the probe found it
     */
    public static FidelityResult replayed(
            FidelitySettings settings,
            ObservationWhileProbing.Result result,
            Optional<ReadPath> readPath,
            FidelityEvent.CellMeasured measured,
            Consumer<String> progress) {
        return compare(settings, new Measured(result, readPath), measured, progress);
    }

    /**
     * The probe's settings for a cell on these nodes, after its table is prepared and the cluster
     * warmed up in rounds until the client's round trip settles.
     */
    static ProbeSettings warmedUpProbe(List<NodeStatus> nodes, FidelitySettings settings, Consumer<String> progress)
            throws InterruptedException {
        List<InetSocketAddress> contactPoints = new ArrayList<>();
        for (NodeStatus node : nodes) {
            contactPoints.add(ProbeSettings.contactPoint(node.contactPoint()));
        }
        ProbeSettings oneDatacenter = new ProbeSettings(
                contactPoints,
                settings.datacenters().map(cell -> cell.levels().writeDatacenter()),
                Optional.empty(),
                Optional.empty(),
                settings.datacenters().map(FidelityDatacenters::keyspace).orElse(KEYSPACE_PREFIX + settings.replicas()),
                settings.replicas(),
                PROBE_OPERATIONS_PER_WRITE * settings.writesPerSecond(),
                Duration.ofDays(1),
                TRACE_FRACTION);
        ProbeSettings probe = settings.datacenters()
                .map(cell -> oneDatacenter.withDatacenters(cell.replication()))
                .orElse(oneDatacenter);
        // Rounds of warm-up first, their results discarded, until the client's round trip settles:
        // the nodes' JIT compilers and the new delays settle, so neither the profile nor the
        // observation measures a machine still compiling (a fixed warm-up leaves the round trip well
        // above a settled cluster's). A burst first over one datacenter; over several, on six nodes,
        // the burst takes longer than it saves, so there the rounds alone warm up.
        prepareTable(probe, settings.table(), progress);
        if (settings.datacenters().isEmpty()) {
            ProbeWarmUp.burst(probe, progress);
        }
        progress.accept("warming up in rounds of " + settings.warmUp().toSeconds()
                + " s until the client's round trip settles (results discarded)");
        ClusterWarmUp.untilSettled(
                round -> observeWhileProbing(probe, settings.warmUpObservation(), 0, ProbeJournal.NONE)
                                .result()
                                .observation()
                                .clientGapMicros()
                                .getMean()
                        / 1000,
                MAXIMUM_WARM_UP_ROUNDS,
                progress);
        return probe;
    }

    /** The cell's measured profile and its comparisons with what the cell observed. */
    private static FidelityResult compare(
            FidelitySettings settings, Measured cell, FidelityEvent.CellMeasured ended, Consumer<String> progress) {
        Optional<ReadRepairMeters.Counts> counted = ended.readRepairs();
        ObservationWhileProbing.Result measured = cell.result();
        ProbeSnapshot measurement = measured.measurement();
        // The table's read path enters the prediction only when the cell set it: at the table's default
        // (99p), Cassandra's threshold is its coordinator's own measurement, which the model's
        // percentile speculation does not follow (docs/fidelity.md, "The read path").
        Optional<ReadPath> readPath = settings.table().setsOptions() ? cell.readPath() : Optional.empty();
        LatencyProfile asTraced =
                MeasuredProfile.withReadPath(MeasuredProfile.asTraced(measurement, "fidelity-measured"), readPath);
        FidelityProfiles profiles = FidelityProfiles.of(settings, measurement, readPath, asTraced, progress);
        progress.accept(
                "predicting from the measured profile (" + profiles.choice().description()
                        + "), and from the one measured the other way about tracing ("
                        + profiles.otherChoice().description()
                        + ")");
        // The client's part goes with the coordinator's as the probe measured it, as for ./pbs probe.
        double coupling = measurement.pairs().clientCoupling();
        FidelityResult.Prediction prediction = new FidelityResult.Prediction(
                profiles.choice(),
                profiles.profile(),
                StalenessObserver.compare(measured.observation(), profiles.profile(), settings.replicas(), coupling));
        // With a slow replica both are the same profile: its comparison is not made twice.
        FidelityResult.Prediction other = new FidelityResult.Prediction(
                profiles.otherChoice(),
                profiles.other(),
                profiles.other() == profiles.profile()
                        ? prediction.comparison()
                        : StalenessObserver.compare(
                                measured.observation(), profiles.other(), settings.replicas(), coupling));
        ObservedStaleness comparison = prediction.comparison();
        progress.accept(
                String.format(Locale.ROOT, "RMSE %.4f (noise floor %.4f)", comparison.rmse(), comparison.noiseFloor()));
        long repairedWithoutRepair = settings.table()
                        .readRepair()
                        .filter(repair -> repair == ReadRepair.NONE)
                        .isPresent()
                ? Arrays.stream(measured.observation().readPathTraces().repaired())
                        .sum()
                : 0;
        if (repairedWithoutRepair > 0) {
            progress.accept(
                    "WARNING: " + repairedWithoutRepair + " traced reads sent a read-repair mutation although the"
                            + " table's read_repair is NONE: the observed reads did not read with the table's options"
                            + " (a statement prepared before they were set keeps the old ones)");
        }
        return new FidelityResult(
                settings,
                measurement,
                prediction,
                other,
                profiles.cost(),
                Duration.ofNanos(ended.elapsedNanos()),
                ReadPathComparison.of(measured.observation(), prediction.profile(), settings.replicas(), counted));
    }
}
