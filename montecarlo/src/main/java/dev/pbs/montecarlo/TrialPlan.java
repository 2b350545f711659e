package dev.pbs.montecarlo;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.ReplicaChoice;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A {@link SimulationSpec} compiled into flat arrays for the hot loop: which R and W values are
 * needed, each replica's delay distributions, and the datacenter layout. Immutable, shared by all
 * workers.
 */
final class TrialPlan {

    final int n;
    final int configurationCount;
    /** 0-based R and W of each configuration, in the spec's order. */
    final int[] readIndex;

    final int[] writeIndex;
    /**
     * Indices of the partial (R + W <= N) configurations, the only ones simulated per trial:
     * strict ones are consistent at once in every trial (a replica in both quorums has
     * {@code W[i] <= w_t}, so its {@code W[i] - w_t - R[i] <= 0}) and are counted in bulk.
     */
    final int[] partialConfigurations;
    /** Whether each R (W) value, 0-based, is used by some configuration. */
    final boolean[] readNeeded;

    final boolean[] writeNeeded;
    /** How many responders the largest R needs. */
    final int maxRead;

    final double[] grid;

    private final VisibilityGrid visibilityGrid;

    final LatencyDistribution[] write;
    final LatencyDistribution[] acknowledgement;
    final LatencyDistribution[] read;
    final LatencyDistribution[] response;

    final boolean targeted;
    final boolean nonExpanding;
    /**
     * Whether some coordinator may run on a replica (a share above 0): then the local path is drawn
     * for every trial, and each trial decides whether its write's and its read's coordinators are
     * replicas ({@link #onReplica}).
     */
    final boolean coordinatorReplica;
    /** The probability that a write's coordinator is a replica of the key. */
    final double writeCoordinatorShare;
    /** The probability that a read's coordinator is a replica of the key. */
    final double readCoordinatorShare;
    /**
     * The coordinator's own replica's delays, with the co-located coordinator: the profile's local
     * path, or the spec's local delay for all four messages.
     */
    final MessageDelays local;
    /**
     * The probability that a targeted read asks the coordinator's own replica first (otherwise
     * last); NaN: uniform targets.
     */
    final double localReadPreference;
    /** How one operation's message delays move together ({@link MessageCorrelation#NONE}: independently). */
    final MessageCorrelation correlation;

    /**
     * The usual case, run by {@link ThreeReplicas}: N = 3, fan-out all, expanding quorums, no
     * datacenter crossings and no co-located coordinator.
     */
    final boolean threeReplicasPlain;
    /** Every distinct distribution the trials draw from. */
    final List<LatencyDistribution> distributions;
    /** Whether any message may cross datacenters. */
    final boolean crossesDatacenters;

    final int[] replicaDatacenter;
    /** Distinct datacenters that hold replicas, ascending. */
    final int[] replicaDatacenters;
    /** Replicas of each datacenter number (indexed by datacenter number; empty when none). */
    final int[][] replicasIn;
    /** The fixed coordinator datacenter, or -1 when it is drawn per operation. */
    final int fixedCoordinatorDatacenter;

    final LatencyDistribution interDatacenterDelay;

    /** Whether targeted reads may ask an extra replica (speculative retry). */
    final boolean speculates;
    /**
     * Per R, 0-based: the time after a read's start at which it asks the next replica of its
     * order, ms; +infinity for never (always so without speculation, and for R = N).
     */
    final double[] speculationThreshold;
    /** How many replicas of a targeted read's order are drawn: R, or R + 1 with speculation. */
    final int orderedTargets;
    /**
     * Whether reads whose kept answers disagree read the full data again (read repair NONE or
     * BLOCKING), counted at every time of the grid.
     */
    final boolean repairs;
    /** Whether they then also write the newest value back to the stale replicas (BLOCKING). */
    final boolean writesBack;
    /** Whether the dynamic snitch orders a targeted read's replicas ({@link ReplicaChoice}). */
    final boolean snitch;
    /** The snitch's {@code 1 + badnessThreshold}. */
    final double snitchTolerance;
    /**
     * snitchScore[dc][i]: the snitch's score of replica i for a read coordinated in datacenter dc,
     * ms: the medians of its R and S, plus twice the inter-datacenter delay's median when i is in
     * another datacenter.
     */
    final double[][] snitchScore;
    /** The score of the read coordinator's own replica: the medians of the local path's R and S. */
    final double localSnitchScore;

    /**
     * Whether this operation's coordinator is a replica, for a share of {@code share}: a uniform is
     * drawn only when the share is strictly between 0 and 1, so that shares 0 and 1 draw exactly as
     * a coordinator never, or always, on a replica.
     */
    static boolean onReplica(double share, RandomGenerator random) {
        return share >= 1 || (share > 0 && random.nextDouble() < share);
    }

    /** The grid cell of a positive time t in a given bucket ({@link VisibilityGrid#cell}). */
    int gridCell(int bucket, double millis) {
        return visibilityGrid.cell(bucket, millis);
    }

    boolean isPartial(int configuration) {
        return readIndex[configuration] + writeIndex[configuration] + 2 <= n;
    }

    TrialPlan(SimulationSpec spec) {
        this(spec, null);
    }

    private static double median(LatencyDistribution distribution) {
        return distribution.inverseSurvivalProbability(0.5);
    }

    /**
     * @param speculationThresholds per R (0-based), the speculative retry threshold, ms; null
     *     without speculation
     */
    TrialPlan(SimulationSpec spec, double[] speculationThresholds) {
        n = spec.n();
        List<QuorumConfiguration> configurations = spec.configurations();
        configurationCount = configurations.size();
        readIndex = new int[configurationCount];
        writeIndex = new int[configurationCount];
        readNeeded = new boolean[n];
        writeNeeded = new boolean[n];
        int largestRead = 0;
        for (int c = 0; c < configurationCount; c++) {
            readIndex[c] = configurations.get(c).r() - 1;
            writeIndex[c] = configurations.get(c).w() - 1;
            readNeeded[readIndex[c]] = true;
            writeNeeded[writeIndex[c]] = true;
            largestRead = Math.max(largestRead, readIndex[c] + 1);
        }
        maxRead = largestRead;
        partialConfigurations = java.util.stream.IntStream.range(0, configurationCount)
                .filter(c -> !configurations.get(c).isStrict())
                .toArray();
        grid = spec.visibilityGridMillis();
        visibilityGrid = new VisibilityGrid(grid);

        write = new LatencyDistribution[n];
        acknowledgement = new LatencyDistribution[n];
        read = new LatencyDistribution[n];
        response = new LatencyDistribution[n];
        for (int i = 0; i < n; i++) {
            MessageDelays delays = spec.profile().delaysOf(i);
            write[i] = delays.write();
            acknowledgement[i] = delays.acknowledgement();
            read[i] = delays.read();
            response[i] = delays.response();
        }
        targeted = spec.readFanout() == ReadFanout.TARGETED;
        nonExpanding = spec.expansion() == QuorumExpansion.NON_EXPANDING;
        coordinatorReplica = spec.coordinatorReplicaShare().any();
        writeCoordinatorShare = spec.coordinatorReplicaShare().writes();
        readCoordinatorShare = spec.coordinatorReplicaShare().reads();
        CoordinatorReplicaPath path = spec.profile().coordinatorReplica().orElse(null);
        local = path != null ? path.local() : MessageDelays.all(spec.localDelay());
        localReadPreference = path != null && path.localReadPreference().isPresent()
                ? path.localReadPreference().getAsDouble()
                : Double.NaN;

        correlation = spec.profile().messageCorrelation();

        DatacenterTopology topology = spec.profile().topology().orElse(null);
        replicaDatacenter = topology == null ? new int[n] : topology.replicaDatacenters(n);
        replicaDatacenters =
                Arrays.stream(replicaDatacenter).distinct().sorted().toArray();
        int largestDatacenter = Arrays.stream(replicaDatacenter).max().orElse(0);
        CoordinatorPlacement placement =
                topology == null ? CoordinatorPlacement.fixed(0) : topology.coordinatorPlacement();
        fixedCoordinatorDatacenter = placement.isRandom() ? -1 : placement.fixedDatacenter();
        int datacenterSlots = Math.max(largestDatacenter, fixedCoordinatorDatacenter) + 1;
        replicasIn = new int[datacenterSlots][];
        for (int dc = 0; dc < datacenterSlots; dc++) {
            int datacenter = dc;
            replicasIn[dc] = java.util.stream.IntStream.range(0, n)
                    .filter(i -> replicaDatacenter[i] == datacenter)
                    .toArray();
        }
        interDatacenterDelay = topology == null ? Constant.of(0) : topology.interDatacenterDelay();
        boolean everyoneTogether = replicaDatacenters.length == 1
                && (fixedCoordinatorDatacenter < 0 || fixedCoordinatorDatacenter == replicaDatacenters[0]);
        crossesDatacenters = topology != null && !everyoneTogether;
        java.util.Set<LatencyDistribution> distinct = new java.util.LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            distinct.addAll(List.of(write[i], acknowledgement[i], read[i], response[i]));
        }
        if (crossesDatacenters) {
            distinct.add(interDatacenterDelay);
        }
        if (coordinatorReplica) {
            distinct.addAll(List.of(local.write(), local.acknowledgement(), local.read(), local.response()));
        }
        distributions = List.copyOf(distinct);
        speculates = speculationThresholds != null;
        speculationThreshold = new double[n];
        Arrays.fill(speculationThreshold, Double.POSITIVE_INFINITY);
        if (speculates) {
            for (int k = 0; k + 1 < n; k++) {
                speculationThreshold[k] = speculationThresholds[k];
            }
        }
        orderedTargets = speculates ? Math.min(n, maxRead + 1) : maxRead;
        repairs = spec.readRepair().readsAgainOnMismatch();
        writesBack = spec.readRepair().writesBack();
        ReplicaChoice choice = spec.replicaChoice();
        snitch = choice.snitch();
        snitchTolerance = 1 + choice.badnessThreshold();
        snitchScore = new double[datacenterSlots][n];
        double interMedian = median(interDatacenterDelay);
        for (int dc = 0; dc < datacenterSlots; dc++) {
            for (int i = 0; i < n; i++) {
                snitchScore[dc][i] = median(read[i])
                        + median(response[i])
                        + (crossesDatacenters && replicaDatacenter[i] != dc ? 2 * interMedian : 0);
            }
        }
        localSnitchScore = median(local.read()) + median(local.response());
        threeReplicasPlain =
                n == 3 && !repairs && !targeted && !nonExpanding && !coordinatorReplica && !crossesDatacenters;
    }
}
