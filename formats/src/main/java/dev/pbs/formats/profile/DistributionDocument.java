package dev.pbs.formats.profile;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.swagger.v3.oas.annotations.media.DiscriminatorMapping;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * One latency distribution of the profile format (a "DIST"), as it is written: a record per type,
 * each with its {@code "type"} first. {@link DistributionJson} builds these from the model and
 * reads the format back, strictly.
 */
@Schema(
        name = "Distribution",
        description = "A latency distribution in milliseconds, by its \"type\".",
        oneOf = {
            DistributionDocument.Constant.class,
            DistributionDocument.Exponential.class,
            DistributionDocument.Pareto.class,
            DistributionDocument.LogNormal.class,
            DistributionDocument.Mixture.class,
            DistributionDocument.Shifted.class,
            DistributionDocument.Empirical.class
        },
        discriminatorProperty = "type",
        discriminatorMapping = {
            @DiscriminatorMapping(value = "constant", schema = DistributionDocument.Constant.class),
            @DiscriminatorMapping(value = "exponential", schema = DistributionDocument.Exponential.class),
            @DiscriminatorMapping(value = "pareto", schema = DistributionDocument.Pareto.class),
            @DiscriminatorMapping(value = "lognormal", schema = DistributionDocument.LogNormal.class),
            @DiscriminatorMapping(value = "mixture", schema = DistributionDocument.Mixture.class),
            @DiscriminatorMapping(value = "shifted", schema = DistributionDocument.Shifted.class),
            @DiscriminatorMapping(value = "empirical", schema = DistributionDocument.Empirical.class)
        })
public sealed interface DistributionDocument {

    /** The type's name in the format: constant, exponential, pareto, lognormal, mixture, shifted, empirical. */
    String type();

    /** Always the same delay. */
    @Schema(name = "ConstantDistribution", description = "Always value_ms.")
    @JsonPropertyOrder({"type"})
    record Constant(
            @Schema(description = "The delay, ms (>= 0).") @JsonProperty("value_ms")
            double valueMillis) implements DistributionDocument {
        @Override
        @JsonProperty("type")
        @Schema(allowableValues = "constant")
        public String type() {
            return "constant";
        }
    }

    /** Exponentially distributed. */
    @Schema(name = "ExponentialDistribution", description = "Exponential with mean mean_ms.")
    @JsonPropertyOrder({"type"})
    record Exponential(
            @Schema(description = "The mean, ms (> 0).") @JsonProperty("mean_ms")
            double meanMillis) implements DistributionDocument {
        @Override
        @JsonProperty("type")
        @Schema(allowableValues = "exponential")
        public String type() {
            return "exponential";
        }
    }

    /** Pareto distributed. */
    @Schema(name = "ParetoDistribution", description = "Pareto with scale xm_ms and shape alpha.")
    @JsonPropertyOrder({"type"})
    record Pareto(
            @Schema(description = "The scale (the smallest delay), ms (> 0).") @JsonProperty("xm_ms")
            double scaleMillis,

            @Schema(description = "The shape (> 0).") @JsonProperty("alpha")
            double shape)
            implements DistributionDocument {
        @Override
        @JsonProperty("type")
        @Schema(allowableValues = "pareto")
        public String type() {
            return "pareto";
        }
    }

    /** Log-normally distributed. */
    @Schema(name = "LogNormalDistribution", description = "ln X ~ Normal(mu, sigma), X in ms.")
    @JsonPropertyOrder({"type"})
    record LogNormal(
            @Schema(description = "Mean of ln X.") @JsonProperty("mu")
            double mu,

            @Schema(description = "Standard deviation of ln X (> 0).") @JsonProperty("sigma")
            double sigma)
            implements DistributionDocument {
        @Override
        @JsonProperty("type")
        @Schema(allowableValues = "lognormal")
        public String type() {
            return "lognormal";
        }
    }

    /** A weighted mixture. */
    @Schema(name = "MixtureDistribution", description = "A weighted mixture; the weights add up to 1.")
    @JsonPropertyOrder({"type"})
    record Mixture(@JsonProperty("components") List<Component> components) implements DistributionDocument {
        @Override
        @JsonProperty("type")
        @Schema(allowableValues = "mixture")
        public String type() {
            return "mixture";
        }
    }

    /** One weighted part of a mixture. */
    @Schema(name = "MixtureComponent", description = "One weighted part of a mixture.")
    record Component(
            @Schema(description = "Its weight, in (0, 1].") @JsonProperty("weight")
            double weight,

            @JsonProperty("distribution") DistributionDocument distribution) {}

    /** Another distribution plus a constant. */
    @Schema(name = "ShiftedDistribution", description = "offset_ms plus a delay drawn from distribution.")
    @JsonPropertyOrder({"type"})
    record Shifted(
            @Schema(description = "The constant added, ms (>= 0).") @JsonProperty("offset_ms")
            double offsetMillis,

            @JsonProperty("distribution") DistributionDocument distribution)
            implements DistributionDocument {
        @Override
        @JsonProperty("type")
        @Schema(allowableValues = "shifted")
        public String type() {
            return "shifted";
        }
    }

    /** Measured delays as a histogram. */
    @Schema(name = "EmpiricalDistribution", description = "Measured delays: an HdrHistogram.")
    @JsonPropertyOrder({"type"})
    record Empirical(
            @Schema(description = "Samples in the histogram.") @JsonProperty("count")
            long count,

            @Schema(description = "The histogram, compressed (HdrHistogram's encoding) and in base64.")
            @JsonProperty("histogram")
            String histogram,

            @Schema(
                    description = "The unit of the histogram's values.",
                    allowableValues = {"ns", "us", "ms"})
            @JsonProperty("unit")
            String unit)
            implements DistributionDocument {
        @Override
        @JsonProperty("type")
        @Schema(allowableValues = "empirical")
        public String type() {
            return "empirical";
        }
    }
}
