package dev.pbs.cassandra.probe;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What a probe has measured so far.
 *
 * @param clusterName as the cluster reports it
 * @param cassandraVersion the release of the first node that answered
 * @param datacenter the datacenter whose nodes coordinated
 * @param replicationFactor of the probe's keyspace
 * @param started when the workload began
 * @param at when this snapshot was taken
 * @param operations the workload's counters
 * @param delaysMicros W, A, R, S histograms (microseconds) by replica address
 * @param nodes each node's availability
 */
public record ProbeSnapshot(String clusterName, String cassandraVersion, String datacenter, int replicationFactor,
                            Instant started, Instant at, ProbeCounters operations,
                            Map<String, Map<MessageType, Histogram>> delaysMicros, List<NodeHealth.NodeReport> nodes) {

    /** Samples of one message type across replicas. */
    public long samples(MessageType type) {
        long total = 0;
        for (Map<MessageType, Histogram> types : delaysMicros.values()) {
            Histogram histogram = types.get(type);
            total += histogram == null ? 0 : histogram.getTotalCount();
        }
        return total;
    }
}
