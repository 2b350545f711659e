package dev.pbs.cassandra.probe;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.profile.WarsMessage;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * Turns a probe's measurements into a latency profile in the engine's format: empirical W, A, R
 * and S distributions (microsecond HdrHistograms) pooled over replicas as the defaults, one entry
 * per replica in address order (so the profile fixes N to the replication factor), and the
 * provenance a reader needs to trust it: cluster, version, time window, sample counts, and how
 * the delays were derived.
 */
public final class MeasuredProfile {

    /** Fewer traced reads at ONE through a replica than this, and no local read preference is recorded. */
    static final int MINIMUM_READ_TARGETS = 20;

    private MeasuredProfile() {}

    /**
     * The profile of the traced delays as measured, tracing's cost kept: what the fidelity
     * experiment compares the calibrated profile with.
     */
    public static LatencyProfile asTraced(ProbeSnapshot snapshot, String name) {
        if (snapshot.datacenters().isPresent()) {
            return DatacenterProfile.of(
                    snapshot,
                    snapshot.datacenters().get(),
                    name,
                    (datacenter, delays) -> delays,
                    " Tracing's own cost was kept.");
        }
        return fromDelays(snapshot, name, " Tracing's own cost was kept.");
    }

    /** The profile with the cluster's read path, when the probe read one. */
    public static LatencyProfile withReadPath(
            LatencyProfile profile, Optional<dev.pbs.model.readpath.ReadPath> readPath) {
        return readPath.map(path -> profile.toBuilder().readPath(path).build()).orElse(profile);
    }

    /**
     * {@code measured} with one slow replica: its W, A, R and S are those the node at {@code
     * address} was traced with, as replica 1 of N (the replication factor), and the others'
     * defaults are pooled over every other node, so that the slow node's delays do not blur into
     * theirs. Pass the snapshot less tracing's cost for calibrated delays.
     *
     * @throws IllegalArgumentException when the node has no traced delays, or a message has no
     *     sample from either side
     */
    public static LatencyProfile withSlowReplica(LatencyProfile measured, ProbeSnapshot snapshot, String address) {
        Map<WarsMessage, Histogram> slow = snapshot.delaysMicros().get(address);
        if (slow == null) {
            throw new IllegalArgumentException("no traced delays of node " + address + " (traced: "
                    + snapshot.delaysMicros().keySet() + ")");
        }
        Map<WarsMessage, Histogram> others = new EnumMap<>(WarsMessage.class);
        for (WarsMessage message : WarsMessage.values()) {
            others.put(message, new Histogram(WarsRecorder.HIGHEST_MICROS, 3));
        }
        snapshot.delaysMicros().forEach((replica, messages) -> {
            if (!replica.equals(address)) {
                messages.forEach((message, histogram) -> others.get(message).add(histogram));
            }
        });
        for (WarsMessage message : WarsMessage.values()) {
            if (count(slow.get(message)) == 0 || count(others.get(message)) == 0) {
                throw new IllegalArgumentException("no " + message.letter() + " samples of the slow node " + address
                        + " or of the others: run longer");
            }
        }
        List<DelayOverrides> overrides = new ArrayList<>();
        overrides.add(new DelayOverrides(
                empirical(slow.get(WarsMessage.WRITE)),
                empirical(slow.get(WarsMessage.ACKNOWLEDGEMENT)),
                empirical(slow.get(WarsMessage.READ)),
                empirical(slow.get(WarsMessage.RESPONSE))));
        for (int replica = 1; replica < snapshot.replicationFactor(); replica++) {
            overrides.add(DelayOverrides.NONE);
        }
        return measured.toBuilder()
                .defaults(new MessageDelays(
                        empirical(others.get(WarsMessage.WRITE)),
                        empirical(others.get(WarsMessage.ACKNOWLEDGEMENT)),
                        empirical(others.get(WarsMessage.READ)),
                        empirical(others.get(WarsMessage.RESPONSE))))
                .replicaOverrides(overrides)
                .provenance(measured.provenance() + " One slow replica: replica 1 is node " + address
                        + " with its own traced delays (samples: "
                        + sampleCounts(message -> count(slow.get(message))) + "); the other replicas' delays are "
                        + "pooled over the other nodes (samples: "
                        + sampleCounts(message -> count(others.get(message))) + ").")
                .build();
    }

    /**
     * The profile of the snapshot's delays as they are (a calibration passes them less tracing's
     * cost), with {@code explanation} at the end of its provenance.
     *
     * @throws IllegalArgumentException when some message type has no sample at all, or there are
     *     fewer replicas with samples than the replication factor (with what to try instead)
     */
    public static LatencyProfile fromDelays(ProbeSnapshot snapshot, String name, String explanation) {
        Map<WarsMessage, Histogram> pooled = new EnumMap<>(WarsMessage.class);
        for (WarsMessage message : WarsMessage.values()) {
            pooled.put(message, new Histogram(WarsRecorder.HIGHEST_MICROS, 3));
        }
        snapshot.delaysMicros()
                .forEach((replica, messages) -> messages.forEach(
                        (message, histogram) -> pooled.get(message).add(histogram)));
        for (WarsMessage message : WarsMessage.values()) {
            if (pooled.get(message).getTotalCount() == 0) {
                throw new IllegalArgumentException("no " + message.letter() + " samples were measured ("
                        + snapshot.operations().traced() + " traced operations, "
                        + snapshot.operations().tracesRead()
                        + " traces read): run longer, raise --rate or --trace-fraction, or check that tracing works on "
                        + "the cluster");
            }
        }
        List<String> replicas = new ArrayList<>(snapshot.delaysMicros().keySet());
        if (replicas.size() < snapshot.replicationFactor()) {
            throw new IllegalArgumentException("samples came from " + replicas.size() + " replica(s) " + replicas
                    + ", fewer than the replication factor " + snapshot.replicationFactor()
                    + ": run longer so that every "
                    + "node coordinates and is probed");
        }
        MessageDelays defaults = new MessageDelays(
                empirical(pooled.get(WarsMessage.WRITE)),
                empirical(pooled.get(WarsMessage.ACKNOWLEDGEMENT)),
                empirical(pooled.get(WarsMessage.READ)),
                empirical(pooled.get(WarsMessage.RESPONSE)));
        List<DelayOverrides> overrides = new ArrayList<>();
        StringBuilder counts = new StringBuilder();
        for (String replica : replicas) {
            Map<WarsMessage, Histogram> messages = snapshot.delaysMicros().get(replica);
            overrides.add(new DelayOverrides(
                    orNull(messages.get(WarsMessage.WRITE)),
                    orNull(messages.get(WarsMessage.ACKNOWLEDGEMENT)),
                    orNull(messages.get(WarsMessage.READ)),
                    orNull(messages.get(WarsMessage.RESPONSE))));
            counts.append("; replica ")
                    .append(overrides.size())
                    .append(" = ")
                    .append(replica)
                    .append(": ")
                    .append(sampleCounts(message -> count(messages.get(message))));
        }
        if (replicas.size() > snapshot.replicationFactor()) {
            // More nodes than replicas per key: each node is one replica of some keys; describe the
            // typical key by the pooled delays rather than pretend N is the node count.
            overrides = List.of();
        }
        ProbeCounters operations = snapshot.operations();
        Duration window = Duration.between(snapshot.started(), snapshot.at()).truncatedTo(ChronoUnit.SECONDS);
        String provenance = String.format(
                Locale.ROOT,
                "Measured by pbs probe on Cassandra cluster '%s' (Cassandra %s, datacenter %s, replication factor %d) "
                        + "from %s to %s (%d s): %d operations, %d traced (writes at ALL, reads half at ALL, half at "
                        + "ONE), %d traces read, %d replica "
                        + "samples discarded as incomplete. Samples: %s%s. One-way delays from query "
                        + "traces, microseconds, counted from the start of the coordinator's request: W = the "
                        + "coordinator's time until it sent the mutation + the replica's time to apply it; A = the "
                        + "replica's time from applying to sending its answer + the wire time + the coordinator's time "
                        + "until it counted the answer; R and S likewise around executing the read; the wire time is "
                        + "the coordinator's round trip minus the replica's time (the network and both nodes' "
                        + "messaging queues), counted with the answer, the share the recorded cells fit best; only "
                        + "each node's own stopwatch is used, so no clock skew enters.",
                snapshot.clusterName(),
                snapshot.cassandraVersion(),
                snapshot.datacenter(),
                snapshot.replicationFactor(),
                snapshot.started().truncatedTo(ChronoUnit.SECONDS),
                snapshot.at().truncatedTo(ChronoUnit.SECONDS),
                window.toSeconds(),
                operations.issued(),
                operations.traced(),
                operations.tracesRead(),
                operations.samplesDiscarded(),
                sampleCounts(message -> pooled.get(message).getTotalCount()),
                counts);
        CoordinatorReplicaPath coordinatorReplica = coordinatorReplica(snapshot);
        if (coordinatorReplica != null) {
            WarsRecorder.ReadTargets targets = snapshot.readTargets();
            provenance += String.format(
                    Locale.ROOT,
                    " The coordinator's own replica (coordinator_replica.local), from the coordinator's events: "
                            + "W until it applied the write, A 0, R until it executed the read, S until the read's rows "
                            + "were ready; samples: %s. Reads at ONE through a replica of the key: %d served by the "
                            + "coordinator's own replica, %d sent to another%s.",
                    sampleCounts(message -> count(snapshot.localDelaysMicros().get(message))),
                    targets.servedLocally(),
                    targets.sentAway(),
                    coordinatorReplica.localReadPreference().isPresent()
                            ? ""
                            : " (fewer than " + MINIMUM_READ_TARGETS + ": no preference recorded)");
        }
        MessageCorrelation correlation = snapshot.pairs().correlation();
        if (!correlation.isNone() || snapshot.pairs().clientCoupling() > 0) {
            provenance += snapshot.pairs().explanation();
        }
        CoordinatorReplicaShare share = coordinatorReplicaShare(snapshot.client());
        if (share != null) {
            provenance += String.format(
                    Locale.ROOT,
                    " The probe's coordinators, chosen at random among the nodes, were replicas of the key for %.0f%% "
                            + "of its untraced writes and %.0f%% of its untraced reads (coordinator_replica_share, "
                            + "the default of predictions from this profile: as with round-robin routing; a "
                            + "token-aware client's coordinator is always a replica).",
                    100 * share.writes(),
                    100 * share.reads());
        }
        LatencyProfile.Builder builder = LatencyProfile.builder(name)
                .description("Measured W, A, R, S of Cassandra cluster '" + snapshot.clusterName() + "' ("
                        + replicas.size() + " replicas)")
                .provenance(provenance + explanation)
                .defaults(defaults)
                .replicaOverrides(overrides)
                .coordinatorReplica(coordinatorReplica)
                .messageCorrelation(correlation);
        if (share != null && (coordinatorReplica != null || share.isNever())) {
            builder.coordinatorReplicaShare(share);
        }
        return builder.build();
    }

    /**
     * The share of the probe's untraced writes (reads) whose coordinator was a replica of the key:
     * they are a random sample of its operations, so this is how its routing placed them; null
     * when it timed no untraced write or no untraced read.
     */
    private static CoordinatorReplicaShare coordinatorReplicaShare(ClientLatencies.Snapshot client) {
        long writesThroughReplica = client.count(Operation.WRITE, true);
        long readsThroughReplica = client.count(Operation.READ, true);
        long writes = client.count(Operation.WRITE, false);
        long reads = client.count(Operation.READ, false);
        if (writes == 0 || reads == 0) {
            return null;
        }
        return CoordinatorReplicaShare.of((double) writesThroughReplica / writes, (double) readsThroughReplica / reads);
    }

    /**
     * The coordinator's own replica, when every message of it has samples (the coordinators were
     * replicas of the keys they coordinated), else null; with the local read preference when at
     * least {@link #MINIMUM_READ_TARGETS} traced reads at ONE went through a replica of their key.
     */
    private static CoordinatorReplicaPath coordinatorReplica(ProbeSnapshot snapshot) {
        Map<WarsMessage, Histogram> local = snapshot.localDelaysMicros();
        for (WarsMessage message : WarsMessage.values()) {
            if (count(local.get(message)) == 0) {
                return null;
            }
        }
        WarsRecorder.ReadTargets targets = snapshot.readTargets();
        OptionalDouble preference = targets.total() >= MINIMUM_READ_TARGETS
                ? OptionalDouble.of((double) targets.servedLocally() / targets.total())
                : OptionalDouble.empty();
        return new CoordinatorReplicaPath(
                new MessageDelays(
                        empirical(local.get(WarsMessage.WRITE)),
                        empirical(local.get(WarsMessage.ACKNOWLEDGEMENT)),
                        empirical(local.get(WarsMessage.READ)),
                        empirical(local.get(WarsMessage.RESPONSE))),
                preference);
    }

    /** "W 12, A 12, R 10, S 10": each message's letter and its count. */
    private static String sampleCounts(ToLongFunction<WarsMessage> count) {
        StringJoiner joined = new StringJoiner(", ");
        for (WarsMessage message : WarsMessage.values()) {
            joined.add(message.letter() + " " + count.applyAsLong(message));
        }
        return joined.toString();
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
