package dev.pbs.cassandra.observe;

import dev.pbs.cassandra.probe.CoupledSum;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Measures staleness as a client sees it, and sets it beside the prediction.
 *
 * <p>Write i puts version i + 1 into its own key of the probe's table at consistency W. When its
 * acknowledgement arrives (time a_i on this client), one read per delay t of the grid is scheduled
 * at a_i + t at consistency R, so every write is read at every t (reading changes no state). A read
 * is fresh iff it returns the written version. Observed P(consistent at t) = fresh reads at t /
 * reads answered at t, with a 95% Wilson interval. With each write the client also times a query
 * that the read's coordinator refuses before doing any work (a read with LIMIT 0): its round trip is the
 * client gap, the time from the write
 * committing at its coordinator to a read sent "at t = 0" reaching its coordinator, which the
 * model's t leaves out. The same query timed beside one of each write's reads is the client's part
 * of a read's latency.
 *
 * <p>The prediction runs the WARS engine on the measured profile with the same N, R and W and the
 * read fan-out Cassandra uses ({@code targeted}: the coordinator asks R replicas), and the
 * coordinators where the observation found them: the share of the writes, and of the reads, whose
 * coordinator was a replica of the key ({@link CoordinatorReplicaCounts}; round robin over M nodes
 * with N replicas, about N/M) is the engine's {@link CoordinatorReplicaShare}, a coordinator on a
 * replica reaching it through the profile's local path.
 *
 * <p>The client's part of t has one definition, the same in {@code ./pbs probe --observe}, the
 * service's probes and {@code ./pbs fidelity}: the predicted P at t is P(t* &lt;= t + lag + gap),
 * t* the engine's time to consistency, lag how late the reads at t were sent on average, and gap the
 * client round trip measured beside the writes, coupled with t* as the probe measured the client's
 * part of an operation coupled with the coordinator's ({@link ClientTimeOrigin}).
 */
public final class StalenessObserver {

    private static final long PREDICTION_TRIALS = 2_000_000;
    private static final long PREDICTION_SEED = 42;
    private static final double[] LATENCY_PERCENTILES = {50, 75, 90, 95, 99};
    private static final int LATENCY_LEVELS = 200;

    /**
     * Quantiles of the client's part of a latency: 100, so that the 99th percentile of the sum
     * falls on the boundary of the top slice (experiment E6 of docs/fidelity.md compares more).
     */
    public static final int CLIENT_PART_LEVELS = 100;

    private StalenessObserver() {}

    /**
     * Runs the observation workload on the probe's keyspace and session (see above); returns once
     * every read has been answered.
     *
     * @throws IllegalArgumentException if R or W exceeds the replication factor or has no Cassandra
     *     consistency level, or coordinators outside the replicas are asked for with too few nodes
     */
    public static RawObservation run(ProbeRun run, ObservationSettings settings, CoordinatorChoice choice) {
        return ObservationWorkload.run(run, settings, choice, settings.writes()).get(0);
    }

    /**
     * Runs the observation workload as {@link #run} does, and returns what each window of {@code
     * writesPerWindow} consecutive writes saw (a write's reads and round trip in its window), in
     * order.
     */
    public static List<RawObservation> runInWindows(
            ProbeRun run, ObservationSettings settings, CoordinatorChoice choice, int writesPerWindow) {
        return ObservationWorkload.run(run, settings, choice, writesPerWindow);
    }

    /**
     * Compares an observation of N = {@code n} replicas with the engine's prediction from {@code
     * measured}: at each t of the grid that had reads answered, P(t* &lt;= t + lag + gap) (see above).
     *
     * @param clientCoupling how the client's part of an operation goes with the coordinator's: the
     *     correlation of their normal scores, within [0, 1] ({@link CoupledSum}); it couples the round
     *     trip beside the reads with the engine's read latency, and the round trip beside the writes
     *     with the time to consistency ({@link ClientTimeOrigin})
     */
    public static ObservedStaleness compare(RawObservation raw, LatencyProfile measured, int n, double clientCoupling) {
        return compare(raw, measured, n, clientCoupling, CLIENT_PART_LEVELS);
    }

    /**
     * {@link #compare(RawObservation, LatencyProfile, int, double)} with the client's part of each
     * predicted latency on {@code clientPartLevels} quantiles: an experiment's variant.
     *
     * @param clientPartLevels at least 1
     */
    public static ObservedStaleness compare(
            RawObservation raw, LatencyProfile measured, int n, double clientCoupling, int clientPartLevels) {
        return compare(raw, measured, n, clientCoupling, clientPartLevels, PREDICTION_TRIALS, PREDICTION_SEED);
    }

    /**
     * {@link #compare(RawObservation, LatencyProfile, int, double, int)} from {@code trials} trials
     * drawn from {@code seed}: a bootstrap replicate's ({@link ObservedFreshInterval}).
     */
    static ObservedStaleness compare(
            RawObservation raw,
            LatencyProfile measured,
            int n,
            double clientCoupling,
            int clientPartLevels,
            long trials,
            long seed) {
        return compare(
                raw,
                measured,
                n,
                clientCoupling,
                clientPartLevels,
                trials,
                seed,
                gapQuantiles -> CoupledSum.of(gapQuantiles, LATENCY_LEVELS, clientCoupling));
    }

    /**
     * Experiment E7's variant of {@link #compare(RawObservation, LatencyProfile, int, double)}: the
     * client's part of each predicted latency paired with the engine's latency as {@code
     * clientPairs} went together ({@link CoupledSum#measured}) instead of by a Gaussian coupling;
     * the t-visibility as it is.
     *
     * @param clientPairs measured {client part, coordinator part} pairs of traced operations
     */
    public static ObservedStaleness compareCoupledAsMeasured(
            RawObservation raw, LatencyProfile measured, int n, double clientCoupling, List<double[]> clientPairs) {
        return compare(
                raw,
                measured,
                n,
                clientCoupling,
                CLIENT_PART_LEVELS,
                PREDICTION_TRIALS,
                PREDICTION_SEED,
                gapQuantiles -> CoupledSum.measured(gapQuantiles, LATENCY_LEVELS, clientPairs));
    }

    private static ObservedStaleness compare(
            RawObservation raw,
            LatencyProfile measured,
            int n,
            double clientCoupling,
            int clientPartLevels,
            long trials,
            long seed,
            Function<double[], CoupledSum> clientPairing) {
        if (clientPartLevels < 1) {
            throw new IllegalArgumentException(
                    "the client's part needs at least one quantile, not " + clientPartLevels);
        }
        ObservationSettings settings = raw.settings();
        CoordinatorReplicaShare share = raw.coordinatorReplicaShare();
        ConfigurationResult prediction = predict(measured, n, settings, share, trials, seed);
        double[] delays = settings.delaysMillis();
        ClientTimeOrigin origin = ClientTimeOrigin.of(prediction, raw.clientGapMicros(), clientCoupling);
        List<ObservedPoint> points = new ArrayList<>();
        for (int j = 0; j < delays.length; j++) {
            long answered = raw.reads()[j];
            if (answered == 0) {
                continue; // every read at this t failed: nothing observed to compare
            }
            ProportionEstimate observed = ProportionEstimate.of(raw.fresh()[j], answered);
            double lag = raw.lagMicros()[j] / 1000.0 / answered;
            points.add(new ObservedPoint(delays[j], observed, origin.consistentAt(delays[j] + lag), lag));
        }
        List<ObservedStaleness.LatencyComparison> latencies = new ArrayList<>();
        for (String operation : List.of("read", "write")) {
            boolean read = operation.equals("read");
            Histogram observedLatency = read ? raw.readLatencyMicros() : raw.writeLatencyMicros();
            if (observedLatency.getTotalCount() == 0) {
                continue;
            }
            double[] gapQuantiles =
                    quantiles(read ? raw.readClientPartMicros() : raw.clientGapMicros(), clientPartLevels);
            double[] clientLatency = clientLatencies(prediction, read, clientPairing.apply(gapQuantiles));
            for (double percentile : LATENCY_PERCENTILES) {
                latencies.add(new ObservedStaleness.LatencyComparison(
                        operation,
                        percentile,
                        observedLatency.getValueAtPercentile(percentile) / 1000.0,
                        clientLatency[
                                Math.min(clientLatency.length - 1, (int)
                                        Math.floor(percentile / 100 * clientLatency.length))],
                        LatencySampling.standardErrorMillis(observedLatency, percentile)));
            }
        }
        double meanGapMillis = meanMillis(raw.clientGapMicros());
        return new ObservedStaleness(
                n,
                settings.readReplicas(),
                settings.writeReplicas(),
                raw.writes(),
                raw.failedWrites(),
                raw.failedReads(),
                share,
                1,
                meanGapMillis,
                meanMillis(raw.readClientPartMicros()),
                clientCoupling,
                points,
                latencies);
    }

    /** The mean of a histogram of microseconds, in ms; 0 when it is empty. */
    private static double meanMillis(Histogram micros) {
        return micros.getTotalCount() == 0 ? 0 : micros.getMean() / 1000.0;
    }

    /** Quantiles of a histogram at the mid-points of {@code levels} equal slices, in ms; {0} when it is empty. */
    static double[] quantiles(Histogram micros, int levels) {
        if (micros.getTotalCount() == 0) {
            return new double[] {0};
        }
        double[] values = new double[levels];
        for (int level = 0; level < levels; level++) {
            values[level] = micros.getValueAtPercentile(100.0 * (level + 0.5) / levels) / 1000.0;
        }
        return values;
    }

    /**
     * The predicted latency as the client sees it, sorted: the client's part plus the engine's
     * latency, on a grid of quantiles of each (client part levels x LATENCY_LEVELS points), paired
     * as {@code clientPairing} says (see {@link CoupledSum}).
     */
    private static double[] clientLatencies(ConfigurationResult prediction, boolean read, CoupledSum clientPairing) {
        double[] latencies = new double[LATENCY_LEVELS];
        for (int level = 0; level < LATENCY_LEVELS; level++) {
            double percentile = 100.0 * (level + 0.5) / LATENCY_LEVELS;
            latencies[level] = read
                    ? prediction
                            .readLatencyWithRepair(percentile)
                            .orElseGet(() -> prediction.readLatency(percentile))
                            .valueMillis()
                    : prediction.writeLatency(percentile).valueMillis();
        }
        return clientPairing.sortedSums(latencies, 1);
    }

    /**
     * The engine's prediction for the observed configuration, on the observation's t grid.
     *
     * @param coordinatorReplicaShare how often a write's, and a read's, coordinator was a replica
     *     of its key, as the observation counted ({@link RawObservation#coordinatorReplicaShare})
     */
    static ConfigurationResult predict(
            LatencyProfile measured,
            int n,
            ObservationSettings settings,
            CoordinatorReplicaShare coordinatorReplicaShare) {
        return predict(measured, n, settings, coordinatorReplicaShare, PREDICTION_TRIALS, PREDICTION_SEED);
    }

    private static ConfigurationResult predict(
            LatencyProfile measured,
            int n,
            ObservationSettings settings,
            CoordinatorReplicaShare coordinatorReplicaShare,
            long trials,
            long seed) {
        if (settings.levels().isPresent()) {
            return predictLevels(measured, settings, settings.levels().get(), coordinatorReplicaShare, trials, seed);
        }
        // The cluster's speculative retry, read repair and replica choice, as the probe read them from
        // the table; blocking read repair leaves t-visibility as it is, and adds its rounds to the
        // latency of the reads whose answers disagree, over the observation's t grid.
        ReadPath path = measured.readPath()
                .orElse(new ReadPath(new SpeculativeRetry.None(), ReadRepair.OFF, ReplicaChoice.random()));
        ReadRepair repair = settings.delaysMillis().length <= SimulationSpec.MAX_REPAIR_GRID_POINTS
                ? path.readRepair()
                : ReadRepair.OFF;
        if (measured.faults().any() && settings.readReplicas() == 1) {
            // A read of one replica never compares answers: its read repair does nothing, and faulty
            // replicas are simulated without it.
            repair = ReadRepair.OFF;
        }
        SimulationSpec spec = SimulationSpec.builder(measured, n)
                .configuration(settings.readReplicas(), settings.writeReplicas())
                .trials(trials)
                .seed(seed)
                .readFanout(ReadFanout.TARGETED)
                .coordinatorReplicaShare(coordinatorReplicaShare)
                .speculativeRetry(path.speculativeRetry())
                .replicaChoice(path.replicaChoice())
                .readRepair(repair)
                .visibilityGridMillis(settings.delaysMillis())
                .build();
        SimulationResult result = new WarsEngine().run(spec);
        return result.configuration(settings.readReplicas(), settings.writeReplicas())
                .orElseThrow();
    }

    /**
     * The level engine's prediction for writes and reads at these levels and datacenters, from a
     * profile whose topology names them, with the coordinators on replicas for the shares counted
     * (none when they are chosen outside the replicas, as the command line's observations over
     * several datacenters are).
     *
     * @throws IllegalArgumentException when the profile has no named datacenters, or not these
     */
    private static ConfigurationResult predictLevels(
            LatencyProfile measured,
            ObservationSettings settings,
            ObservedLevels levels,
            CoordinatorReplicaShare coordinatorReplicaShare,
            long trials,
            long seed) {
        DatacenterTopology topology = measured.topology()
                .filter(DatacenterTopology::isNamed)
                .orElseThrow(() -> new IllegalArgumentException("the profile " + measured.name()
                        + " names no datacenters: an observation at " + levels.describe() + " needs one that does"));
        DatacenterReplicas replicas = topology.replicas();
        LevelConfiguration configuration = new LevelConfiguration(
                levels.writeLevel(),
                levels.readLevel(),
                datacenter(replicas, levels.writeDatacenter()),
                datacenter(replicas, levels.readDatacenter()));
        LevelSimulationSpec spec = new LevelSimulationSpec(
                        measured,
                        replicas,
                        List.of(configuration),
                        trials,
                        seed,
                        Math.min(
                                SimulationSpec.MAX_THREADS, Runtime.getRuntime().availableProcessors()),
                        settings.delaysMillis())
                .withCoordinatorReplicaShare(coordinatorReplicaShare);
        return new WarsEngine().run(spec).configuration(configuration).orElseThrow();
    }

    private static int datacenter(DatacenterReplicas replicas, String name) {
        int index = replicas.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException(
                    "datacenter " + name + " is not one of the profile's " + replicas.names());
        }
        return index;
    }
}
