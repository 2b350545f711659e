package dev.pbs.formats.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.profile.DistributionJson;
import dev.pbs.formats.wire.FitReport;
import dev.pbs.model.fitting.CandidateFit;
import dev.pbs.model.fitting.MeasuredQuantiles;
import dev.pbs.model.fitting.MessageFit;
import dev.pbs.model.fitting.ProfileFit;
import dev.pbs.model.profile.LatencyProfile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The JSON answer of {@code pbs fit --format json}, the {@link FitReport} record:
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

    private FitJson() {}

    /** The record of a fit. */
    public static FitReport answer(ProfileFit fit, String source, String out, LatencyProfile fitted) {
        List<FitReport.DelayFit> fits = new ArrayList<>();
        for (MessageFit message : fit.fits()) {
            fits.add(new FitReport.DelayFit(
                    FitLabels.delay(message),
                    message.replica().isPresent() ? message.replica().getAsInt() : null,
                    message.message().letter().toLowerCase(Locale.ROOT),
                    message.measured().count(),
                    message.fit()
                            .chosen()
                            .map(candidate -> candidate.form().text())
                            .orElse(null),
                    message.fit().candidates().stream().map(FitJson::candidate).toList()));
        }
        return new FitReport(
                new FitReport.FileAndProfile(source, fit.measured().name()),
                new FitReport.FileAndProfile(out, fitted.name()),
                FitLabels.NRMSE_DEFINITION,
                Arrays.stream(MeasuredQuantiles.probabilities()).boxed().toList(),
                fits,
                FitLabels.kept(fit.measured()).stream()
                        .map(delay -> new FitReport.KeptDelay(delay.delay(), delay.type()))
                        .toList());
    }

    public static ObjectNode toJson(ProfileFit fit, String source, String out, LatencyProfile fitted) {
        return JsonMapping.tree(answer(fit, source, out, fitted));
    }

    public static String toText(ProfileFit fit, String source, String out, LatencyProfile fitted) {
        return JsonMapping.text(answer(fit, source, out, fitted));
    }

    private static FitReport.Candidate candidate(CandidateFit candidate) {
        if (candidate.converged()) {
            return new FitReport.Candidate(
                    candidate.form().text(),
                    true,
                    candidate.normalisedError(),
                    FitLabels.parameters(candidate),
                    DistributionJson.document(candidate.distribution()),
                    null);
        }
        return new FitReport.Candidate(candidate.form().text(), false, null, null, null, candidate.problem());
    }
}
