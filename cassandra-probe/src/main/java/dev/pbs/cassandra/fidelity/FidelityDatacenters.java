package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.cluster.ClusterLayout;
import dev.pbs.cassandra.observe.ObservedLevels;
import dev.pbs.cassandra.probe.DatacenterReplication;
import dev.pbs.model.quorum.DatacenterReplicas;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The datacenters of a fidelity cell over several: each datacenter's replicas per key, the mean
 * of the exponential delay injected into every message between datacenters, and the levels and
 * datacenters of the observed writes and reads. Each datacenter gets one node more than its
 * replicas, which coordinates the keys it is not a replica of, so that no coordinator is a replica
 * (as the model's level engine has it).
 *
 * @param replication replicas per key in each datacenter (dc1:3,dc2:3 makes a cluster of dc1:4,dc2:4)
 * @param interDatacenterMeanMillis mean of the injected inter-datacenter delay, in (0, 1000]
 * @param levels what is observed
 */
public record FidelityDatacenters(
        DatacenterReplication replication, double interDatacenterMeanMillis, ObservedLevels levels) {

    public FidelityDatacenters {
        Objects.requireNonNull(replication, "replication");
        Objects.requireNonNull(levels, "levels");
        if (!(interDatacenterMeanMillis > 0) || interDatacenterMeanMillis > 1000) {
            throw new IllegalArgumentException(
                    "--inter-dc-mean-ms must be in (0, 1000], was " + interDatacenterMeanMillis);
        }
        replicas(replication)
                .validate(new dev.pbs.model.quorum.LevelConfiguration(
                        levels.writeLevel(),
                        levels.readLevel(),
                        index(replication, levels.writeDatacenter(), "--write-dc"),
                        index(replication, levels.readDatacenter(), "--read-dc")));
    }

    private int index(String datacenter, String option) {
        return index(replication, datacenter, option);
    }

    private static int index(DatacenterReplication replication, String datacenter, String option) {
        int index = List.copyOf(replication.factors().keySet()).indexOf(datacenter);
        if (index < 0) {
            throw new IllegalArgumentException(option + " " + datacenter + " is not one of the datacenters "
                    + replication.factors().keySet());
        }
        return index;
    }

    /** The key's replicas by datacenter, in the order of {@link #replication}. */
    public DatacenterReplicas replicas() {
        return replicas(replication);
    }

    private static DatacenterReplicas replicas(DatacenterReplication replication) {
        return replication.placement();
    }

    /** The cluster: one node more than the replicas in every datacenter. */
    public ClusterLayout layout() {
        List<ClusterLayout.Datacenter> datacenters = new ArrayList<>();
        replication
                .factors()
                .forEach((name, factor) -> datacenters.add(new ClusterLayout.Datacenter(name, factor + 1)));
        return new ClusterLayout(datacenters, true);
    }

    /** The replicas the write level waits for, in the write's datacenter's terms. */
    public int writeReplicas() {
        return replicas().replicasNeeded(levels.writeLevel(), index(levels.writeDatacenter(), "--write-dc"));
    }

    /** The replicas the read level contacts. */
    public int readReplicas() {
        return replicas().replicasNeeded(levels.readLevel(), index(levels.readDatacenter(), "--read-dc"));
    }

    /** The injection beside the per-message delays: {@code INTER_DC=exponential:MEAN}. */
    public String injection() {
        return "INTER_DC=exponential:" + interDatacenterMeanMillis;
    }

    /** A keyspace name for this replication, e.g. {@code pbs_fidelity_dc1_3_dc2_3}. */
    public String keyspace() {
        StringBuilder name = new StringBuilder("pbs_fidelity");
        replication
                .factors()
                .forEach((datacenter, factor) -> name.append('_')
                        .append(datacenter.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_"))
                        .append('_')
                        .append(factor));
        return name.length() > 48 ? name.substring(0, 48) : name.toString();
    }
}
