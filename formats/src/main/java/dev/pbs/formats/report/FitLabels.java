package dev.pbs.formats.report;

import dev.pbs.formats.profile.DistributionJson;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.fitting.CandidateFit;
import dev.pbs.model.fitting.FittedForm;
import dev.pbs.model.fitting.MessageFit;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/** Names and numbers shared by the fit reports: delays by their place in the profile file, parameters, NRMSE. */
final class FitLabels {

    /** The NRMSE's definition, for reports and provenance. */
    static final String NRMSE_DEFINITION = "root-mean-square difference of ln(quantile) between fitted and measured "
            + "at p = 0.01, 0.02, ..., 0.99, 0.995, 0.999, divided by the measured ln Q(0.999) - ln Q(0.01)";

    /** A delay of the profile that is not fitted: its place and its distribution's type. */
    record Kept(String delay, String type) {}

    private FitLabels() {}

    /** The delay's place in the profile file: {@code default.w} or {@code replicas[1].w}. */
    static String delay(MessageFit fit) {
        return delay(fit.replica(), fit.message());
    }

    static String delay(OptionalInt replica, WarsMessage message) {
        String field = message.letter().toLowerCase(Locale.ROOT);
        return replica.isPresent() ? "replicas[" + replica.getAsInt() + "]." + field : "default." + field;
    }

    /** The delays that are not measured, in profile-file order, with the inter-datacenter delay last. */
    static List<Kept> kept(LatencyProfile measured) {
        List<Kept> kept = new ArrayList<>();
        for (WarsMessage message : WarsMessage.values()) {
            addIfParametric(kept, delay(OptionalInt.empty(), message), message.of(measured.defaults()));
        }
        List<DelayOverrides> overrides = measured.replicaOverrides();
        for (int replica = 0; replica < overrides.size(); replica++) {
            for (WarsMessage message : WarsMessage.values()) {
                LatencyDistribution override = message.of(overrides.get(replica));
                if (override != null) {
                    addIfParametric(kept, delay(OptionalInt.of(replica), message), override);
                }
            }
        }
        measured.topology()
                .ifPresent(topology ->
                        kept.add(new Kept("datacenters.inter_dc_delay", type(topology.interDatacenterDelay()))));
        return kept;
    }

    private static void addIfParametric(List<Kept> kept, String delay, LatencyDistribution distribution) {
        if (!(distribution instanceof Empirical)) {
            kept.add(new Kept(delay, type(distribution)));
        }
    }

    /** The distribution's type as the profile format names it: pareto, mixture, empirical... */
    static String type(LatencyDistribution distribution) {
        return DistributionJson.document(distribution).type();
    }

    /**
     * A fitted candidate's parameters in the paper's terms: pareto_weight, xm_ms, alpha,
     * exponential_weight, lambda_per_ms; or mu, sigma (of ln X, X in ms).
     */
    static Map<String, Double> parameters(CandidateFit candidate) {
        Map<String, Double> parameters = new LinkedHashMap<>();
        LatencyDistribution distribution = candidate.distribution();
        if (candidate.form() == FittedForm.PARETO_EXPONENTIAL) {
            Mixture mixture = (Mixture) distribution;
            Pareto pareto = (Pareto) mixture.components().get(0).distribution();
            Exponential exponential = (Exponential) mixture.components().get(1).distribution();
            parameters.put("pareto_weight", mixture.components().get(0).weight());
            parameters.put("xm_ms", pareto.scaleMillis());
            parameters.put("alpha", pareto.shape());
            parameters.put("exponential_weight", mixture.components().get(1).weight());
            parameters.put("lambda_per_ms", 1 / exponential.meanMillis());
        } else {
            LogNormal logNormal = (LogNormal) distribution;
            parameters.put("mu", logNormal.mu());
            parameters.put("sigma", logNormal.sigma());
        }
        return parameters;
    }

    /** The parameters for people, four significant digits. */
    static String parameterText(CandidateFit candidate) {
        Map<String, Double> parameters = parameters(candidate);
        if (candidate.form() == FittedForm.PARETO_EXPONENTIAL) {
            return String.format(
                    Locale.ROOT,
                    "%s Pareto(xm=%s ms, alpha=%s) + %s Exp(lambda=%s/ms)",
                    percent(parameters.get("pareto_weight")),
                    significant(parameters.get("xm_ms")),
                    significant(parameters.get("alpha")),
                    percent(parameters.get("exponential_weight")),
                    significant(parameters.get("lambda_per_ms")));
        }
        return "LogNormal(mu=" + significant(parameters.get("mu")) + ", sigma=" + significant(parameters.get("sigma"))
                + ")";
    }

    /** An NRMSE as a percentage with three significant digits, or "failed". */
    static String normalisedError(CandidateFit candidate) {
        return candidate.converged()
                ? String.format(Locale.ROOT, "%.3g%%", 100 * candidate.normalisedError())
                : "failed";
    }

    private static String significant(double value) {
        return String.format(Locale.ROOT, "%.4g", value);
    }

    private static String percent(double weight) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * weight);
    }
}
