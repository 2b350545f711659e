package dev.pbs.formats.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.model.fitting.CandidateFit;
import dev.pbs.model.fitting.MeasuredQuantiles;
import dev.pbs.model.fitting.MessageFit;
import dev.pbs.model.fitting.ProfileFit;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.formats.profile.DistributionJson;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * The JSON answer of {@code pbs fit --format json}:
 * <pre>
 * {"measured": {"file", "profile"}, "fitted": {"file", "profile"}, "nrmse": "definition",
 *  "probabilities": [0.01, ..., 0.999],
 *  "fits": [{"delay": "default.w" | "replicas[1].w", "replica": null | 1, "message": "w",
 *            "observations": n, "chosen": "pareto-exponential" | "lognormal" | null (kept as measured),
 *            "candidates": [{"form", "converged": true, "nrmse", "parameters": {...}, "distribution": DIST},
 *                           {"form", "converged": false, "nrmse": null, "problem": "..."}]}, ...],
 *  "kept": [{"delay", "type"}, ...]}
 * parameters: {"pareto_weight", "xm_ms", "alpha", "exponential_weight", "lambda_per_ms"} or {"mu", "sigma"}
 * </pre>
 * DIST is the profile format's distribution, exactly as written to the fitted file.
 */
public final class FitJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private FitJson() {
    }

    public static ObjectNode toJson(ProfileFit fit, String source, String out, LatencyProfile fitted) {
        ObjectNode root = NODES.objectNode();
        root.putObject("measured").put("file", source).put("profile", fit.measured().name());
        root.putObject("fitted").put("file", out).put("profile", fitted.name());
        root.put("nrmse", FitLabels.NRMSE_DEFINITION);
        ArrayNode probabilities = root.putArray("probabilities");
        for (double probability : MeasuredQuantiles.probabilities()) {
            probabilities.add(probability);
        }
        ArrayNode fits = root.putArray("fits");
        for (MessageFit message : fit.fits()) {
            ObjectNode entry = fits.addObject();
            entry.put("delay", FitLabels.delay(message));
            if (message.replica().isPresent()) {
                entry.put("replica", message.replica().getAsInt());
            } else {
                entry.putNull("replica");
            }
            entry.put("message", message.message().letter().toLowerCase(Locale.ROOT));
            entry.put("observations", message.measured().count());
            entry.put("chosen", message.fit().chosen().map(candidate -> candidate.form().text()).orElse(null));
            ArrayNode candidates = entry.putArray("candidates");
            for (CandidateFit candidate : message.fit().candidates()) {
                candidates.add(candidate(candidate));
            }
        }
        ArrayNode kept = root.putArray("kept");
        for (FitLabels.Kept delay : FitLabels.kept(fit.measured())) {
            kept.addObject().put("delay", delay.delay()).put("type", delay.type());
        }
        return root;
    }

    public static String toText(ProfileFit fit, String source, String out, LatencyProfile fitted) {
        try {
            return MAPPER.writeValueAsString(toJson(fit, source, out, fitted)) + "\n";
        } catch (JsonProcessingException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }

    private static ObjectNode candidate(CandidateFit candidate) {
        ObjectNode node = NODES.objectNode();
        node.put("form", candidate.form().text()).put("converged", candidate.converged());
        if (candidate.converged()) {
            node.put("nrmse", candidate.normalisedError());
            ObjectNode parameters = node.putObject("parameters");
            FitLabels.parameters(candidate).forEach(parameters::put);
            node.set("distribution", DistributionJson.write(candidate.distribution()));
        } else {
            node.putNull("nrmse");
            node.put("problem", candidate.problem());
        }
        return node;
    }
}
