package dev.pbs.formats.profile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.OutageProcess;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.quorum.QuorumConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A profile's {@code faults} object: what goes wrong with the replicas, read strictly (errors name
 * the JSON path) and written back. All times in milliseconds.
 *
 * <pre>
 * "faults": {"pauses":  {"interval": DIST, "duration": DIST},          (optional)
 *            "outages": {"time_between_failures": DIST, "duration": DIST, (optional)
 *                        "hint_window_ms": 10800000,                      (optional, 3 h)
 *                        "hint_replay_delay": DIST},
 *            "replicas": [3]}                                             (optional)
 * </pre>
 *
 * At least one of {@code pauses} and {@code outages}; every field of theirs is required but
 * {@code hint_window_ms}, which defaults to Cassandra's 3 hours. {@code replicas} numbers the
 * replicas struck from 1, as people count them, each once and in any order (written in ascending
 * order); without it every replica is struck. The model numbers replicas from 0.
 */
final class FaultsJson {

    private static final List<String> FIELDS = List.of("pauses", "outages", "replicas");
    private static final List<String> PAUSE_FIELDS = List.of("interval", "duration");
    private static final List<String> OUTAGE_FIELDS =
            List.of("time_between_failures", "duration", "hint_window_ms", "hint_replay_delay");

    private FaultsJson() {}

    /**
     * Reads the {@code faults} object.
     *
     * @param fixedReplicaCount N when the rest of the profile fixes it, to check the replicas against
     */
    static Faults read(JsonNode node, String path, Optional<Integer> fixedReplicaCount) {
        JsonObjectReader fields = JsonObjectReader.of(node, path, "the faults", FIELDS);
        if (!fields.has("pauses") && !fields.has("outages")) {
            throw new ProfileFormatException(
                    path, "needs \"pauses\", \"outages\" or both (leave \"faults\" out for healthy replicas)");
        }
        PauseProcess pauses =
                fields.has("pauses") ? readPauses(fields.required("pauses"), fields.pathOf("pauses")) : null;
        OutageProcess outages =
                fields.has("outages") ? readOutages(fields.required("outages"), fields.pathOf("outages")) : null;
        List<Integer> replicas = fields.has("replicas")
                ? readReplicas(fields.required("replicas"), fields.pathOf("replicas"), fixedReplicaCount)
                : List.of();
        try {
            return new Faults(pauses, outages, replicas);
        } catch (IllegalArgumentException rejected) {
            throw new ProfileFormatException(path, rejected.getMessage(), rejected);
        }
    }

    private static PauseProcess readPauses(JsonNode node, String path) {
        JsonObjectReader fields = JsonObjectReader.of(node, path, "the pauses", PAUSE_FIELDS);
        LatencyDistribution interval = distribution(fields, "interval");
        LatencyDistribution duration = distribution(fields, "duration");
        try {
            return new PauseProcess(interval, duration);
        } catch (IllegalArgumentException rejected) {
            String field = hasFiniteMean(interval) ? "duration" : "interval";
            throw new ProfileFormatException(fields.pathOf(field), rejected.getMessage(), rejected);
        }
    }

    private static OutageProcess readOutages(JsonNode node, String path) {
        JsonObjectReader fields = JsonObjectReader.of(node, path, "the outages", OUTAGE_FIELDS);
        LatencyDistribution timeBetweenFailures = distribution(fields, "time_between_failures");
        LatencyDistribution duration = distribution(fields, "duration");
        // -0 reads as 0, as it is written.
        double hintWindowMillis = fields.has("hint_window_ms")
                ? fields.requiredNumber("hint_window_ms") + 0.0
                : OutageProcess.DEFAULT_HINT_WINDOW_MILLIS;
        LatencyDistribution hintReplayDelay = distribution(fields, "hint_replay_delay");
        try {
            return new OutageProcess(timeBetweenFailures, duration, hintWindowMillis, hintReplayDelay);
        } catch (IllegalArgumentException rejected) {
            String field;
            if (!hasFiniteMean(timeBetweenFailures)) {
                field = "time_between_failures";
            } else if (!hasFiniteMean(duration) || !(duration.meanMillis() > 0)) {
                field = "duration";
            } else {
                field = "hint_window_ms";
            }
            throw new ProfileFormatException(fields.pathOf(field), rejected.getMessage(), rejected);
        }
    }

    /** Where the model's rule on a process's means points: which of its distributions broke it. */
    private static boolean hasFiniteMean(LatencyDistribution distribution) {
        double mean = distribution.meanMillis();
        return mean >= 0 && !Double.isInfinite(mean);
    }

    private static LatencyDistribution distribution(JsonObjectReader fields, String field) {
        return DistributionJson.read(fields.required(field), fields.pathOf(field));
    }

    /** The replicas struck, 0-based and ascending, from the 1-based numbers in any order. */
    private static List<Integer> readReplicas(JsonNode node, String path, Optional<Integer> fixedReplicaCount) {
        if (!node.isArray() || node.isEmpty()) {
            throw new ProfileFormatException(
                    path,
                    "must be a non-empty array of replica numbers from 1 (leave it out to strike every replica), was "
                            + JsonObjectReader.shown(node));
        }
        int largest = fixedReplicaCount.orElse(QuorumConfiguration.MAX_REPLICAS);
        List<Integer> replicas = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            String elementPath = JsonObjectReader.element(path, i);
            long number = JsonObjectReader.wholeNumber(node.get(i), elementPath);
            if (number < 1) {
                throw new ProfileFormatException(elementPath, "replica numbers start at 1, was " + number);
            }
            if (number > largest) {
                throw new ProfileFormatException(
                        elementPath,
                        fixedReplicaCount.isPresent()
                                ? "replica " + number + " is beyond the profile's " + largest + " replicas"
                                : "a replica number must be at most " + largest + " (the largest N), was " + number);
            }
            int replica = (int) number - 1;
            if (replicas.contains(replica)) {
                throw new ProfileFormatException(elementPath, "replica " + number + " is listed twice");
            }
            replicas.add(replica);
        }
        replicas.sort(null);
        return replicas;
    }

    /** The document of the faults, or null for healthy replicas (then the profile leaves it out). */
    static FaultsDocument document(Faults faults) {
        if (!faults.any()) {
            return null;
        }
        FaultsDocument.Pauses pauses = faults.pauseProcess()
                .map(process -> new FaultsDocument.Pauses(
                        DistributionJson.document(process.interval()), DistributionJson.document(process.duration())))
                .orElse(null);
        FaultsDocument.Outages outages = faults.outageProcess()
                .map(process -> new FaultsDocument.Outages(
                        DistributionJson.document(process.timeBetweenFailures()),
                        DistributionJson.document(process.duration()),
                        process.hintWindowMillis(),
                        DistributionJson.document(process.hintReplayDelay())))
                .orElse(null);
        List<Integer> replicas = faults.replicas().isEmpty()
                ? null
                : faults.replicas().stream().map(replica -> replica + 1).toList();
        return new FaultsDocument(pauses, outages, replicas);
    }
}
