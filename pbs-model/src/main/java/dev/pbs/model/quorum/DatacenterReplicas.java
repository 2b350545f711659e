package dev.pbs.model.quorum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A key's replicas placed in named datacenters (Cassandra's NetworkTopologyStrategy), and what
 * Cassandra's consistency levels ask of them (model note section 7):
 *
 * <ul>
 *   <li>a write at ONE, TWO, THREE, QUORUM or ALL commits at the k-th acknowledgement of any replica
 *       (k = 1, 2, 3, floor(N/2)+1, N); at LOCAL_ONE or LOCAL_QUORUM at the k-th of the coordinator's
 *       datacenter (k = 1, floor(RF/2)+1); at EACH_QUORUM once every datacenter e has
 *       floor(RF_e/2)+1;</li>
 *   <li>a read contacts exactly as many replicas as its level needs: LOCAL levels k random replicas
 *       of the coordinator's datacenter; ONE to ALL k replicas, the coordinator's datacenter's first;
 *       EACH_QUORUM floor(RF_e/2)+1 random replicas of every datacenter e.</li>
 * </ul>
 *
 * <p>Datacenters are numbered in the order of their names; a datacenter may hold no replica (a
 * coordinator may still sit there, but LOCAL levels cannot be used there).
 */
public final class DatacenterReplicas {

    /** At most this many replicas per key (the engine keeps replica sets as 64-bit masks). */
    public static final int MAX_REPLICAS = 64;

    private final List<String> names;
    private final int[] replicaDatacenter;
    private final int[] replicationFactors;

    private DatacenterReplicas(List<String> names, int[] replicaDatacenter) {
        this.names = names;
        this.replicaDatacenter = replicaDatacenter;
        this.replicationFactors = new int[names.size()];
        for (int datacenter : replicaDatacenter) {
            replicationFactors[datacenter]++;
        }
    }

    /**
     * @param names the datacenters' names, distinct and non-blank
     * @param replicaDatacenter each replica's datacenter, an index into {@code names}; its length is N
     */
    public static DatacenterReplicas of(List<String> names, int[] replicaDatacenter) {
        Objects.requireNonNull(names, "datacenter names are missing");
        Objects.requireNonNull(replicaDatacenter, "replica_dc is missing");
        if (names.isEmpty()) {
            throw new IllegalArgumentException("names must list at least one datacenter");
        }
        List<String> seen = new ArrayList<>();
        for (String name : names) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("datacenter names must not be blank");
            }
            if (seen.contains(name)) {
                throw new IllegalArgumentException("datacenter '" + name + "' is named twice");
            }
            seen.add(name);
        }
        if (replicaDatacenter.length == 0) {
            throw new IllegalArgumentException("replica_dc must list the datacenter of every replica, was empty");
        }
        if (replicaDatacenter.length > MAX_REPLICAS) {
            throw new IllegalArgumentException("at most " + MAX_REPLICAS + " replicas per key across datacenters, was "
                    + replicaDatacenter.length);
        }
        for (int i = 0; i < replicaDatacenter.length; i++) {
            if (replicaDatacenter[i] < 0 || replicaDatacenter[i] >= names.size()) {
                throw new IllegalArgumentException("replica_dc[" + i + "] must be one of the " + names.size()
                        + " datacenters, was " + replicaDatacenter[i]);
            }
        }
        return new DatacenterReplicas(List.copyOf(names), replicaDatacenter.clone());
    }

    /** N, the replicas in all datacenters. */
    public int replicaCount() {
        return replicaDatacenter.length;
    }

    public int datacenterCount() {
        return names.size();
    }

    public List<String> names() {
        return names;
    }

    public String name(int datacenter) {
        return names.get(datacenter);
    }

    /** The number of a datacenter's name, or -1 when there is none of that name. */
    public int indexOf(String name) {
        return names.indexOf(name);
    }

    /** The datacenter of replica {@code replica}. */
    public int datacenterOf(int replica) {
        return replicaDatacenter[replica];
    }

    /** The datacenter of every replica, in replica order. */
    public int[] replicaDatacenters() {
        return replicaDatacenter.clone();
    }

    /** RF of a datacenter: how many of the key's replicas it holds. */
    public int replicationFactor(int datacenter) {
        return replicationFactors[datacenter];
    }

    /** The replicas of a datacenter, ascending. */
    public int[] replicasIn(int datacenter) {
        return java.util.stream.IntStream.range(0, replicaDatacenter.length)
                .filter(i -> replicaDatacenter[i] == datacenter)
                .toArray();
    }

    /**
     * How many replicas {@code level} needs in total, coordinated from {@code datacenter}:
     * acknowledgements a write waits for, replicas a read contacts.
     *
     * @throws IllegalArgumentException when the level needs more replicas than there are, or a
     *     LOCAL level is used where no replica is
     */
    public int replicasNeeded(ConsistencyLevel level, int datacenter) {
        int[] perDatacenter = fixedReplicasNeeded(level, datacenter);
        return perDatacenter == null
                ? globalReplicasNeeded(level)
                : Arrays.stream(perDatacenter).sum();
    }

    /**
     * For a LOCAL level or EACH_QUORUM, how many replicas of each datacenter it needs; null for the
     * levels that count replicas anywhere.
     */
    public int[] fixedReplicasNeeded(ConsistencyLevel level, int datacenter) {
        requireDatacenter(datacenter);
        int[] needed = new int[names.size()];
        switch (level.scope()) {
            case EVERY_DATACENTER -> {
                globalReplicasNeeded(level);
                return null;
            }
            case COORDINATOR_DATACENTER -> {
                int factor = replicationFactors[datacenter];
                if (factor == 0) {
                    throw new IllegalArgumentException(level + " in datacenter " + names.get(datacenter)
                            + " is not possible: it holds no replica of the key");
                }
                needed[datacenter] = level == ConsistencyLevel.LOCAL_ONE ? 1 : ConsistencyLevel.quorum(factor);
            }
            case EACH_DATACENTER -> {
                for (int e = 0; e < needed.length; e++) {
                    needed[e] = replicationFactors[e] == 0 ? 0 : ConsistencyLevel.quorum(replicationFactors[e]);
                }
            }
        }
        return needed;
    }

    /** Replicas anywhere that ONE to ALL need; throws when there are fewer replicas. */
    private int globalReplicasNeeded(ConsistencyLevel level) {
        int n = replicaDatacenter.length;
        int needed = level.replicas(n);
        if (needed > n) {
            throw new IllegalArgumentException(
                    level + " needs " + needed + " replicas, but the key has " + n + " in all datacenters");
        }
        return needed;
    }

    /** Checks that a configuration's levels can be used from its datacenters. */
    public void validate(LevelConfiguration configuration) {
        replicasNeeded(configuration.writeLevel(), configuration.writeDatacenter());
        replicasNeeded(configuration.readLevel(), configuration.readDatacenter());
    }

    /**
     * Whether every read set the read level can contact intersects every replica set whose
     * acknowledgements can commit the write: then a read that starts after commit is never stale.
     * Decided per datacenter by counts: the sets can miss each other iff some choice puts, in every
     * datacenter e, at most RF_e replicas in the two together.
     */
    public boolean isStrict(LevelConfiguration configuration) {
        validate(configuration);
        int n = replicaDatacenter.length;
        int[] write = fixedReplicasNeeded(configuration.writeLevel(), configuration.writeDatacenter());
        int[] read = fixedReplicasNeeded(configuration.readLevel(), configuration.readDatacenter());
        int writeCount = replicasNeeded(configuration.writeLevel(), configuration.writeDatacenter());
        int readCount = replicasNeeded(configuration.readLevel(), configuration.readDatacenter());
        int readDatacenter = configuration.readDatacenter();
        if (write != null && read != null) {
            for (int e = 0; e < write.length; e++) {
                if (write[e] + read[e] > replicationFactors[e]) {
                    return true;
                }
            }
            return false;
        }
        if (write == null && read != null) {
            // The write may be acknowledged by any writeCount replicas: outside the read set if
            // enough are left.
            return n - readCount < writeCount;
        }
        // A read at ONE to ALL contacts the coordinator's datacenter's replicas first, then others.
        int local = Math.min(readCount, replicationFactors[readDatacenter]);
        int remote = readCount - local;
        if (write == null) {
            return n - readCount < writeCount;
        }
        if (write[readDatacenter] + local > replicationFactors[readDatacenter]) {
            return true;
        }
        int roomElsewhere = 0;
        for (int e = 0; e < write.length; e++) {
            if (e != readDatacenter) {
                roomElsewhere += replicationFactors[e] - write[e];
            }
        }
        return roomElsewhere < remote;
    }

    private void requireDatacenter(int datacenter) {
        if (datacenter < 0 || datacenter >= names.size()) {
            throw new IllegalArgumentException(
                    "datacenter number " + datacenter + " is not one of the " + names.size() + " datacenters");
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DatacenterReplicas that
                && names.equals(that.names)
                && Arrays.equals(replicaDatacenter, that.replicaDatacenter);
    }

    @Override
    public int hashCode() {
        return 31 * names.hashCode() + Arrays.hashCode(replicaDatacenter);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int d = 0; d < names.size(); d++) {
            text.append(d == 0 ? "" : ",").append(names.get(d)).append(':').append(replicationFactors[d]);
        }
        return text.toString();
    }
}
