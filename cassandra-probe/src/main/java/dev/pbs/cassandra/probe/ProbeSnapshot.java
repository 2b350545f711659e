package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.WarsMessage;
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
 * @param delaysMicros W, A, R, S histograms (microseconds) by replica address and message
 * @param nodes each node's availability
 * @param localDelaysMicros the coordinator's own replica's delays (microseconds), by message
 * @param readTargets where traced reads at ONE through a replica coordinator went
 * @param client what the probe's client saw: untraced latencies and refused round trips
 */
public record ProbeSnapshot(
        String clusterName,
        String cassandraVersion,
        String datacenter,
        int replicationFactor,
        Instant started,
        Instant at,
        ProbeCounters operations,
        Map<String, Map<WarsMessage, Histogram>> delaysMicros,
        List<NodeHealth.NodeReport> nodes,
        Map<WarsMessage, Histogram> localDelaysMicros,
        WarsRecorder.ReadTargets readTargets,
        ClientLatencies.Snapshot client) {

    /** Samples of one message across replicas. */
    public long samples(WarsMessage message) {
        long total = 0;
        for (Map<WarsMessage, Histogram> messages : delaysMicros.values()) {
            Histogram histogram = messages.get(message);
            total += histogram == null ? 0 : histogram.getTotalCount();
        }
        return total;
    }
}
