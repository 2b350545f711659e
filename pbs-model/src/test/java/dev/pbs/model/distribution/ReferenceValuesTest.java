package dev.pbs.model.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.profile.BuiltInProfiles;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Values against independent references: closed forms, and the tables in src/test/resources
 * computed with scipy by {@code reference_values.py} (provenance in each file's header).
 */
class ReferenceValuesTest {

    /** scipy and commons-statistics both evaluate the closed forms to a few ulps. */
    private static final double RELATIVE = 1e-12;

    private static LatencyDistribution build(String family, double first, Double second) {
        return switch (family) {
            case "pareto" -> Pareto.of(first, second);
            case "exponential" -> Exponential.ofRate(first);
            case "lognormal" -> LogNormal.of(first, second);
            case "shifted-exponential" -> Shifted.of(first, Exponential.ofRate(second));
            default -> throw new IllegalArgumentException("unknown family " + family);
        };
    }

    @ParameterizedTest(name = "{0}({1}, {2}).{3}({4}) = {5}")
    @CsvFileSource(resources = "/dev/pbs/model/distribution/reference-values.csv", numLinesToSkip = 1)
    void closedForms_scipyReferenceValues_agree(
            String family, double first, Double second, String function, Double argument, double expected) {
        LatencyDistribution distribution = build(family, first, second);
        double actual = switch (function) {
            case "survival" -> distribution.survivalProbability(argument);
            case "cdf" -> distribution.cumulativeProbability(argument);
            case "inverseSurvival" -> distribution.inverseSurvivalProbability(argument);
            case "mean" -> distribution.meanMillis();
            default -> throw new IllegalArgumentException("unknown function " + function);
        };
        assertThat(actual).isCloseTo(expected, within(RELATIVE * Math.abs(expected) + 1e-15));
    }

    private static final Map<String, LatencyDistribution> BUILT_IN = Map.of(
            "LINKEDIN_SSD", BuiltInProfiles.LINKEDIN_SSD,
            "LINKEDIN_DISK_WRITE", BuiltInProfiles.LINKEDIN_DISK_WRITE,
            "YAMMER_WRITE", BuiltInProfiles.YAMMER_WRITE,
            "YAMMER_OTHER", BuiltInProfiles.YAMMER_OTHER);

    @ParameterizedTest(name = "{0}: S({1}) = {2}")
    @CsvFileSource(resources = "/dev/pbs/model/distribution/mixture-survival.csv", numLinesToSkip = 1)
    void survivalProbability_builtInMixture_isTheWeightedSumFromScipy(String constant, double x, double expected) {
        LatencyDistribution mixture = BUILT_IN.get(constant);
        assertThat(mixture.survivalProbability(x)).isCloseTo(expected, within(RELATIVE * expected + 1e-15));
    }

    @ParameterizedTest(name = "x = {0}")
    @ValueSource(doubles = {0, 0.1, 1.05, 1.5, 3, 7.5, 42, 1e3, 1e5})
    void survivalProbability_mixture_isTheWeightedSumOfItsComponents(double x) {
        Pareto pareto = Pareto.of(1.05, 1.51);
        Exponential exponential = Exponential.ofRate(0.183);
        LogNormal logNormal = LogNormal.of(1, 1);
        Mixture mixture = Mixture.of(List.of(
                new Mixture.Component(0.5, pareto),
                new Mixture.Component(0.3, exponential),
                new Mixture.Component(0.2, logNormal)));
        double weighted = 0.5 * pareto.survivalProbability(x)
                + 0.3 * exponential.survivalProbability(x)
                + 0.2 * logNormal.survivalProbability(x);
        assertThat(mixture.survivalProbability(x)).isCloseTo(weighted, within(1e-15));
        assertThat(mixture.cumulativeProbability(x)).isCloseTo(1 - weighted, within(1e-15));
        assertThat(mixture.meanMillis())
                .isCloseTo(
                        0.5 * pareto.meanMillis() + 0.3 * exponential.meanMillis() + 0.2 * logNormal.meanMillis(),
                        within(1e-12));
    }

    @Test
    void survivalProbability_pareto_isXmOverXToTheAlpha() {
        // Closed form S(x) = (xm/x)^alpha for x >= xm, 1 below: the paper's Pareto(xm, alpha).
        Pareto pareto = Pareto.of(1.05, 1.51);
        for (double x : new double[] {1.05, 1.5, 2, 10, 123.4, 1e6}) {
            double closedForm = Math.pow(1.05 / x, 1.51);
            assertThat(pareto.survivalProbability(x))
                    .as("x = %s", x)
                    .isCloseTo(closedForm, within(RELATIVE * closedForm));
        }
        assertThat(pareto.survivalProbability(1.0)).isEqualTo(1.0);
        assertThat(pareto.inverseSurvivalProbability(1.0)).isEqualTo(1.05);
        assertThat(pareto.meanMillis()).isCloseTo(1.51 * 1.05 / 0.51, within(1e-12));
        assertThat(Pareto.of(1, 0.8).meanMillis()).isInfinite();
        assertThat(Pareto.of(1, 1).meanMillis()).isInfinite();
    }

    @Test
    void meanMillis_exponentialOfRate_isOneOverLambda() {
        // Exp(lambda): mean 1/lambda (design note section 4).
        assertThat(Exponential.ofRate(1.66).meanMillis()).isCloseTo(1 / 1.66, within(1e-15));
        assertThat(Exponential.ofRate(0.0028).meanMillis()).isCloseTo(1 / 0.0028, within(1e-12));
        assertThat(Exponential.ofMean(5).meanMillis()).isEqualTo(5.0);
        assertThat(Exponential.ofRate(0.2)).isEqualTo(Exponential.ofMean(5));
        assertThat(Exponential.ofRate(0.5).survivalProbability(2)).isCloseTo(Math.exp(-1), within(1e-16));
    }

    @Test
    void inverseSurvivalProbability_logNormalAtOneHalf_isTheMedianEToTheMu() {
        for (double mu : new double[] {-2, 0, 0.5, 3}) {
            LogNormal logNormal = LogNormal.of(mu, 0.7);
            assertThat(logNormal.inverseSurvivalProbability(0.5))
                    .as("mu = %s", mu)
                    .isCloseTo(Math.exp(mu), within(1e-14 * Math.exp(mu)));
            assertThat(logNormal.cumulativeProbability(Math.exp(mu))).isCloseTo(0.5, within(1e-15));
            assertThat(logNormal.meanMillis()).isCloseTo(Math.exp(mu + 0.49 / 2), within(1e-14 * Math.exp(mu)));
        }
    }

    @Test
    void shifted_anyDelay_isTheInnerDistributionMovedRight() {
        LatencyDistribution inner = BuiltInProfiles.LINKEDIN_DISK_WRITE;
        Shifted shifted = Shifted.of(75, inner);
        for (double x : new double[] {0, 74.9, 75, 76.05, 80, 200, 1e4}) {
            assertThat(shifted.survivalProbability(x)).as("S(%s)", x).isEqualTo(inner.survivalProbability(x - 75));
            assertThat(shifted.cumulativeProbability(x)).as("F(%s)", x).isEqualTo(inner.cumulativeProbability(x - 75));
        }
        assertThat(shifted.survivalProbability(74.99)).isEqualTo(1.0);
        for (double v : new double[] {1, 0.5, 1e-3, 1e-9}) {
            assertThat(shifted.inverseSurvivalProbability(v)).isEqualTo(75 + inner.inverseSurvivalProbability(v));
        }
        assertThat(Shifted.of(75, Exponential.ofMean(2)).meanMillis()).isEqualTo(77.0);
        assertThat(shifted.meanMillis()).isEqualTo(75 + inner.meanMillis());
        assertThat(shifted.offsetMillis()).isEqualTo(75.0);
        assertThat(shifted.distribution()).isSameAs(inner);
    }
}
