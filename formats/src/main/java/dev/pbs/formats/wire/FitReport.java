package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.formats.profile.DistributionDocument;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * What {@code ./pbs fit --format json} prints: which file was fitted and which was written, and
 * for each measured delay every candidate form with its error and parameters. A delay is named by
 * its place in the profile file: {@code default.w} or {@code replicas[1].w}.
 */
@Schema(name = "FitReport", description = "The fit of a measured profile's delays.")
public record FitReport(
        @JsonProperty("measured") FileAndProfile measured,
        @JsonProperty("fitted") FileAndProfile fitted,

        @Schema(description = "How the NRMSE is defined.") @JsonProperty("nrmse")
        String nrmse,

        @Schema(description = "The probabilities at which quantiles are compared.") @JsonProperty("probabilities")
        List<Double> probabilities,

        @JsonProperty("fits") List<DelayFit> fits,

        @Schema(description = "Delays of the profile that are not measured, kept as they are.") @JsonProperty("kept")
        List<KeptDelay> kept) {

    /** A profile file and the profile in it. */
    @Schema(name = "FitFile")
    public record FileAndProfile(
            @JsonProperty("file") String file,
            @JsonProperty("profile") String profile) {}

    /** The fit of one measured delay. */
    @Schema(name = "DelayFit")
    public record DelayFit(
            @Schema(description = "Its place in the profile file.", example = "replicas[1].w") @JsonProperty("delay")
            String delay,

            @Schema(description = "The replica it belongs to; null for the defaults.", nullable = true)
            @JsonProperty("replica")
            Integer replica,

            @Schema(allowableValues = {"w", "a", "r", "s"}) @JsonProperty("message")
            String message,

            @Schema(description = "Samples measured.") @JsonProperty("observations")
            long observations,

            @Schema(
                    description = "The form used in the fitted profile; null when the measured delay is kept.",
                    nullable = true)
            @JsonProperty("chosen")
            String chosen,

            @JsonProperty("candidates") List<Candidate> candidates) {}

    /** One candidate form; a failed one has a problem instead of parameters. */
    @Schema(name = "FitCandidate")
    public record Candidate(
            @Schema(allowableValues = {"pareto-exponential", "lognormal"}) @JsonProperty("form")
            String form,

            @JsonProperty("converged") boolean converged,

            @Schema(description = "Null when the fit did not converge.", nullable = true) @JsonProperty("nrmse")
            Double nrmse,

            @Schema(description = "pareto_weight, xm_ms, alpha, exponential_weight, lambda_per_ms; or mu, sigma.")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("parameters")
            Map<String, Double> parameters,

            @Schema(description = "The fitted distribution, as written to the fitted profile file.")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("distribution")
            DistributionDocument distribution,

            @Schema(description = "Why the fit did not converge.")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            @JsonProperty("problem")
            String problem) {}

    /** A delay that is not fitted. */
    @Schema(name = "KeptDelay")
    public record KeptDelay(
            @JsonProperty("delay") String delay,
            @JsonProperty("type") String type) {}
}
