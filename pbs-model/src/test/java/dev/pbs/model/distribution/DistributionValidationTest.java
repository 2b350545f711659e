package dev.pbs.model.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every factory refuses a bad argument with a message naming the parameter and the value. */
class DistributionValidationTest {

    private static final double[] NOT_POSITIVE_OR_NOT_FINITE = {
        0, -1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY
    };
    private static final double[] NEGATIVE_OR_NOT_FINITE = {-1, -1e-300, Double.NaN, Double.POSITIVE_INFINITY};

    /** (what, call, the parameter's name in the message, the value in the message). */
    static Stream<Arguments> badArguments() {
        List<Arguments> cases = new ArrayList<>();
        for (double bad : NOT_POSITIVE_OR_NOT_FINITE) {
            cases.add(arguments(
                    "Exponential.ofMean(" + bad + ")",
                    (ThrowingCallable) () -> Exponential.ofMean(bad),
                    "exponential mean_ms",
                    bad));
            cases.add(arguments(
                    "Exponential.ofRate(" + bad + ")",
                    (ThrowingCallable) () -> Exponential.ofRate(bad),
                    "exponential rate lambda",
                    bad));
            cases.add(arguments(
                    "Pareto.of(" + bad + ", 2)", (ThrowingCallable) () -> Pareto.of(bad, 2), "pareto xm_ms", bad));
            cases.add(arguments(
                    "Pareto.of(1, " + bad + ")", (ThrowingCallable) () -> Pareto.of(1, bad), "pareto alpha", bad));
            cases.add(arguments(
                    "LogNormal.of(0, " + bad + ")",
                    (ThrowingCallable) () -> LogNormal.of(0, bad),
                    "lognormal sigma",
                    bad));
        }
        for (double bad : NEGATIVE_OR_NOT_FINITE) {
            cases.add(arguments(
                    "Constant.of(" + bad + ")", (ThrowingCallable) () -> Constant.of(bad), "constant value_ms", bad));
            cases.add(arguments(
                    "Shifted.of(" + bad + ", Exp)",
                    (ThrowingCallable) () -> Shifted.of(bad, Exponential.ofMean(1)),
                    "shifted offset_ms",
                    bad));
        }
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            cases.add(arguments(
                    "LogNormal.of(" + bad + ", 1)",
                    (ThrowingCallable) () -> LogNormal.of(bad, 1),
                    "lognormal mu",
                    bad));
        }
        for (double bad : new double[] {-0.1, 1.5, Double.NaN}) {
            cases.add(arguments(
                    "Component(" + bad + ", ...)",
                    (ThrowingCallable) () -> new Mixture.Component(bad, Constant.of(1)),
                    "mixture weight",
                    bad));
        }
        cases.add(arguments(
                "paretoExponential with a negative weight",
                (ThrowingCallable) () -> Mixture.paretoExponential(0.5, 1, 2, -0.2, 1),
                "mixture weight",
                -0.2));
        cases.add(arguments(
                "weights summing to 0.9",
                (ThrowingCallable) () -> Mixture.paretoExponential(0.5, 1, 2, 0.4, 1),
                "mixture weights must sum to 1",
                0.9));
        cases.add(arguments(
                "weights summing to 1.1",
                (ThrowingCallable) () -> Mixture.of(List.of(
                        new Mixture.Component(0.6, Constant.of(1)), new Mixture.Component(0.5, Constant.of(2)))),
                "mixture weights must sum to 1",
                1.1));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badArguments")
    void factory_badArgument_isRejectedNamingParameterAndValue(
            String what, ThrowingCallable call, String parameter, double value) {
        assertThatIllegalArgumentException()
                .isThrownBy(call)
                .withMessageContaining(parameter)
                .withMessageContaining(String.valueOf(value));
    }

    @Test
    void mixtureOf_noComponents_isRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Mixture.of(List.of()))
                .withMessage("a mixture needs at least one component");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Mixture.of(null))
                .withMessage("a mixture needs at least one component");
    }

    @Test
    void mixtureOf_weightsWithinTolerance_areAcceptedAndNormalised() {
        Mixture mixture = Mixture.of(
                List.of(new Mixture.Component(0.5 + 4e-7, Constant.of(1)), new Mixture.Component(0.5, Constant.of(1))));
        assertThat(mixture.survivalProbability(0.5)).isEqualTo(1.0);
    }

    @Test
    void mixtureComponent_nullDistribution_isRejectedNamingIt() {
        assertThatNullPointerException()
                .isThrownBy(() -> new Mixture.Component(0.5, null))
                .withMessageContaining("mixture component distribution");
    }

    @Test
    void shiftedOf_nullDistribution_isRejectedNamingIt() {
        assertThatNullPointerException()
                .isThrownBy(() -> Shifted.of(1, null))
                .withMessageContaining("shifted distribution");
    }

    @Test
    void empiricalOf_emptyHistogram_isRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Empirical.of(new Histogram(3), TimeUnit.MILLISECONDS))
                .withMessageContaining("empirical histogram is empty");
    }

    @Test
    void empiricalOf_unitCoarserThanMilliseconds_isRejectedNamingTheUnit() {
        Histogram histogram = new Histogram(3);
        histogram.recordValue(5);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Empirical.of(histogram, TimeUnit.SECONDS))
                .withMessageContaining("empirical unit")
                .withMessageContaining("SECONDS");
        assertThatNullPointerException()
                .isThrownBy(() -> Empirical.of(null, TimeUnit.MILLISECONDS))
                .withMessageContaining("empirical histogram");
        assertThatNullPointerException()
                .isThrownBy(() -> Empirical.of(histogram, null))
                .withMessageContaining("empirical unit");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.pbs.model.distribution.DistributionConformanceTest#cases")
    void inverseSurvivalProbability_outsideZeroOne_isRejectedNamingTheValue(DistributionCases.Case c) {
        for (double bad : new double[] {-0.1, 1.1, Double.NaN}) {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> c.distribution().inverseSurvivalProbability(bad))
                    .withMessage("probability must be in [0, 1], was " + bad);
        }
    }
}
