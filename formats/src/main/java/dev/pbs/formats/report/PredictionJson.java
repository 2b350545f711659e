package dev.pbs.formats.report;

import dev.pbs.questions.ReportOptions;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.QuantileEstimate;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.VisibilityPoint;
import java.util.Locale;

/**
 * The JSON form of a prediction: one object with the run's parameters and one entry per (R, W).
 * <pre>
 * {"profile": {"name", "description", "provenance"}, "n", "trials", "seed", "read_fanout",
 *  "coordinator_replica", "quorum_expansion",
 *  "configs": [{"r", "w", "strict",
 *    "t_visibility":     [{"t_ms", "p_consistent", "ci95": [lo, hi], "consistent"}],
 *    "windows_ms":       [{"p", "t_ms", "ci95", "beyond_range"}],
 *    "read_latency_ms":  [{"percentile", "value", "ci95", "beyond_range"}],
 *    "write_latency_ms": [{"percentile", "value", "ci95", "beyond_range"}],
 *    "k_staleness":      [{"k", "p_stale"}],               closed form p_s^k
 *    "kt_staleness":     [{"k", "t_ms", "p_stale", "ci95"}]}]}     (1 - P(consistent at t))^k
 * </pre>
 * Probabilities are written as full-precision doubles; times in milliseconds, percentiles and
 * window levels are written as integers when they are whole numbers and as full-precision
 * doubles otherwise. A quantile beyond the recorded range is {@code null} with
 * {@code "beyond_range": true}; so is any interval end that is not finite. The document depends
 * only on the spec and the counts, never on timing or threads, so a seed always gives the same
 * text.
 */
public final class PredictionJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final double LARGEST_EXACT_INTEGER = 0x1p53;

    private PredictionJson() {
    }

    /** Builds the JSON tree of a prediction. */
    public static ObjectNode toJson(SimulationResult result, ReportOptions options) {
        SimulationSpec spec = result.spec();
        LatencyProfile profile = spec.profile();
        ObjectNode root = NODES.objectNode();
        ObjectNode profileNode = root.putObject("profile");
        profileNode.put("name", profile.name());
        profileNode.put("description", profile.description());
        profileNode.put("provenance", profile.provenance());
        root.put("n", spec.n());
        root.put("trials", spec.trials());
        root.put("seed", spec.seed());
        root.put("read_fanout", spec.readFanout().text());
        root.put("coordinator_replica", spec.coordinatorReplica());
        root.put("quorum_expansion", spec.expansion().name().toLowerCase(Locale.ROOT));
        ArrayNode configs = root.putArray("configs");
        for (ConfigurationResult configuration : result.configurations()) {
            configs.add(configurationJson(configuration, options));
        }
        return root;
    }

    /** The indented JSON text of a prediction, ending in a newline. */
    public static String toText(SimulationResult result, ReportOptions options) {
        try {
            return MAPPER.writeValueAsString(toJson(result, options)) + "\n";
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException("cannot write a JSON tree", impossible);
        }
    }

    private static ObjectNode configurationJson(ConfigurationResult result, ReportOptions options) {
        ObjectNode node = NODES.objectNode();
        node.put("r", result.configuration().r());
        node.put("w", result.configuration().w());
        node.put("strict", result.isStrict());
        ArrayNode visibility = node.putArray("t_visibility");
        for (VisibilityPoint point : result.visibility()) {
            ObjectNode entry = visibility.addObject();
            putNumber(entry, "t_ms", point.tMillis());
            ProportionEstimate consistent = point.consistent();
            entry.put("p_consistent", consistent.estimate());
            entry.putArray("ci95").add(consistent.lower()).add(consistent.upper());
            entry.put("consistent", consistent.successes());
        }
        ArrayNode windows = node.putArray("windows_ms");
        for (double probability : options.windows()) {
            ObjectNode entry = windows.addObject();
            putNumber(entry, "p", probability);
            putQuantile(entry, "t_ms", result.window(probability));
        }
        ArrayNode readLatency = node.putArray("read_latency_ms");
        for (double percentile : options.percentiles()) {
            ObjectNode entry = readLatency.addObject();
            putNumber(entry, "percentile", percentile);
            putQuantile(entry, "value", result.readLatency(percentile));
        }
        ArrayNode writeLatency = node.putArray("write_latency_ms");
        for (double percentile : options.percentiles()) {
            ObjectNode entry = writeLatency.addObject();
            putNumber(entry, "percentile", percentile);
            putQuantile(entry, "value", result.writeLatency(percentile));
        }
        ArrayNode versionStaleness = node.putArray("k_staleness");
        for (int k : options.versionsBehind()) {
            versionStaleness.addObject().put("k", k).put("p_stale", result.probabilityOlderThanVersions(k));
        }
        ArrayNode timedStaleness = node.putArray("kt_staleness");
        for (int k : options.versionsBehind()) {
            for (VisibilityPoint point : result.visibility()) {
                ObjectNode entry = timedStaleness.addObject().put("k", k);
                putNumber(entry, "t_ms", point.tMillis());
                entry.put("p_stale", result.probabilityOlderThanVersionsAt(k, point));
                // (1 - p)^k falls as p rises: the Wilson interval of p maps onto its ends.
                entry.putArray("ci95").add(Math.pow(1 - point.consistent().upper(), k))
                        .add(Math.pow(1 - point.consistent().lower(), k));
            }
        }
        return node;
    }

    private static void putQuantile(ObjectNode entry, String field, QuantileEstimate quantile) {
        putNumber(entry, field, quantile.valueMillis());
        ArrayNode interval = entry.putArray("ci95");
        addNumber(interval, quantile.lowerMillis());
        addNumber(interval, quantile.upperMillis());
        entry.put("beyond_range", !quantile.isFinite());
    }

    /** Whole numbers as integers, other finite numbers as doubles, anything else as null. */
    private static void putNumber(ObjectNode node, String field, double value) {
        if (!Double.isFinite(value)) {
            node.putNull(field);
        } else if (isWhole(value)) {
            node.put(field, (long) value);
        } else {
            node.put(field, value);
        }
    }

    private static void addNumber(ArrayNode array, double value) {
        if (!Double.isFinite(value)) {
            array.addNull();
        } else if (isWhole(value)) {
            array.add((long) value);
        } else {
            array.add(value);
        }
    }

    private static boolean isWhole(double value) {
        return value == Math.rint(value) && Math.abs(value) < LARGEST_EXACT_INTEGER;
    }
}
