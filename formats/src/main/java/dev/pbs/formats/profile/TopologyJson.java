package dev.pbs.formats.profile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterPairDelay;
import dev.pbs.model.profile.DatacenterTopology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A profile's {@code datacenters} object: where the replicas are and the delays between
 * datacenters, read strictly (errors name the JSON path) and written back.
 *
 * <pre>
 * "datacenters": {"names": ["dc1", "dc2"],                        (optional)
 *                 "replica_dc": ["dc1", "dc1", "dc2"] | [0, 0, 1] | "per_replica",
 *                 "inter_dc_delay": DIST,                          (every pair without its own)
 *                 "inter_dc_delays": [{"from": "dc1", "to": "dc2", "distribution": DIST}],
 *                 "coordinator": "random" | "dc:K"}
 * </pre>
 *
 * Names in {@code replica_dc} without {@code names} name the datacenters in order of first
 * appearance; numbers with {@code names} index them.
 */
final class TopologyJson {

    static final String PER_REPLICA = "per_replica";

    private static final List<String> FIELDS =
            List.of("names", "replica_dc", "inter_dc_delay", "inter_dc_delays", "coordinator");

    private TopologyJson() {}

    static DatacenterTopology read(JsonNode node, String path) {
        JsonObjectReader fields = JsonObjectReader.of(node, path, "the datacenters", FIELDS);
        JsonNode placement = fields.required("replica_dc");
        LatencyDistribution everyPair = fields.has("inter_dc_delay")
                ? DistributionJson.read(fields.required("inter_dc_delay"), fields.pathOf("inter_dc_delay"))
                : null;
        CoordinatorPlacement coordinator = CoordinatorPlacement.RANDOM;
        Optional<String> coordinatorText = fields.optionalText("coordinator");
        if (coordinatorText.isPresent()) {
            try {
                coordinator = CoordinatorPlacement.parse(coordinatorText.get());
            } catch (IllegalArgumentException rejected) {
                throw new ProfileFormatException(fields.pathOf("coordinator"), rejected.getMessage(), rejected);
            }
        }
        List<String> names = fields.has("names") ? readNames(fields.required("names"), fields.pathOf("names")) : null;
        String placementPath = fields.pathOf("replica_dc");
        if (placement.isTextual() && placement.textValue().equals(PER_REPLICA)) {
            if (names != null || fields.has("inter_dc_delays")) {
                throw new ProfileFormatException(
                        placementPath, "\"" + PER_REPLICA + "\" cannot be combined with names or inter_dc_delays");
            }
            return DatacenterTopology.onePerReplica(requireEveryPair(everyPair, fields), coordinator);
        }
        if (!placement.isArray() || placement.isEmpty()) {
            throw new ProfileFormatException(
                    placementPath,
                    "must be \"" + PER_REPLICA + "\" or a non-empty array of datacenter names or numbers, one per "
                            + "replica, was " + JsonObjectReader.shown(placement));
        }
        boolean byName = placement.get(0).isTextual();
        if (names == null && !byName) {
            if (fields.has("inter_dc_delays")) {
                throw new ProfileFormatException(
                        fields.pathOf("inter_dc_delays"), "needs named datacenters (names, or names in replica_dc)");
            }
            return DatacenterTopology.explicit(
                    numbers(placement, placementPath, Integer.MAX_VALUE),
                    requireEveryPair(everyPair, fields),
                    coordinator);
        }
        List<String> datacenters = names == null ? new ArrayList<>() : names;
        int[] replicaDatacenters = byName
                ? indices(placement, placementPath, datacenters, names == null)
                : numbers(placement, placementPath, datacenters.size() - 1);
        List<DatacenterPairDelay> pairs = fields.has("inter_dc_delays")
                ? readPairs(fields.required("inter_dc_delays"), fields.pathOf("inter_dc_delays"), datacenters)
                : List.of();
        try {
            return DatacenterTopology.named(datacenters, replicaDatacenters, everyPair, pairs, coordinator);
        } catch (IllegalArgumentException rejected) {
            throw new ProfileFormatException(path, rejected.getMessage(), rejected);
        }
    }

    private static LatencyDistribution requireEveryPair(LatencyDistribution everyPair, JsonObjectReader fields) {
        if (everyPair == null) {
            throw new ProfileFormatException(fields.pathOf("inter_dc_delay"), "required field is missing");
        }
        return everyPair;
    }

    private static List<String> readNames(JsonNode node, String path) {
        if (!node.isArray() || node.isEmpty()) {
            throw new ProfileFormatException(
                    path, "must be a non-empty array of datacenter names, was " + JsonObjectReader.shown(node));
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            String elementPath = JsonObjectReader.element(path, i);
            String name = JsonObjectReader.text(node.get(i), elementPath);
            if (name.isBlank()) {
                throw new ProfileFormatException(elementPath, "a datacenter name must not be blank");
            }
            if (names.contains(name)) {
                throw new ProfileFormatException(elementPath, "datacenter '" + name + "' is named twice");
            }
            names.add(name);
        }
        return names;
    }

    private static int[] numbers(JsonNode placement, String path, int largest) {
        int[] datacenters = new int[placement.size()];
        for (int i = 0; i < datacenters.length; i++) {
            String elementPath = JsonObjectReader.element(path, i);
            long datacenter = JsonObjectReader.wholeNumber(placement.get(i), elementPath);
            if (datacenter < 0 || datacenter > largest) {
                throw new ProfileFormatException(
                        elementPath,
                        largest == Integer.MAX_VALUE
                                ? "a datacenter number must be >= 0, was " + datacenter
                                : "a datacenter number must be between 0 and " + largest + " (one per name), was "
                                        + datacenter);
            }
            datacenters[i] = (int) datacenter;
        }
        return datacenters;
    }

    /** Each replica's datacenter by name; adds unknown names when {@code adding}, else rejects them. */
    private static int[] indices(JsonNode placement, String path, List<String> names, boolean adding) {
        int[] datacenters = new int[placement.size()];
        for (int i = 0; i < datacenters.length; i++) {
            String elementPath = JsonObjectReader.element(path, i);
            String name = JsonObjectReader.text(placement.get(i), elementPath);
            int index = names.indexOf(name);
            if (index < 0 && adding && !name.isBlank()) {
                names.add(name);
                index = names.size() - 1;
            }
            if (index < 0) {
                throw new ProfileFormatException(
                        elementPath, "'" + name + "' is not one of the datacenters " + String.join(", ", names));
            }
            datacenters[i] = index;
        }
        return datacenters;
    }

    private static List<DatacenterPairDelay> readPairs(JsonNode node, String path, List<String> names) {
        if (!node.isArray()) {
            throw new ProfileFormatException(
                    path, "must be an array of {from, to, distribution}, was " + JsonObjectReader.shown(node));
        }
        List<DatacenterPairDelay> pairs = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            String elementPath = JsonObjectReader.element(path, i);
            JsonObjectReader pair = JsonObjectReader.of(
                    node.get(i), elementPath, "an inter-datacenter delay", List.of("from", "to", "distribution"));
            int from = datacenter(pair, "from", names);
            int to = datacenter(pair, "to", names);
            if (from == to) {
                throw new ProfileFormatException(
                        elementPath, "from and to are both '" + names.get(from) + "': a pair needs two datacenters");
            }
            pairs.add(new DatacenterPairDelay(
                    from, to, DistributionJson.read(pair.required("distribution"), pair.pathOf("distribution"))));
        }
        return pairs;
    }

    private static int datacenter(JsonObjectReader pair, String field, List<String> names) {
        String name = JsonObjectReader.text(pair.required(field), pair.pathOf(field));
        int index = names.indexOf(name);
        if (index < 0) {
            throw new ProfileFormatException(
                    pair.pathOf(field), "'" + name + "' is not one of the datacenters " + String.join(", ", names));
        }
        return index;
    }

    /** The document of a topology; {@code read} of its JSON gives the topology back. */
    static ProfileDocument.Datacenters document(DatacenterTopology topology) {
        List<String> names = topology.names();
        Object placement;
        if (topology.isOnePerReplica()) {
            placement = PER_REPLICA;
        } else if (topology.isNamed()) {
            placement = Arrays.stream(topology.explicitReplicaDatacenters())
                    .mapToObj(names::get)
                    .toList();
        } else {
            placement =
                    Arrays.stream(topology.explicitReplicaDatacenters()).boxed().toList();
        }
        List<ProfileDocument.PairDelay> pairs = topology.pairDelays().stream()
                .map(pair -> new ProfileDocument.PairDelay(
                        names.get(pair.from()), names.get(pair.to()), DistributionJson.document(pair.distribution())))
                .toList();
        return new ProfileDocument.Datacenters(
                topology.isNamed() ? names : null,
                placement,
                topology.defaultInterDatacenterDelay()
                        .map(DistributionJson::document)
                        .orElse(null),
                pairs.isEmpty() ? null : pairs,
                topology.coordinatorPlacement().text());
    }
}
