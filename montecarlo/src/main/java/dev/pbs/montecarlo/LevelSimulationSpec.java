package dev.pbs.montecarlo;

import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * One simulation of Cassandra's consistency levels across datacenters (model note section 7): the
 * profile (each replica's W, A, R, S and the inter-datacenter delays of its topology), the
 * replicas by datacenter, and every (write level, read level, write datacenter, read datacenter)
 * to evaluate on the same draws. Reads are targeted: a read contacts exactly the replicas its
 * level needs. Immutable; validated on construction.
 *
 * <p>Coordinators are not replicas unless {@code coordinatorReplicaShare} says some are
 * ({@link CoordinatorReplicaShare#ALWAYS} for Cassandra's token-aware routing, N/M of the
 * operations for round robin over M nodes). In every trial, the write's coordinator is a replica
 * with the share of writes and, independently, the read's with the share of reads (a uniform is
 * drawn only for a share strictly between 0 and 1, so that shares 0 and 1 draw as the boolean's
 * false and true always did); a write's coordinator that is a replica is one replica of the
 * write's datacenter, chosen uniformly at random, and a read's one of the read's datacenter,
 * chosen independently. The coordinator reaches its own replica through the
 * profile's local path ({@code LatencyProfile.coordinatorReplica()}): W and A of the write's, R and
 * S of the read's; a profile without that path gives them no delay. With the path's local read
 * preference p, the read coordinator's own replica comes first among its datacenter's candidates
 * with probability p, else last; without it the read's replicas are chosen uniformly.
 *
 * @param replicas the key's replicas by datacenter: the profile topology's, or one datacenter of N
 *     replicas for a profile without datacenters
 * @param configurations distinct, each valid for {@code replicas}; kept in the order given
 * @param visibilityGridMillis times after commit, ms, at which P(consistent) is counted exactly
 * @param coordinatorReplicaShare how often a write's, and a read's, coordinator runs on a replica
 *     of its datacenter; when either share is above 0 every configuration's write and read
 *     datacenters must hold replicas
 */
public record LevelSimulationSpec(
        LatencyProfile profile,
        DatacenterReplicas replicas,
        List<LevelConfiguration> configurations,
        long trials,
        long seed,
        int threads,
        double[] visibilityGridMillis,
        CoordinatorReplicaShare coordinatorReplicaShare) {

    /**
     * At most this many level configurations in one run: every (write level, read level) pair of
     * the 8 levels between every (write datacenter, read datacenter) pair of three datacenters. Each
     * partial configuration keeps a 352 KB histogram per worker thread.
     */
    public static final int MAX_CONFIGURATIONS = 8 * 8 * 3 * 3;

    public LevelSimulationSpec {
        Objects.requireNonNull(profile, "profile is missing");
        Objects.requireNonNull(replicas, "replicas are missing");
        Objects.requireNonNull(coordinatorReplicaShare, "the coordinator replica share is missing");
        profile.requireReplicaCount(replicas.replicaCount());
        if (profile.faults().any()) {
            throw new IllegalArgumentException(
                    "faulty replicas (" + profile.faults().describe() + ") are simulated "
                            + "for (R, W) predictions in one datacenter, not yet for consistency levels");
        }
        DatacenterTopology topology = profile.topology().orElse(null);
        if (topology == null && replicas.datacenterCount() > 1) {
            throw new IllegalArgumentException("the profile " + profile.name()
                    + " has no datacenters (no inter-datacenter delays) for " + replicas.datacenterCount()
                    + " datacenters");
        }
        if (topology != null
                && !Arrays.equals(topology.replicas().replicaDatacenters(), replicas.replicaDatacenters())) {
            throw new IllegalArgumentException(
                    "the replicas " + replicas + " are not placed as the profile's topology places them");
        }
        if (configurations == null || configurations.isEmpty()) {
            throw new IllegalArgumentException("at least one (write level, read level) configuration is needed");
        }
        LinkedHashSet<LevelConfiguration> distinct = new LinkedHashSet<>(configurations);
        if (distinct.size() > MAX_CONFIGURATIONS) {
            throw new IllegalArgumentException(
                    "at most " + MAX_CONFIGURATIONS + " level configurations per run, was " + distinct.size());
        }
        for (LevelConfiguration configuration : distinct) {
            replicas.validate(configuration);
            if (coordinatorReplicaShare.any()) {
                requireCoordinatorReplica(replicas, configuration.writeDatacenter(), "write", coordinatorReplicaShare);
                requireCoordinatorReplica(replicas, configuration.readDatacenter(), "read", coordinatorReplicaShare);
            }
        }
        configurations = List.copyOf(new ArrayList<>(distinct));
        if (trials < 1 || trials > SimulationSpec.MAX_TRIALS) {
            throw new IllegalArgumentException(
                    "trials must be between 1 and " + SimulationSpec.MAX_TRIALS + ", was " + trials);
        }
        if (threads < 1 || threads > SimulationSpec.MAX_THREADS) {
            throw new IllegalArgumentException(
                    "threads must be between 1 and " + SimulationSpec.MAX_THREADS + ", was " + threads);
        }
        visibilityGridMillis = SimulationSpec.normaliseGrid(
                visibilityGridMillis == null ? SimulationSpec.DEFAULT_GRID_MILLIS : visibilityGridMillis);
    }

    /** A simulation whose coordinators are not replicas. */
    public LevelSimulationSpec(
            LatencyProfile profile,
            DatacenterReplicas replicas,
            List<LevelConfiguration> configurations,
            long trials,
            long seed,
            int threads,
            double[] visibilityGridMillis) {
        this(
                profile,
                replicas,
                configurations,
                trials,
                seed,
                threads,
                visibilityGridMillis,
                CoordinatorReplicaShare.NEVER);
    }

    /**
     * A simulation whose coordinators are all on replicas ({@link CoordinatorReplicaShare#ALWAYS})
     * or none ({@link CoordinatorReplicaShare#NEVER}).
     */
    public LevelSimulationSpec(
            LatencyProfile profile,
            DatacenterReplicas replicas,
            List<LevelConfiguration> configurations,
            long trials,
            long seed,
            int threads,
            double[] visibilityGridMillis,
            boolean coordinatorReplica) {
        this(
                profile,
                replicas,
                configurations,
                trials,
                seed,
                threads,
                visibilityGridMillis,
                CoordinatorReplicaShare.fromFlag(coordinatorReplica));
    }

    /** This simulation with all its coordinators on replicas, or none. */
    public LevelSimulationSpec withCoordinatorReplica(boolean coordinatorReplica) {
        return withCoordinatorReplicaShare(CoordinatorReplicaShare.fromFlag(coordinatorReplica));
    }

    /** This simulation with its coordinators on replicas for the given shares of writes and reads. */
    public LevelSimulationSpec withCoordinatorReplicaShare(CoordinatorReplicaShare coordinatorReplicaShare) {
        return new LevelSimulationSpec(
                profile,
                replicas,
                configurations,
                trials,
                seed,
                threads,
                visibilityGridMillis,
                coordinatorReplicaShare);
    }

    /**
     * Whether some coordinator may run on a replica (a share above 0): true when all do ({@link
     * CoordinatorReplicaShare#ALWAYS}), false when none does.
     */
    public boolean coordinatorReplica() {
        return coordinatorReplicaShare.any();
    }

    private static void requireCoordinatorReplica(
            DatacenterReplicas replicas, int datacenter, String operation, CoordinatorReplicaShare share) {
        if (replicas.replicationFactor(datacenter) == 0) {
            String claim = share.isAlways()
                    ? "the coordinator is a replica (coordinator_replica)"
                    : "the coordinator is a replica for some operations (coordinator_replica_share: " + share.describe()
                            + ")";
            throw new IllegalArgumentException(claim + ", but the " + operation + " datacenter "
                    + replicas.name(datacenter) + " holds no replica of the key to coordinate it");
        }
    }

    /** N, the replicas in all datacenters. */
    public int n() {
        return replicas.replicaCount();
    }

    @Override
    public double[] visibilityGridMillis() {
        return visibilityGridMillis.clone();
    }

    /**
     * Every configuration of the given levels and datacenters that the replicas allow, write level
     * outermost, then read level, write datacenter and read datacenter.
     */
    public static List<LevelConfiguration> combinations(
            DatacenterReplicas replicas,
            List<dev.pbs.model.quorum.ConsistencyLevel> writeLevels,
            List<dev.pbs.model.quorum.ConsistencyLevel> readLevels,
            List<Integer> writeDatacenters,
            List<Integer> readDatacenters) {
        List<LevelConfiguration> all = new ArrayList<>();
        for (var writeLevel : writeLevels) {
            for (var readLevel : readLevels) {
                for (int writeDatacenter : writeDatacenters) {
                    for (int readDatacenter : readDatacenters) {
                        all.add(new LevelConfiguration(writeLevel, readLevel, writeDatacenter, readDatacenter));
                    }
                }
            }
        }
        return all;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LevelSimulationSpec that
                && trials == that.trials
                && seed == that.seed
                && threads == that.threads
                && coordinatorReplicaShare.equals(that.coordinatorReplicaShare)
                && profile.equals(that.profile)
                && replicas.equals(that.replicas)
                && configurations.equals(that.configurations)
                && Arrays.equals(visibilityGridMillis, that.visibilityGridMillis);
    }

    @Override
    public int hashCode() {
        return Objects.hash(profile, replicas, configurations, trials, seed, coordinatorReplicaShare);
    }

    @Override
    public String toString() {
        return "LevelSimulationSpec(" + profile.name() + ", " + replicas + ", " + configurations.size()
                + " configurations, " + trials + " trials, seed " + seed
                + coordinatorText(coordinatorReplicaShare) + ")";
    }

    /** {@code ", coordinators on replicas"}, the shares when they are partial, or nothing when none is. */
    private static String coordinatorText(CoordinatorReplicaShare share) {
        if (share.isNever()) {
            return "";
        }
        return share.isAlways() ? ", coordinators on replicas" : ", " + share.describe();
    }
}
