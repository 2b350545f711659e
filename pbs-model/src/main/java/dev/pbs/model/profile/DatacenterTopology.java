package dev.pbs.model.profile;

import dev.pbs.model.distribution.LatencyDistribution;
import java.util.Arrays;
import java.util.Objects;

/**
 * Replicas placed in datacenters. Every message between the coordinator and a replica in another
 * datacenter takes an extra, independently drawn inter-datacenter delay.
 *
 * <p>Placement is either explicit (replica i in datacenter {@code replicaDatacenters[i]}, so the
 * profile fixes N) or one datacenter per replica for any N (the paper's WAN scenario).
 */
public final class DatacenterTopology {

    private final int[] replicaDatacenters;
    private final LatencyDistribution interDatacenterDelay;
    private final CoordinatorPlacement coordinatorPlacement;

    private DatacenterTopology(
            int[] replicaDatacenters,
            LatencyDistribution interDatacenterDelay,
            CoordinatorPlacement coordinatorPlacement) {
        this.replicaDatacenters = replicaDatacenters;
        this.interDatacenterDelay = Objects.requireNonNull(interDatacenterDelay, "inter_dc_delay is missing");
        this.coordinatorPlacement = Objects.requireNonNull(coordinatorPlacement, "coordinator placement is missing");
    }

    /**
     * @param replicaDatacenters datacenter number ({@code >= 0}) of each replica; its length is N
     */
    public static DatacenterTopology explicit(
            int[] replicaDatacenters,
            LatencyDistribution interDatacenterDelay,
            CoordinatorPlacement coordinatorPlacement) {
        Objects.requireNonNull(replicaDatacenters, "replica_dc is missing");
        if (replicaDatacenters.length == 0) {
            throw new IllegalArgumentException("replica_dc must list the datacenter of every replica, was empty");
        }
        for (int i = 0; i < replicaDatacenters.length; i++) {
            if (replicaDatacenters[i] < 0) {
                throw new IllegalArgumentException("replica_dc[" + i + "] must be >= 0, was " + replicaDatacenters[i]);
            }
        }
        return new DatacenterTopology(replicaDatacenters.clone(), interDatacenterDelay, coordinatorPlacement);
    }

    /** Replica i in datacenter i, for every N. */
    public static DatacenterTopology onePerReplica(
            LatencyDistribution interDatacenterDelay, CoordinatorPlacement coordinatorPlacement) {
        return new DatacenterTopology(null, interDatacenterDelay, coordinatorPlacement);
    }

    public boolean isOnePerReplica() {
        return replicaDatacenters == null;
    }

    /** The explicit placement, or empty when the topology is one datacenter per replica. */
    public int[] explicitReplicaDatacenters() {
        return replicaDatacenters == null ? new int[0] : replicaDatacenters.clone();
    }

    /** The datacenter of each of n replicas. */
    public int[] replicaDatacenters(int n) {
        if (replicaDatacenters == null) {
            int[] placement = new int[n];
            Arrays.setAll(placement, i -> i);
            return placement;
        }
        if (replicaDatacenters.length != n) {
            throw new IllegalArgumentException("the profile places " + replicaDatacenters.length
                    + " replicas in datacenters (replica_dc), but N is " + n);
        }
        return replicaDatacenters.clone();
    }

    public LatencyDistribution interDatacenterDelay() {
        return interDatacenterDelay;
    }

    public CoordinatorPlacement coordinatorPlacement() {
        return coordinatorPlacement;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DatacenterTopology that
                && Arrays.equals(replicaDatacenters, that.replicaDatacenters)
                && interDatacenterDelay.equals(that.interDatacenterDelay)
                && coordinatorPlacement.equals(that.coordinatorPlacement);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(replicaDatacenters), interDatacenterDelay, coordinatorPlacement);
    }

    @Override
    public String toString() {
        return "DatacenterTopology("
                + (replicaDatacenters == null ? "one per replica" : Arrays.toString(replicaDatacenters)) + ", inter-dc "
                + interDatacenterDelay.describe()
                + ", coordinator " + coordinatorPlacement.text() + ")";
    }
}
