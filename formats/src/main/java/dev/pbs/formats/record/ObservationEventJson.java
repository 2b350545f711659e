package dev.pbs.formats.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.cassandra.observe.ObservationEvent;
import dev.pbs.cassandra.probe.ProbeEvent;
import java.util.ArrayList;
import java.util.List;

/** The events of an observation made beside the probe, as JSON objects and back ({@link ProbeEventJson}). */
final class ObservationEventJson {

    private ObservationEventJson() {}

    static void write(ObjectNode node, ProbeEvent event) {
        if (event instanceof ObservationEvent.Started started) {
            node.put("type", "observation");
            node.set("settings", ProbeEventJson.settings(started.settings()));
            node.put("writes_per_window", started.writesPerWindow());
        } else if (event instanceof ObservationEvent.Gap gap) {
            node.put("type", "gap");
            node.put("write", gap.write());
            node.put("coordinator", gap.coordinator());
            node.put("client_us", gap.clientMicros());
        } else if (event instanceof ObservationEvent.WriteAnswer write) {
            node.put("type", "write");
            node.put("write", write.write());
            node.put("key", write.key());
            node.put("coordinator", write.coordinator());
            node.put("through_replica", write.throughReplica());
            node.put("sent_us", write.sentMicros());
            node.put("latency_us", write.latencyMicros());
            node.put("failed", write.failed());
        } else if (event instanceof ObservationEvent.Read read) {
            node.put("type", "read");
            node.put("write", read.write());
            node.put("point", read.point());
            node.put("coordinator", read.coordinator());
            node.put("through_replica", read.throughReplica());
            node.put("sent_us", read.sentMicros());
            node.put("lag_us", read.lagMicros());
            node.put("latency_us", read.latencyMicros());
            node.put("fresh", read.fresh());
            node.put("failed", read.failed());
        } else if (event instanceof ObservationEvent.ReadRoundTrip roundTrip) {
            node.put("type", "read_round_trip");
            node.put("write", roundTrip.write());
            node.put("coordinator", roundTrip.coordinator());
            node.put("client_us", roundTrip.clientMicros());
        } else if (event instanceof ObservationEvent.TracedRead traced) {
            node.put("type", "traced_read");
            node.put("write", traced.write());
            node.put("point", traced.point());
            ArrayNode activities = node.putArray("activities");
            traced.activities().forEach(activities::add);
        } else if (event instanceof ObservationEvent.Ended ended) {
            node.put("type", "observation_end");
            node.put("routed_to_replicas", ended.routedToReplicas());
        } else {
            throw new IllegalArgumentException(
                    "no line format for " + event.getClass().getSimpleName());
        }
    }

    static ProbeEvent read(String type, RecordFields fields) {
        switch (type) {
            case "observation":
                return new ObservationEvent.Started(
                        ProbeEventJson.settings(fields.object("settings")), fields.integer("writes_per_window"));
            case "gap":
                return new ObservationEvent.Gap(
                        fields.integer("write"), fields.text("coordinator"), fields.whole("client_us"));
            case "write":
                return new ObservationEvent.WriteAnswer(
                        fields.integer("write"),
                        fields.text("key"),
                        fields.text("coordinator"),
                        fields.bool("through_replica"),
                        fields.whole("sent_us"),
                        fields.whole("latency_us"),
                        fields.bool("failed"));
            case "read":
                return new ObservationEvent.Read(
                        fields.integer("write"),
                        fields.integer("point"),
                        fields.text("coordinator"),
                        fields.bool("through_replica"),
                        fields.whole("sent_us"),
                        fields.whole("lag_us"),
                        fields.whole("latency_us"),
                        fields.bool("fresh"),
                        fields.bool("failed"));
            case "read_round_trip":
                return new ObservationEvent.ReadRoundTrip(
                        fields.integer("write"), fields.text("coordinator"), fields.whole("client_us"));
            case "traced_read":
                List<String> activities = new ArrayList<>();
                for (JsonNode activity : fields.array("activities")) {
                    if (!activity.isTextual()) {
                        throw new ProbeRecordException("each of \"activities\" must be text");
                    }
                    activities.add(activity.asText());
                }
                return new ObservationEvent.TracedRead(fields.integer("write"), fields.integer("point"), activities);
            case "observation_end":
                return new ObservationEvent.Ended(fields.bool("routed_to_replicas"));
            default:
                throw new ProbeRecordException("unknown event type \"" + type + "\"");
        }
    }
}
