package dev.pbs.montecarlo;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Everything one simulation needs: the profile, N, the (R, W) configurations to evaluate on the
 * same draws, the number of trials, the seed and the model variants. Immutable; validated on
 * construction with one message per rule.
 *
 * @param visibilityGridMillis times after commit, in ms, at which P(consistent) is counted
 *     exactly; sorted ascending, distinct, finite and {@code >= 0}
 * @param coordinatorReplicaShare how often the coordinator of a write, and of a read, is one of
 *     the key's replicas: in each trial, independently for the write and the read, it is with these
 *     probabilities (a uniform is drawn only for a share strictly between 0 and 1, so that {@link
 *     CoordinatorReplicaShare#NEVER} and {@link CoordinatorReplicaShare#ALWAYS} draw exactly as the
 *     paper's model and the co-located variant always have); when it is, it runs on one of the
 *     replicas, chosen uniformly (in the coordinator's datacenter), which it reaches through the
 *     profile's local path ({@link LatencyProfile#coordinatorReplica()}) or {@code localDelay}
 * @param localDelay the delay of messages between the coordinator and the replica it runs on,
 *     used when a coordinator is a replica and the profile has no local path
 * @param speculativeRetry when a targeted read asks one more replica than R ({@link
 *     SpeculativeRetry}); {@code NONE} is the paper's model
 * @param readRepair what a read whose kept answers disagree does: nothing ({@link ReadRepair#OFF},
 *     the paper's model), read the full data again ({@link ReadRepair#NONE}, Cassandra's) and also
 *     write the newest value back to the stale ones and wait for them ({@link ReadRepair#BLOCKING});
 *     but OFF, reported at each time of the grid, which may then have at most {@link
 *     #MAX_REPAIR_GRID_POINTS} times
 * @param replicaChoice which replicas a targeted read asks: random, or the dynamic snitch's
 */
public record SimulationSpec(
        LatencyProfile profile,
        int n,
        List<QuorumConfiguration> configurations,
        long trials,
        long seed,
        int threads,
        ReadFanout readFanout,
        CoordinatorReplicaShare coordinatorReplicaShare,
        LatencyDistribution localDelay,
        QuorumExpansion expansion,
        double[] visibilityGridMillis,
        SpeculativeRetry speculativeRetry,
        ReadRepair readRepair,
        ReplicaChoice replicaChoice) {

    /** At most this many trials in one run (binomial intervals use int counts). */
    public static final long MAX_TRIALS = 2_000_000_000L;
    /** At most this many (R, W) configurations in one run. */
    public static final int MAX_CONFIGURATIONS = 256;
    /** At most this many worker threads. */
    public static final int MAX_THREADS = 256;
    /** At most this many points in the exact visibility grid. */
    public static final int MAX_GRID_POINTS = 10_000;
    /** At most this many grid times with blocking read repair, which is counted at each of them. */
    public static final int MAX_REPAIR_GRID_POINTS = 100;
    /** The default grid of times after commit, ms. */
    public static final double[] DEFAULT_GRID_MILLIS = {0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};

    public SimulationSpec {
        Objects.requireNonNull(profile, "profile is missing");
        Objects.requireNonNull(readFanout, "read fan-out is missing");
        Objects.requireNonNull(coordinatorReplicaShare, "the coordinator replica share is missing");
        Objects.requireNonNull(localDelay, "local delay is missing");
        Objects.requireNonNull(expansion, "quorum expansion is missing");
        Objects.requireNonNull(speculativeRetry, "speculative retry is missing");
        Objects.requireNonNull(readRepair, "read repair is missing");
        Objects.requireNonNull(replicaChoice, "replica choice is missing");
        if (replicaChoice.snitch() && readFanout != ReadFanout.TARGETED) {
            throw new IllegalArgumentException("the dynamic snitch's replica choice needs the targeted read fan-out "
                    + "(Cassandra's): with fan-out all, every replica is asked");
        }
        if (readRepair.readsAgainOnMismatch() && expansion == QuorumExpansion.NON_EXPANDING) {
            throw new IllegalArgumentException("read repair " + readRepair.text() + " needs expanding quorums: with "
                    + "non-expanding ones a replica outside the write's quorum never has the write to compare with");
        }
        if (speculativeRetry.speculates() && readFanout != ReadFanout.TARGETED) {
            throw new IllegalArgumentException("speculative retry " + speculativeRetry.text()
                    + " needs the targeted read fan-out (Cassandra's): with fan-out all, every replica is asked "
                    + "already");
        }
        if (n < 1 || n > QuorumConfiguration.MAX_REPLICAS) {
            throw new IllegalArgumentException(
                    "N must be between 1 and " + QuorumConfiguration.MAX_REPLICAS + ", was " + n);
        }
        profile.requireReplicaCount(n);
        requireFaultsModelled(
                profile, n, readFanout, coordinatorReplicaShare.any(), expansion, speculativeRetry, readRepair);
        if (configurations == null || configurations.isEmpty()) {
            throw new IllegalArgumentException("at least one (R, W) configuration is needed");
        }
        if (configurations.size() > MAX_CONFIGURATIONS) {
            throw new IllegalArgumentException(
                    "at most " + MAX_CONFIGURATIONS + " (R, W) configurations per run, was " + configurations.size());
        }
        TreeSet<QuorumConfiguration> sorted =
                new TreeSet<>(Comparator.comparingInt(QuorumConfiguration::r).thenComparingInt(QuorumConfiguration::w));
        for (QuorumConfiguration configuration : configurations) {
            if (configuration.n() != n) {
                throw new IllegalArgumentException("configuration " + configuration + " does not have N=" + n);
            }
            sorted.add(configuration);
        }
        configurations = List.copyOf(sorted);
        if (trials < 1 || trials > MAX_TRIALS) {
            throw new IllegalArgumentException("trials must be between 1 and " + MAX_TRIALS + ", was " + trials);
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be between 1 and " + MAX_THREADS + ", was " + threads);
        }
        visibilityGridMillis = normaliseGrid(visibilityGridMillis);
        if (readRepair.readsAgainOnMismatch() && visibilityGridMillis.length > MAX_REPAIR_GRID_POINTS) {
            throw new IllegalArgumentException("with read repair " + readRepair.text() + ", at most "
                    + MAX_REPAIR_GRID_POINTS
                    + " times after commit (it is counted at each), was " + visibilityGridMillis.length);
        }
        profile.topology().ifPresent(topology -> {
            if (topology.hasPairDelays()) {
                throw new IllegalArgumentException("the profile " + profile.name() + " gives each pair of its "
                        + "datacenters a delay of its own (inter_dc_delays), which only predictions in consistency "
                        + "levels use (a write level and a read level, such as LOCAL_QUORUM, with their "
                        + "datacenters); (R, W) predictions, and the tuning and SLA checks made of them, need one "
                        + "delay for every pair (inter_dc_delay)");
            }
            if (coordinatorReplicaShare.any()
                    && !topology.coordinatorPlacement().isRandom()) {
                int datacenter = topology.coordinatorPlacement().fixedDatacenter();
                if (Arrays.stream(topology.replicaDatacenters(n)).noneMatch(dc -> dc == datacenter)) {
                    throw new IllegalArgumentException((coordinatorReplicaShare.isAlways()
                                    ? "the coordinator is a replica"
                                    : "the coordinator is a replica for some operations ("
                                            + coordinatorReplicaShare.describe() + ")")
                            + ", but no replica is in its datacenter dc:" + datacenter);
                }
            }
        });
    }

    /**
     * Faulty replicas ({@link LatencyProfile#faults()}) are simulated for Cassandra's targeted read
     * in one datacenter, with the coordinator apart from the replicas, and with neither speculative
     * retry nor read repair: each of those would have to know how a pause or an outage changes it.
     */
    private static void requireFaultsModelled(
            LatencyProfile profile,
            int n,
            ReadFanout readFanout,
            boolean coordinatorReplica,
            QuorumExpansion expansion,
            SpeculativeRetry speculativeRetry,
            ReadRepair readRepair) {
        if (!profile.faults().any()) {
            return;
        }
        profile.faults().struck(n);
        String refused = null;
        if (readFanout != ReadFanout.TARGETED) {
            refused = "the targeted read fan-out (Cassandra's; with fan-out all, which replicas answer first would "
                    + "depend on the pauses at every t)";
        } else if (coordinatorReplica) {
            refused = "the coordinator apart from the replicas";
        } else if (expansion != QuorumExpansion.EXPANDING) {
            refused = "expanding quorums";
        } else if (speculativeRetry.speculates()) {
            refused = "speculative retry NONE";
        } else if (readRepair != ReadRepair.OFF) {
            refused = "read repair off";
        } else if (profile.topology().isPresent()) {
            refused = "a profile without datacenters";
        }
        if (refused != null) {
            throw new IllegalArgumentException(
                    "faulty replicas (" + profile.faults().describe() + ") are simulated only with " + refused);
        }
    }

    @Override
    public double[] visibilityGridMillis() {
        return visibilityGridMillis.clone();
    }

    /**
     * Whether some coordinator may run on a replica (a share above 0): true for the co-located
     * variant ({@link CoordinatorReplicaShare#ALWAYS}), false for the paper's model.
     */
    public boolean coordinatorReplica() {
        return coordinatorReplicaShare.any();
    }

    /** Sorted, distinct, -0 as 0; throws naming the first bad time. */
    static double[] normaliseGrid(double[] grid) {
        if (grid == null || grid.length == 0) {
            throw new IllegalArgumentException("the visibility grid needs at least one time");
        }
        if (grid.length > MAX_GRID_POINTS) {
            throw new IllegalArgumentException("at most " + MAX_GRID_POINTS + " grid times, was " + grid.length);
        }
        for (double t : grid) {
            if (!(t >= 0) || Double.isInfinite(t)) {
                throw new IllegalArgumentException("times after commit must be finite and >= 0 ms, was " + t);
            }
        }
        return Arrays.stream(grid)
                .map(t -> t == 0 ? 0.0 : t)
                .sorted()
                .distinct()
                .toArray();
    }

    /** All N^2 configurations of n replicas. */
    public static List<QuorumConfiguration> allConfigurations(int n) {
        List<QuorumConfiguration> all = new ArrayList<>();
        for (int r = 1; r <= n; r++) {
            for (int w = 1; w <= n; w++) {
                all.add(QuorumConfiguration.of(n, r, w));
            }
        }
        return all;
    }

    public static Builder builder(LatencyProfile profile, int n) {
        return new Builder(profile, n);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SimulationSpec that
                && n == that.n
                && trials == that.trials
                && seed == that.seed
                && threads == that.threads
                && coordinatorReplicaShare.equals(that.coordinatorReplicaShare)
                && profile.equals(that.profile)
                && configurations.equals(that.configurations)
                && readFanout == that.readFanout
                && localDelay.equals(that.localDelay)
                && expansion == that.expansion
                && Arrays.equals(visibilityGridMillis, that.visibilityGridMillis)
                && speculativeRetry.equals(that.speculativeRetry)
                && readRepair == that.readRepair
                && replicaChoice.equals(that.replicaChoice);
    }

    @Override
    public int hashCode() {
        return Objects.hash(profile, n, configurations, trials, seed);
    }

    @Override
    public String toString() {
        return "SimulationSpec(" + profile.name() + ", N=" + n + ", " + configurations.size() + " configurations, "
                + trials + " trials, seed " + seed
                + (coordinatorReplicaShare.isPartial() ? ", " + coordinatorReplicaShare.describe() : "") + ")";
    }

    /** Defaults: every (R, W), 1,000,000 trials, seed 42, all cores, fan-out all, expanding. */
    public static final class Builder {
        private final LatencyProfile profile;
        private final int n;
        private List<QuorumConfiguration> configurations;
        private long trials = 1_000_000;
        private long seed = 42;
        private int threads = Runtime.getRuntime().availableProcessors();
        private ReadFanout readFanout = ReadFanout.ALL;
        private CoordinatorReplicaShare coordinatorReplicaShare = CoordinatorReplicaShare.NEVER;
        private LatencyDistribution localDelay = Constant.of(0);
        private QuorumExpansion expansion = QuorumExpansion.EXPANDING;
        private double[] grid = DEFAULT_GRID_MILLIS;
        private SpeculativeRetry speculativeRetry = new SpeculativeRetry.None();
        private ReadRepair readRepair = ReadRepair.OFF;
        private ReplicaChoice replicaChoice = ReplicaChoice.random();

        private Builder(LatencyProfile profile, int n) {
            this.profile = profile;
            this.n = n;
        }

        public Builder configurations(List<QuorumConfiguration> configurations) {
            this.configurations = configurations;
            return this;
        }

        public Builder configuration(int r, int w) {
            this.configurations = List.of(QuorumConfiguration.of(n, r, w));
            return this;
        }

        public Builder trials(long trials) {
            this.trials = trials;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        public Builder readFanout(ReadFanout readFanout) {
            this.readFanout = readFanout;
            return this;
        }

        /**
         * Shorthand: every coordinator on a replica ({@link CoordinatorReplicaShare#ALWAYS}) or none
         * ({@link CoordinatorReplicaShare#NEVER}, the default).
         */
        public Builder coordinatorReplica(boolean coordinatorReplica) {
            this.coordinatorReplicaShare = CoordinatorReplicaShare.fromFlag(coordinatorReplica);
            return this;
        }

        /** How often the coordinator of a write, and of a read, is a replica (default: never). */
        public Builder coordinatorReplicaShare(CoordinatorReplicaShare coordinatorReplicaShare) {
            this.coordinatorReplicaShare = coordinatorReplicaShare;
            return this;
        }

        public Builder localDelay(LatencyDistribution localDelay) {
            this.localDelay = localDelay;
            return this;
        }

        public Builder expansion(QuorumExpansion expansion) {
            this.expansion = expansion;
            return this;
        }

        public Builder visibilityGridMillis(double... grid) {
            this.grid = grid;
            return this;
        }

        /** When a targeted read asks one more replica; needs {@code readFanout(TARGETED)}. */
        public Builder speculativeRetry(SpeculativeRetry speculativeRetry) {
            this.speculativeRetry = speculativeRetry;
            return this;
        }

        /** Whether reads whose answers disagree repair the stale replicas and wait for them. */
        public Builder readRepair(ReadRepair readRepair) {
            this.readRepair = readRepair;
            return this;
        }

        /** Which replicas a targeted read asks; the snitch needs {@code readFanout(TARGETED)}. */
        public Builder replicaChoice(ReplicaChoice replicaChoice) {
            this.replicaChoice = replicaChoice;
            return this;
        }

        public SimulationSpec build() {
            if (n < 1 || n > QuorumConfiguration.MAX_REPLICAS) {
                throw new IllegalArgumentException(
                        "N must be between 1 and " + QuorumConfiguration.MAX_REPLICAS + ", was " + n);
            }
            List<QuorumConfiguration> chosen = configurations != null
                    ? configurations
                    : (n >= 1 && n * n <= MAX_CONFIGURATIONS ? allConfigurations(n) : null);
            if (chosen == null) {
                throw new IllegalArgumentException("every (R, W) of N=" + n + " is " + (long) n * n
                        + " configurations, more than " + MAX_CONFIGURATIONS + ": give R and W");
            }
            return new SimulationSpec(
                    profile,
                    n,
                    chosen,
                    trials,
                    seed,
                    threads,
                    readFanout,
                    coordinatorReplicaShare,
                    localDelay,
                    expansion,
                    grid,
                    speculativeRetry,
                    readRepair,
                    replicaChoice);
        }
    }
}
