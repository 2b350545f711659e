package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.WarsMessage;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
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
 * @param datacenters over several datacenters, the nodes' datacenters and the crossing delays
 *     ({@code delaysMicros} then holds each replica's delays from coordinators of its own
 *     datacenter); empty for one datacenter
 * @param pairs pairs of delays of one traced operation, for how its messages move together
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
        ClientLatencies.Snapshot client,
        Optional<DatacenterMeasurements> datacenters,
        MessagePairs.Snapshot pairs) {

    /** A snapshot of one datacenter, without pairs of delays. */
    public ProbeSnapshot(
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
        this(
                clusterName,
                cassandraVersion,
                datacenter,
                replicationFactor,
                started,
                at,
                operations,
                delaysMicros,
                nodes,
                localDelaysMicros,
                readTargets,
                client,
                Optional.empty(),
                MessagePairs.Snapshot.NONE);
    }

    /**
     * What was measured between {@code earlier} and this snapshot, both of the same run: every
     * histogram and counter less the earlier one's; the nodes' availability as of now.
     */
    public ProbeSnapshot since(ProbeSnapshot earlier) {
        Map<String, Map<WarsMessage, Histogram>> delays = new TreeMap<>(ReplicaOrder.COMPARATOR);
        delaysMicros.forEach((replica, messages) -> {
            Map<WarsMessage, Histogram> window =
                    less(messages, earlier.delaysMicros().getOrDefault(replica, Map.of()));
            if (!window.isEmpty()) {
                delays.put(replica, window);
            }
        });
        ProbeCounters before = earlier.operations();
        return new ProbeSnapshot(
                clusterName,
                cassandraVersion,
                datacenter,
                replicationFactor,
                earlier.at(),
                at,
                new ProbeCounters(
                        operations.issued() - before.issued(),
                        operations.succeeded() - before.succeeded(),
                        operations.failed() - before.failed(),
                        operations.skipped() - before.skipped(),
                        operations.traced() - before.traced(),
                        operations.tracesRead() - before.tracesRead(),
                        operations.traceFailures() - before.traceFailures(),
                        operations.samplesDiscarded() - before.samplesDiscarded()),
                delays,
                nodes,
                less(localDelaysMicros, earlier.localDelaysMicros()),
                new WarsRecorder.ReadTargets(
                        readTargets.servedLocally() - earlier.readTargets().servedLocally(),
                        readTargets.sentAway() - earlier.readTargets().sentAway()),
                client.since(earlier.client()),
                datacenters.map(
                        measured -> earlier.datacenters().map(measured::since).orElse(measured)),
                pairs.since(earlier.pairs()));
    }

    /** This snapshot with {@code other} pairs of delays of one traced operation. */
    public ProbeSnapshot withPairs(MessagePairs.Snapshot other) {
        return new ProbeSnapshot(
                clusterName,
                cassandraVersion,
                datacenter,
                replicationFactor,
                started,
                at,
                operations,
                delaysMicros,
                nodes,
                localDelaysMicros,
                readTargets,
                client,
                datacenters,
                other);
    }

    /** This snapshot with each replica's delays and the own replica's replaced (corrected), the rest as it is. */
    public ProbeSnapshot withDelays(
            Map<String, Map<WarsMessage, Histogram>> delays, Map<WarsMessage, Histogram> local) {
        return new ProbeSnapshot(
                clusterName,
                cassandraVersion,
                datacenter,
                replicationFactor,
                started,
                at,
                operations,
                delays,
                nodes,
                local,
                readTargets,
                client,
                datacenters,
                pairs);
    }

    /** Each message's histogram less the earlier one's; only messages with samples left. */
    static Map<WarsMessage, Histogram> less(Map<WarsMessage, Histogram> later, Map<WarsMessage, Histogram> earlier) {
        Map<WarsMessage, Histogram> difference = new EnumMap<>(WarsMessage.class);
        later.forEach((message, histogram) -> {
            Histogram window = less(histogram, earlier.get(message));
            if (window.getTotalCount() > 0) {
                difference.put(message, window);
            }
        });
        return difference;
    }

    /** The later histogram less the earlier one (null or empty: the later one, copied). */
    static Histogram less(Histogram later, Histogram earlier) {
        Histogram difference = later.copy();
        if (earlier != null && earlier.getTotalCount() > 0) {
            difference.subtract(earlier);
        }
        return difference;
    }

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
