package dev.pbs.model.profile;

import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.quorum.DatacenterReplicas;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Replicas placed in datacenters. Every message between the coordinator and a replica in another
 * datacenter takes an extra, independently drawn inter-datacenter delay.
 *
 * <p>Placement is either explicit (replica i in datacenter {@code replicaDatacenters[i]}, so the
 * profile fixes N) or one datacenter per replica for any N (the paper's WAN scenario). An explicit
 * placement may name its datacenters (Cassandra's topologies, model note section 7) and give the
 * one-way delay of each ordered pair of datacenters; otherwise one delay serves every pair.
 */
public final class DatacenterTopology {

    private final int[] replicaDatacenters;
    private final List<String> names;
    /** The delay of every pair without one of its own; null when every ordered pair has its own. */
    private final LatencyDistribution interDatacenterDelay;
    /** pairDelays[from][to], null where the pair takes {@link #interDatacenterDelay}; null when none. */
    private final LatencyDistribution[][] pairDelays;

    private final CoordinatorPlacement coordinatorPlacement;

    private DatacenterTopology(
            int[] replicaDatacenters,
            List<String> names,
            LatencyDistribution interDatacenterDelay,
            LatencyDistribution[][] pairDelays,
            CoordinatorPlacement coordinatorPlacement) {
        this.replicaDatacenters = replicaDatacenters;
        this.names = names;
        this.interDatacenterDelay = interDatacenterDelay;
        this.pairDelays = pairDelays;
        this.coordinatorPlacement = Objects.requireNonNull(coordinatorPlacement, "coordinator placement is missing");
    }

    /**
     * @param replicaDatacenters datacenter number ({@code >= 0}) of each replica; its length is N
     */
    public static DatacenterTopology explicit(
            int[] replicaDatacenters,
            LatencyDistribution interDatacenterDelay,
            CoordinatorPlacement coordinatorPlacement) {
        requirePlacement(replicaDatacenters);
        Objects.requireNonNull(interDatacenterDelay, "inter_dc_delay is missing");
        return new DatacenterTopology(
                replicaDatacenters.clone(), List.of(), interDatacenterDelay, null, coordinatorPlacement);
    }

    /**
     * Named datacenters, as Cassandra's NetworkTopologyStrategy places replicas.
     *
     * @param names the datacenters, in the order their numbers follow
     * @param replicaDatacenters each replica's datacenter, an index into {@code names}; its length is N
     * @param interDatacenterDelay the one-way delay of every ordered pair without one in {@code
     *     pairDelays}; may be null when {@code pairDelays} covers every ordered pair
     * @param pairDelays one-way delays of particular ordered pairs
     * @param coordinatorPlacement where (R, W) predictions put the coordinator
     */
    public static DatacenterTopology named(
            List<String> names,
            int[] replicaDatacenters,
            LatencyDistribution interDatacenterDelay,
            List<DatacenterPairDelay> pairDelays,
            CoordinatorPlacement coordinatorPlacement) {
        requirePlacement(replicaDatacenters);
        DatacenterReplicas replicas = DatacenterReplicas.of(names, replicaDatacenters);
        int count = replicas.datacenterCount();
        Objects.requireNonNull(pairDelays, "inter_dc_delays is missing");
        LatencyDistribution[][] pairs = pairDelays.isEmpty() ? null : new LatencyDistribution[count][count];
        for (DatacenterPairDelay pair : pairDelays) {
            if (pair.from() >= count || pair.to() >= count) {
                throw new IllegalArgumentException("inter_dc_delays names datacenter number "
                        + Math.max(pair.from(), pair.to()) + ", but there are " + count);
            }
            if (pairs[pair.from()][pair.to()] != null) {
                throw new IllegalArgumentException("inter_dc_delays gives the pair " + names.get(pair.from()) + " -> "
                        + names.get(pair.to()) + " twice");
            }
            pairs[pair.from()][pair.to()] = pair.distribution();
        }
        if (interDatacenterDelay == null) {
            for (int from = 0; from < count; from++) {
                for (int to = 0; to < count; to++) {
                    if (from != to && (pairs == null || pairs[from][to] == null)) {
                        throw new IllegalArgumentException("no inter-datacenter delay for " + names.get(from) + " -> "
                                + names.get(to) + ": give inter_dc_delay for every pair, or that pair in "
                                + "inter_dc_delays");
                    }
                }
            }
        }
        if (!coordinatorPlacement.isRandom() && coordinatorPlacement.fixedDatacenter() >= count) {
            throw new IllegalArgumentException("the coordinator's datacenter dc:"
                    + coordinatorPlacement.fixedDatacenter() + " is not one of the " + count + " datacenters");
        }
        return new DatacenterTopology(
                replicaDatacenters.clone(), List.copyOf(names), interDatacenterDelay, pairs, coordinatorPlacement);
    }

    private static void requirePlacement(int[] replicaDatacenters) {
        Objects.requireNonNull(replicaDatacenters, "replica_dc is missing");
        if (replicaDatacenters.length == 0) {
            throw new IllegalArgumentException("replica_dc must list the datacenter of every replica, was empty");
        }
        for (int i = 0; i < replicaDatacenters.length; i++) {
            if (replicaDatacenters[i] < 0) {
                throw new IllegalArgumentException("replica_dc[" + i + "] must be >= 0, was " + replicaDatacenters[i]);
            }
        }
    }

    /** Replica i in datacenter i, for every N. */
    public static DatacenterTopology onePerReplica(
            LatencyDistribution interDatacenterDelay, CoordinatorPlacement coordinatorPlacement) {
        Objects.requireNonNull(interDatacenterDelay, "inter_dc_delay is missing");
        return new DatacenterTopology(null, List.of(), interDatacenterDelay, null, coordinatorPlacement);
    }

    /** Whether the datacenters have names (then the placement is explicit). */
    public boolean isNamed() {
        return !names.isEmpty();
    }

    /** The datacenters' names, in number order; empty when they have none. */
    public List<String> names() {
        return names;
    }

    /**
     * The replicas by datacenter for consistency levels: the named datacenters, or for an explicit
     * unnamed placement datacenters named {@code dc0}, {@code dc1}, ... up to the largest number.
     *
     * @throws IllegalArgumentException for one datacenter per replica, which fixes no N
     */
    public DatacenterReplicas replicas() {
        if (replicaDatacenters == null) {
            throw new IllegalArgumentException("consistency levels need the replicas' datacenters (replica_dc), but "
                    + "this profile puts every replica in its own datacenter for any N");
        }
        if (isNamed()) {
            return DatacenterReplicas.of(names, replicaDatacenters);
        }
        int count = Arrays.stream(replicaDatacenters).max().orElse(0) + 1;
        List<String> numbered = new ArrayList<>();
        for (int d = 0; d < count; d++) {
            numbered.add("dc" + d);
        }
        return DatacenterReplicas.of(numbered, replicaDatacenters);
    }

    /** Whether some ordered pair of datacenters has a delay of its own. */
    public boolean hasPairDelays() {
        return pairDelays != null;
    }

    /** The one-way delay of a message from datacenter {@code from} to datacenter {@code to}, {@code from != to}. */
    public LatencyDistribution interDatacenterDelay(int from, int to) {
        if (pairDelays != null && from < pairDelays.length && to < pairDelays.length && pairDelays[from][to] != null) {
            return pairDelays[from][to];
        }
        if (interDatacenterDelay == null) {
            throw new IllegalArgumentException("no inter-datacenter delay for datacenter " + from + " -> " + to);
        }
        return interDatacenterDelay;
    }

    /** The ordered pairs with delays of their own, in (from, to) order. */
    public List<DatacenterPairDelay> pairDelays() {
        List<DatacenterPairDelay> pairs = new ArrayList<>();
        if (pairDelays != null) {
            for (int from = 0; from < pairDelays.length; from++) {
                for (int to = 0; to < pairDelays.length; to++) {
                    if (pairDelays[from][to] != null) {
                        pairs.add(new DatacenterPairDelay(from, to, pairDelays[from][to]));
                    }
                }
            }
        }
        return pairs;
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

    /**
     * The one delay of every pair (the paper's WAN variant, (R, W) predictions).
     *
     * @throws IllegalArgumentException when the topology gives delays per pair and none for all
     */
    public LatencyDistribution interDatacenterDelay() {
        if (interDatacenterDelay == null) {
            throw new IllegalArgumentException("this profile gives an inter-datacenter delay per pair of datacenters "
                    + "(inter_dc_delays) and none for all (inter_dc_delay): ask for consistency levels, which use "
                    + "each pair's delay");
        }
        return interDatacenterDelay;
    }

    /** The delay of every pair without one of its own, if the topology gives one. */
    public java.util.Optional<LatencyDistribution> defaultInterDatacenterDelay() {
        return java.util.Optional.ofNullable(interDatacenterDelay);
    }

    public CoordinatorPlacement coordinatorPlacement() {
        return coordinatorPlacement;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DatacenterTopology that
                && Arrays.equals(replicaDatacenters, that.replicaDatacenters)
                && names.equals(that.names)
                && Objects.equals(interDatacenterDelay, that.interDatacenterDelay)
                && Arrays.deepEquals(pairDelays, that.pairDelays)
                && coordinatorPlacement.equals(that.coordinatorPlacement);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(replicaDatacenters), names, interDatacenterDelay, coordinatorPlacement);
    }

    @Override
    public String toString() {
        return "DatacenterTopology("
                + (replicaDatacenters == null ? "one per replica" : Arrays.toString(replicaDatacenters))
                + (isNamed() ? " of " + names : "") + ", inter-dc "
                + (interDatacenterDelay == null ? "per pair" : interDatacenterDelay.describe())
                + (pairDelays == null ? "" : " and " + pairDelays().size() + " pairs of their own")
                + ", coordinator " + coordinatorPlacement.text() + ")";
    }
}
