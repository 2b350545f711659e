package dev.pbs.formats.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.cassandra.cluster.ReadRepairMeters;
import dev.pbs.cassandra.fidelity.FidelityEvent;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservedLevels;
import dev.pbs.cassandra.probe.DatacenterReplication;
import dev.pbs.cassandra.probe.NodeHealth;
import dev.pbs.cassandra.probe.Operation;
import dev.pbs.cassandra.probe.ProbeCounters;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.TraceEvent;
import dev.pbs.cassandra.probe.UntracedKind;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One event of a probe record as one JSON object, and back (docs/probe.md, "Records"): the field
 * {@code type} names the event, the others are its values, times and latencies in whole
 * microseconds ({@code _us}), moments in UTC ISO-8601. Everything a replay needs is written exactly:
 * whole numbers as they are, other numbers at full precision.
 */
final class ProbeEventJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** An untraced operation's {@code replicas} at ALL: every replica of the key. */
    private static final String ALL_REPLICAS = "all";

    private ProbeEventJson() {}

    static ObjectNode write(ProbeEvent event) {
        ObjectNode node = NODES.objectNode();
        if (event instanceof ProbeEvent.Command command) {
            node.put("type", "command");
            node.put("command", command.command());
            ArrayNode arguments = node.putArray("arguments");
            command.arguments().forEach(arguments::add);
        } else if (event instanceof FidelityEvent.CellMeasured cell) {
            node.put("type", "fidelity_cell");
            node.put("elapsed_ns", cell.elapsedNanos());
            cell.readRepairs().ifPresent(counts -> {
                ObjectNode repairs = node.putObject("read_repairs");
                repairs.put("mismatched_reads", counts.mismatchedReads());
                repairs.put("repair_mutations", counts.repairMutations());
            });
        } else if (event instanceof ProbeEvent.ClusterSeen cluster) {
            node.put("type", "cluster");
            node.put("cluster_name", cluster.clusterName());
            node.put("cassandra_version", cluster.cassandraVersion());
            node.put("datacenter", cluster.datacenter());
            node.put("replication_factor", cluster.replicationFactor());
            ObjectNode nodes = node.putObject("nodes");
            cluster.nodes().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(entry -> nodes.put(entry.getKey(), entry.getValue()));
            cluster.replication().ifPresent(replication -> {
                ObjectNode factors = node.putObject("replication");
                replication.factors().forEach(factors::put);
            });
            cluster.readPath().ifPresent(path -> {
                ObjectNode readPath = node.putObject("read_path");
                readPath.put("speculative_retry", path.speculativeRetry().text());
                readPath.put("read_repair", path.readRepair().text());
                readPath.put("snitch", path.replicaChoice().snitch());
                readPath.put("badness_threshold", path.replicaChoice().badnessThreshold());
            });
            node.put("keyspace", cluster.keyspace());
            node.put("operations_per_second", cluster.operationsPerSecond());
            node.put("trace_fraction", cluster.traceFraction());
        } else if (event instanceof ProbeEvent.TracedOperation traced) {
            node.put("type", "traced");
            node.put("at_us", traced.atMicros());
            node.put("operation", name(traced.operation()));
            node.put("coordinator", traced.coordinator());
            node.put("key", traced.key());
            node.put("level", traced.level());
            node.put("answers_awaited", traced.answersAwaited());
            node.put("counts_read_target", traced.countsReadTarget());
            node.put("client_us", traced.clientMicros());
            node.put("attempts", traced.attempts());
            ArrayNode events = node.putArray("events");
            for (TraceEvent traceEvent : traced.events()) {
                events.addArray()
                        .add(traceEvent.source())
                        .add(traceEvent.elapsedMicros())
                        .add(traceEvent.activity());
            }
        } else if (event instanceof ProbeEvent.Untraced untraced) {
            node.put("type", "untraced");
            node.put("at_us", untraced.atMicros());
            node.put("operation", name(untraced.kind().operation()));
            node.put("coordinator", untraced.coordinator());
            node.put("through_replica", untraced.kind().throughReplica());
            switch (untraced.kind().awaited()) {
                case ONE -> node.put("replicas", 1);
                case TWO -> node.put("replicas", 2);
                case ALL -> node.put("replicas", ALL_REPLICAS);
            }
            node.put("client_us", untraced.clientMicros());
            node.put("stalled_interval_us", untraced.stalledIntervalMicros());
        } else if (event instanceof ProbeEvent.RoundTrip roundTrip) {
            node.put("type", "round_trip");
            node.put("at_us", roundTrip.atMicros());
            node.put("coordinator", roundTrip.coordinator());
            node.put("client_us", roundTrip.clientMicros());
        } else if (event instanceof ProbeEvent.Measured measured) {
            writeMeasured(node, measured);
        } else {
            ObservationEventJson.write(node, event);
        }
        return node;
    }

    private static void writeMeasured(ObjectNode node, ProbeEvent.Measured measured) {
        node.put("type", "measured");
        node.put("purpose", measured.purpose().name().toLowerCase(Locale.ROOT));
        node.put("started", measured.started().toString());
        node.put("at", measured.at().toString());
        ProbeCounters counters = measured.counters();
        ObjectNode counts = node.putObject("counters");
        counts.put("issued", counters.issued());
        counts.put("succeeded", counters.succeeded());
        counts.put("failed", counters.failed());
        counts.put("skipped", counters.skipped());
        counts.put("traced", counters.traced());
        counts.put("traces_read", counters.tracesRead());
        counts.put("trace_failures", counters.traceFailures());
        counts.put("samples_discarded", counters.samplesDiscarded());
        ArrayNode nodes = node.putArray("nodes");
        for (NodeHealth.NodeReport report : measured.nodes()) {
            ObjectNode one = nodes.addObject();
            one.put("address", report.address());
            one.put("up", report.up());
            one.put("succeeded", report.succeeded());
            one.put("failed", report.failed());
            one.put("times_down", report.timesDown());
            one.put("last_change", report.lastChange().toString());
        }
    }

    /**
     * The event a line holds.
     *
     * @throws ProbeRecordException naming what is missing or wrong
     */
    static ProbeEvent read(JsonNode line) {
        RecordFields fields = new RecordFields(line);
        String type = fields.text("type");
        switch (type) {
            case "command":
                List<String> arguments = new ArrayList<>();
                for (JsonNode argument : fields.array("arguments")) {
                    if (!argument.isTextual()) {
                        throw new ProbeRecordException("each of \"arguments\" must be text");
                    }
                    arguments.add(argument.asText());
                }
                return new ProbeEvent.Command(fields.text("command"), arguments);
            case "fidelity_cell":
                return new FidelityEvent.CellMeasured(
                        fields.whole("elapsed_ns"),
                        fields.optional("read_repairs").map(node -> {
                            RecordFields repairs = new RecordFields(node);
                            return new ReadRepairMeters.Counts(
                                    repairs.whole("mismatched_reads"), repairs.whole("repair_mutations"));
                        }));
            case "cluster":
                return readCluster(fields);
            case "traced":
                List<TraceEvent> events = new ArrayList<>();
                for (JsonNode element : fields.array("events")) {
                    if (!element.isArray()
                            || element.size() != 3
                            || !element.get(0).isTextual()
                            || !element.get(1).isIntegralNumber()
                            || !element.get(2).isTextual()) {
                        throw new ProbeRecordException(
                                "each of \"events\" must be [source, elapsed microseconds, activity]");
                    }
                    events.add(new TraceEvent(
                            element.get(0).asText(),
                            element.get(1).asLong(),
                            element.get(2).asText()));
                }
                return new ProbeEvent.TracedOperation(
                        fields.whole("at_us"),
                        operation(fields),
                        fields.text("coordinator"),
                        fields.text("key"),
                        fields.text("level"),
                        fields.integer("answers_awaited"),
                        fields.bool("counts_read_target"),
                        fields.whole("client_us"),
                        fields.integer("attempts"),
                        events);
            case "untraced":
                return new ProbeEvent.Untraced(
                        fields.whole("at_us"),
                        untracedKind(fields),
                        fields.text("coordinator"),
                        fields.whole("client_us"),
                        fields.whole("stalled_interval_us"));
            case "round_trip":
                return new ProbeEvent.RoundTrip(
                        fields.whole("at_us"), fields.text("coordinator"), fields.whole("client_us"));
            case "measured":
                return readMeasured(fields);
            default:
                return ObservationEventJson.read(type, fields);
        }
    }

    /** An untraced operation's kind: its operation, {@code through_replica}, and {@code replicas} 1, 2 or "all". */
    private static UntracedKind untracedKind(RecordFields fields) {
        JsonNode replicas = fields.required("replicas");
        UntracedKind.Awaited awaited;
        if (replicas.isTextual() && replicas.asText().equals(ALL_REPLICAS)) {
            awaited = UntracedKind.Awaited.ALL;
        } else if (replicas.isIntegralNumber() && (replicas.asInt() == 1 || replicas.asInt() == 2)) {
            awaited = replicas.asInt() == 1 ? UntracedKind.Awaited.ONE : UntracedKind.Awaited.TWO;
        } else {
            throw new ProbeRecordException("\"replicas\" must be 1, 2 or \"" + ALL_REPLICAS + "\", was " + replicas);
        }
        try {
            return UntracedKind.of(operation(fields), fields.bool("through_replica"), awaited);
        } catch (IllegalArgumentException refused) {
            throw new ProbeRecordException(refused.getMessage());
        }
    }

    private static ProbeEvent.ClusterSeen readCluster(RecordFields fields) {
        Map<String, String> nodes = new LinkedHashMap<>();
        fields.required("nodes").fields().forEachRemaining(entry -> {
            if (!entry.getValue().isTextual()) {
                throw new ProbeRecordException("each node's datacenter in \"nodes\" must be text");
            }
            nodes.put(entry.getKey(), entry.getValue().asText());
        });
        Optional<DatacenterReplication> replication = fields.optional("replication")
                .map(factors -> {
                    Map<String, Integer> byDatacenter = new LinkedHashMap<>();
                    factors.fields().forEachRemaining(entry -> {
                        if (!entry.getValue().canConvertToInt()) {
                            throw new ProbeRecordException(
                                    "each datacenter's replicas in \"replication\" must be a whole number");
                        }
                        byDatacenter.put(entry.getKey(), entry.getValue().asInt());
                    });
                    return new DatacenterReplication(byDatacenter);
                });
        Optional<ReadPath> readPath = fields.optional("read_path").map(node -> {
            RecordFields path = new RecordFields(node);
            return new ReadPath(
                    SpeculativeRetry.parse(path.text("speculative_retry")),
                    ReadRepair.parse(path.text("read_repair")),
                    new ReplicaChoice(path.bool("snitch"), path.number("badness_threshold")));
        });
        return new ProbeEvent.ClusterSeen(
                fields.text("cluster_name"),
                fields.text("cassandra_version"),
                fields.text("datacenter"),
                fields.integer("replication_factor"),
                nodes,
                replication,
                readPath,
                fields.text("keyspace"),
                fields.number("operations_per_second"),
                fields.number("trace_fraction"));
    }

    private static ProbeEvent.Measured readMeasured(RecordFields fields) {
        String purpose = fields.text("purpose");
        ProbeEvent.Measured.Purpose which;
        try {
            which = ProbeEvent.Measured.Purpose.valueOf(purpose.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw new ProbeRecordException("\"purpose\" must be window or end, was \"" + purpose + "\"");
        }
        RecordFields counts = fields.object("counters");
        List<NodeHealth.NodeReport> nodes = new ArrayList<>();
        for (RecordFields node : fields.objects("nodes")) {
            nodes.add(new NodeHealth.NodeReport(
                    node.text("address"),
                    node.bool("up"),
                    node.whole("succeeded"),
                    node.whole("failed"),
                    node.integer("times_down"),
                    node.instant("last_change")));
        }
        return new ProbeEvent.Measured(
                which,
                fields.instant("started"),
                fields.instant("at"),
                new ProbeCounters(
                        counts.whole("issued"),
                        counts.whole("succeeded"),
                        counts.whole("failed"),
                        counts.whole("skipped"),
                        counts.whole("traced"),
                        counts.whole("traces_read"),
                        counts.whole("trace_failures"),
                        counts.whole("samples_discarded")),
                nodes);
    }

    static String name(Operation operation) {
        return operation.name().toLowerCase(Locale.ROOT);
    }

    static Operation operation(RecordFields fields) {
        String text = fields.text("operation");
        return switch (text) {
            case "write" -> Operation.WRITE;
            case "read" -> Operation.READ;
            default -> throw new ProbeRecordException("\"operation\" must be write or read, was \"" + text + "\"");
        };
    }

    /** The observation's settings as an object. */
    static ObjectNode settings(ObservationSettings settings) {
        ObjectNode node = NODES.objectNode();
        node.put("write_replicas", settings.writeReplicas());
        node.put("read_replicas", settings.readReplicas());
        node.put("writes", settings.writes());
        node.put("writes_per_second", settings.writesPerSecond());
        ArrayNode delays = node.putArray("delays_ms");
        for (double delay : settings.delaysMillis()) {
            delays.add(delay);
        }
        settings.levels().ifPresent(levels -> {
            ObjectNode named = node.putObject("levels");
            named.put("write_level", levels.writeLevel().name());
            named.put("read_level", levels.readLevel().name());
            named.put("write_datacenter", levels.writeDatacenter());
            named.put("read_datacenter", levels.readDatacenter());
        });
        node.put("traced_read_every", settings.tracedReadEvery());
        settings.keysReplicatedOn().ifPresent(address -> node.put("keys_replicated_on", address));
        return node;
    }

    static ObservationSettings settings(RecordFields fields) {
        JsonNode delays = fields.array("delays_ms");
        double[] delaysMillis = new double[delays.size()];
        for (int point = 0; point < delaysMillis.length; point++) {
            if (!delays.get(point).isNumber()) {
                throw new ProbeRecordException("each of \"delays_ms\" must be a number");
            }
            delaysMillis[point] = delays.get(point).asDouble();
        }
        Optional<ObservedLevels> levels = fields.optional("levels").map(node -> {
            RecordFields named = new RecordFields(node);
            return new ObservedLevels(
                    ConsistencyLevel.parse("write_level", named.text("write_level")),
                    ConsistencyLevel.parse("read_level", named.text("read_level")),
                    named.text("write_datacenter"),
                    named.text("read_datacenter"));
        });
        return new ObservationSettings(
                fields.integer("write_replicas"),
                fields.integer("read_replicas"),
                fields.integer("writes"),
                fields.number("writes_per_second"),
                delaysMillis,
                levels,
                fields.integer("traced_read_every"),
                fields.optional("keys_replicated_on").map(JsonNode::asText));
    }
}
