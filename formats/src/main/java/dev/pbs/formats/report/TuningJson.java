package dev.pbs.formats.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.montecarlo.tuning.CandidateMetrics;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.TuningResult;
import dev.pbs.montecarlo.tuning.TuningSpec;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The JSON answer of {@code ./pbs tune --format json} (and later of the recommendations endpoint):
 * <pre>
 * {"profile": {"name", "provenance"}, "n_min", "n_max", "requirements": [...], "objective",
 *  "levels": "numeric"|"cassandra", "trials", "seed", "window_p",
 *  "feasible": [{"n", "r", "w", "strict", "score", "metrics": {...}}, ...],   best first
 *  "rejected": [{"n", "r", "w", "strict", "score", "violations": [...], "metrics": {...}}, ...],
 *  "frontier": [{"n", "r", "w", "strict", "score", "metrics": {...}}, ...]}
 * metrics: {"read_p999_ms", "write_p999_ms", "window_ms" (at window_p; null beyond range),
 *           "p_consistent_at_commit"}
 * </pre>
 */
public final class TuningJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private TuningJson() {
    }

    public static ObjectNode toJson(TuningResult result) {
        TuningSpec spec = result.spec();
        double windowProbability = windowProbability(spec);
        ObjectNode root = NODES.objectNode();
        root.putObject("profile").put("name", spec.profile().name()).put("provenance", spec.profile().provenance());
        root.put("n_min", spec.smallestN()).put("n_max", spec.largestN());
        ArrayNode requirements = root.putArray("requirements");
        spec.requirements().forEach(requirement -> requirements.add(requirement.text()));
        root.put("objective", spec.objective().text()).put("levels", spec.cassandraLevels() ? "cassandra" : "numeric")
                .put("trials", spec.trials()).put("seed", spec.seed()).put("window_p", windowProbability);
        candidates(root.putArray("feasible"), result.feasible(), windowProbability, false);
        candidates(root.putArray("rejected"), result.rejected(), windowProbability, true);
        candidates(root.putArray("frontier"), result.frontier(), windowProbability, false);
        return root;
    }

    public static String toText(TuningResult result) {
        try {
            return MAPPER.writeValueAsString(toJson(result)) + "\n";
        } catch (JsonProcessingException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }

    /** The probability of the first window requirement, else 0.999. */
    static double windowProbability(TuningSpec spec) {
        return spec.requirements().stream().filter(Requirement.WindowAtMost.class::isInstance)
                .map(requirement -> ((Requirement.WindowAtMost) requirement).probability()).findFirst().orElse(0.999);
    }

    private static void candidates(ArrayNode array, List<TuningResult.Candidate> candidates, double windowProbability,
            boolean withViolations) {
        for (TuningResult.Candidate candidate : candidates) {
            ObjectNode node = array.addObject().put("n", candidate.configuration().n())
                    .put("r", candidate.configuration().r()).put("w", candidate.configuration().w())
                    .put("strict", candidate.configuration().isStrict()).put("score", candidate.score());
            if (withViolations) {
                ArrayNode violations = node.putArray("violations");
                candidate.violations().forEach(violations::add);
            }
            CandidateMetrics metrics = candidate.metrics();
            ObjectNode values = node.putObject("metrics");
            values.put("read_p999_ms", metrics.readLatencyMillis(Objective.PERCENTILE));
            values.put("write_p999_ms", metrics.writeLatencyMillis(Objective.PERCENTILE));
            double window = metrics.windowMillis(windowProbability);
            if (Double.isFinite(window)) {
                values.put("window_ms", window);
            } else {
                values.putNull("window_ms");
            }
            values.put("p_consistent_at_commit", metrics.consistentAt(0));
        }
    }
}
