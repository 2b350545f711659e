package dev.pbs.cassandra.probe;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Turns a probe's measurements into a latency profile in the engine's format: empirical W, A, R
 * and S distributions (microsecond HdrHistograms) pooled over replicas as the defaults, one entry
 * per replica in address order (so the profile fixes N to the replication factor), and the
 * provenance a reader needs to trust it: cluster, version, time window, sample counts, and how
 * the delays were derived.
 */
public final class MeasuredProfile {

    private MeasuredProfile() {
    }

    /**
     * @throws IllegalArgumentException when some message type has no sample at all, or there are
     *     fewer replicas with samples than the replication factor (with what to try instead)
     */
    public static LatencyProfile of(ProbeSnapshot snapshot, String name) {
        Map<MessageType, Histogram> pooled = new EnumMap<>(MessageType.class);
        for (MessageType type : MessageType.values()) {
            pooled.put(type, new Histogram(WarsRecorder.HIGHEST_MICROS, 3));
        }
        snapshot.delaysMicros().forEach((replica, types) -> types.forEach((type, histogram) -> pooled.get(type).add(histogram)));
        for (MessageType type : MessageType.values()) {
            if (pooled.get(type).getTotalCount() == 0) {
                throw new IllegalArgumentException("no " + type + " samples were measured (" + snapshot.operations().traced()
                        + " traced operations, " + snapshot.operations().tracesRead() + " traces read): run longer, "
                        + "raise --rate or --trace-fraction, or check that tracing works on the cluster");
            }
        }
        List<String> replicas = new ArrayList<>(snapshot.delaysMicros().keySet());
        if (replicas.size() < snapshot.replicationFactor()) {
            throw new IllegalArgumentException("samples came from " + replicas.size() + " replica(s) " + replicas
                    + ", fewer than the replication factor " + snapshot.replicationFactor() + ": run longer so that every "
                    + "node coordinates and is probed");
        }
        MessageDelays defaults = new MessageDelays(empirical(pooled.get(MessageType.W)), empirical(pooled.get(MessageType.A)),
                empirical(pooled.get(MessageType.R)), empirical(pooled.get(MessageType.S)));
        List<DelayOverrides> overrides = new ArrayList<>();
        StringBuilder counts = new StringBuilder();
        for (String replica : replicas) {
            Map<MessageType, Histogram> types = snapshot.delaysMicros().get(replica);
            overrides.add(new DelayOverrides(orNull(types.get(MessageType.W)), orNull(types.get(MessageType.A)),
                    orNull(types.get(MessageType.R)), orNull(types.get(MessageType.S))));
            counts.append(String.format(Locale.ROOT, "; replica %d = %s: W %d, A %d, R %d, S %d", overrides.size(), replica,
                    count(types.get(MessageType.W)), count(types.get(MessageType.A)), count(types.get(MessageType.R)),
                    count(types.get(MessageType.S))));
        }
        if (replicas.size() > snapshot.replicationFactor()) {
            // More nodes than replicas per key: each node is one replica of some keys; describe the
            // typical key by the pooled delays rather than pretend N is the node count.
            overrides = List.of();
        }
        ProbeCounters operations = snapshot.operations();
        Duration window = Duration.between(snapshot.started(), snapshot.at()).truncatedTo(ChronoUnit.SECONDS);
        String provenance = String.format(Locale.ROOT,
                "Measured by pbs probe on Cassandra cluster '%s' (Cassandra %s, datacenter %s, replication factor %d) "
                        + "from %s to %s (%d s): %d operations, %d traced at consistency ALL, %d traces read, %d replica "
                        + "samples discarded as incomplete. Samples: W %d, A %d, R %d, S %d%s. One-way delays from query "
                        + "traces, microseconds: W = half the wire time + the replica's time to apply the mutation; "
                        + "A = the replica's time from applying to sending its answer + half the wire time; R and S "
                        + "likewise around executing the read; the wire time is the coordinator's round trip minus "
                        + "the replica's time, so only each node's own stopwatch is used (no clock skew enters) and "
                        + "the wire is assumed symmetric. A coordinator's own replica answers locally and gives no sample.",
                snapshot.clusterName(), snapshot.cassandraVersion(), snapshot.datacenter(), snapshot.replicationFactor(),
                snapshot.started().truncatedTo(ChronoUnit.SECONDS), snapshot.at().truncatedTo(ChronoUnit.SECONDS),
                window.toSeconds(), operations.issued(), operations.traced(), operations.tracesRead(),
                operations.samplesDiscarded(), pooled.get(MessageType.W).getTotalCount(),
                pooled.get(MessageType.A).getTotalCount(), pooled.get(MessageType.R).getTotalCount(),
                pooled.get(MessageType.S).getTotalCount(), counts);
        return LatencyProfile.builder(name)
                .description("Measured W, A, R, S of Cassandra cluster '" + snapshot.clusterName() + "' ("
                        + replicas.size() + " replicas)")
                .provenance(provenance)
                .defaults(defaults)
                .replicaOverrides(overrides)
                .build();
    }

    private static long count(Histogram histogram) {
        return histogram == null ? 0 : histogram.getTotalCount();
    }

    private static LatencyDistribution orNull(Histogram histogram) {
        return histogram == null || histogram.getTotalCount() == 0 ? null : empirical(histogram);
    }

    private static LatencyDistribution empirical(Histogram histogram) {
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }
}
