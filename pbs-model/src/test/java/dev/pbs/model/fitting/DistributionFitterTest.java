package dev.pbs.model.fitting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Pareto;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fits to samples of known distributions recover the parameters.
 *
 * <p>Tolerances: {@value #STANDARD_ERRORS} asymptotic standard errors of the estimator (see
 * {@link AsymptoticStandardErrors}); for a normal estimate a miss that large has probability
 * 6e-7. Over 6 seeds and 8 distributions the observed errors were standard normal in scale
 * (largest 2.6 standard errors), which checks the theory. The NRMSE of the fit must be at most
 * the true distribution's against the same sample (the least-squares fit minimises it, so it
 * cannot do worse than the truth unless the optimiser stopped short), and the true
 * distribution's NRMSE must lie within the sampling noise: the mean plus
 * {@value #STANDARD_ERRORS} standard deviations of its square.
 */
class DistributionFitterTest {

    private static final double STANDARD_ERRORS = 5;
    private static final int OBSERVATIONS = 1_000_000;

    /** (xm, alpha, p_exp, lambda) to the paper's form: Pareto with 1 - p_exp, exponential with p_exp. */
    private static final Function<double[], LatencyDistribution> PARETO_EXPONENTIAL = parameters ->
            Mixture.paretoExponential(1 - parameters[2], parameters[0], parameters[1], parameters[2], parameters[3]);

    private static final Function<double[], LatencyDistribution> LOGNORMAL =
            parameters -> LogNormal.of(parameters[0], parameters[1]);

    private final DistributionFitter fitter = new DistributionFitter();

    @Test
    void fit_lnkdDiskWriteSample_recoversTheTable3Parameters() {
        // LinkedIn 15k RPM disk writes: 38% Pareto(xm 1.05 ms, alpha 1.51), 62% Exp(lambda 0.183/ms).
        double[] table3 = {1.05, 1.51, 0.62, 0.183};
        Empirical measured = MeasuredSamples.of(PARETO_EXPONENTIAL.apply(table3), OBSERVATIONS, 2012);

        DistributionFit fit = fitter.fit(measured);

        assertRecovers(
                fit.paretoExponential(),
                parametersOf(fit.paretoExponential()),
                table3,
                AsymptoticStandardErrors.of(PARETO_EXPONENTIAL, table3, OBSERVATIONS));
        assertThat(fit.chosen()).contains(fit.paretoExponential());
    }

    @ParameterizedTest(name = "xm={0} alpha={1} p_exp={2} lambda={3}")
    @CsvSource({
        "0.235, 10,  0.0878, 1.66", // lnkd-ssd
        "3,     3.5, 0.061,  0.0028", // ymmr W
        "1.5,   3.8, 0.018,  0.0217", // ymmr A, R, S
        "0.5,   1.2, 0.9,    2", // mostly exponential, very heavy Pareto tail
    })
    void fit_paretoExponentialSample_recoversParametersAndChoosesTheMixture(
            double scaleMillis, double shape, double exponentialWeight, double ratePerMillisecond) {
        double[] truth = {scaleMillis, shape, exponentialWeight, ratePerMillisecond};
        LatencyDistribution distribution = PARETO_EXPONENTIAL.apply(truth);
        Empirical measured = MeasuredSamples.of(distribution, OBSERVATIONS, 42);

        DistributionFit fit = fitter.fit(measured);

        assertRecovers(
                fit.paretoExponential(),
                parametersOf(fit.paretoExponential()),
                truth,
                AsymptoticStandardErrors.of(PARETO_EXPONENTIAL, truth, OBSERVATIONS));
        assertAtMostTheTruthsError(fit.paretoExponential(), distribution, measured);
        assertThat(fit.chosen()).contains(fit.paretoExponential());
        assertThat(fit.logNormal().normalisedError())
                .isGreaterThan(10 * fit.paretoExponential().normalisedError());
    }

    @ParameterizedTest(name = "mu={0} sigma={1}")
    @CsvSource({"1, 0.5", "-1, 1.2", "3, 0.2"})
    void fit_logNormalSample_recoversParametersAndChoosesTheLogNormal(double mu, double sigma) {
        double[] truth = {mu, sigma};
        LatencyDistribution distribution = LOGNORMAL.apply(truth);
        Empirical measured = MeasuredSamples.of(distribution, OBSERVATIONS, 42);

        DistributionFit fit = fitter.fit(measured);

        LogNormal fitted = (LogNormal) fit.logNormal().distribution();
        assertRecovers(
                fit.logNormal(),
                new double[] {fitted.mu(), fitted.sigma()},
                truth,
                AsymptoticStandardErrors.of(LOGNORMAL, truth, OBSERVATIONS));
        assertAtMostTheTruthsError(fit.logNormal(), distribution, measured);
        assertThat(fit.chosen()).contains(fit.logNormal());
        assertThat(fit.paretoExponential().normalisedError())
                .isGreaterThan(fit.logNormal().normalisedError());
    }

    @Test
    void fit_mixtureOptimiserOutOfEvaluations_fallsBackToTheLogNormalAndSaysWhy() {
        Empirical measured =
                MeasuredSamples.of(PARETO_EXPONENTIAL.apply(new double[] {1.05, 1.51, 0.62, 0.183}), 100_000, 1);

        DistributionFit fit = new DistributionFitter(2, DistributionFitter.DEFAULT_MAX_EVALUATIONS).fit(measured);

        assertThat(fit.paretoExponential().converged()).isFalse();
        assertThat(fit.paretoExponential().fitted()).isEmpty();
        assertThat(fit.paretoExponential().normalisedError()).isNaN();
        assertThat(fit.paretoExponential().problem())
                .startsWith("the Pareto-exponential least-squares fit did not converge from any of the best 5 of");
        assertThat(fit.chosen()).contains(fit.logNormal());
    }

    @Test
    void fit_neitherOptimiserConverges_choosesNothing() {
        Empirical measured = MeasuredSamples.of(LogNormal.of(0, 1), 10_000, 1);

        DistributionFit fit = new DistributionFitter(1, 1).fit(measured);

        assertThat(fit.candidates()).noneMatch(CandidateFit::converged);
        assertThat(fit.chosen()).isEmpty();
        assertThat(fit.logNormal().problem()).startsWith("the lognormal least-squares fit did not converge");
    }

    @Test
    void fit_constantDelay_isRejected() {
        assertThatThrownBy(() -> fitter.fit(Constant.of(2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the measured quantiles must have 0 < Q(0.01) < Q(0.999)");
    }

    @Test
    void fit_sameSampleTwice_givesTheSameFit() {
        Empirical measured = MeasuredSamples.of(LogNormal.of(0, 1), 20_000, 3);

        assertThat(fitter.fit(measured)).isEqualTo(fitter.fit(measured));
    }

    /** (xm, alpha, p_exp, lambda) of a fitted mixture. */
    private static double[] parametersOf(CandidateFit fit) {
        Mixture mixture = (Mixture) fit.distribution();
        Pareto pareto = (Pareto) mixture.components().get(0).distribution();
        Exponential exponential = (Exponential) mixture.components().get(1).distribution();
        return new double[] {
            pareto.scaleMillis(), pareto.shape(), mixture.components().get(1).weight(), 1 / exponential.meanMillis()
        };
    }

    private static void assertRecovers(CandidateFit fit, double[] estimate, double[] truth, double[] standardErrors) {
        assertThat(fit.converged()).as(fit.problem()).isTrue();
        for (int k = 0; k < truth.length; k++) {
            assertThat(estimate[k])
                    .as("parameter %d of %s (standard error %s)", k, fit.distribution(), standardErrors[k])
                    .isCloseTo(truth[k], within(STANDARD_ERRORS * standardErrors[k]));
        }
    }

    private static void assertAtMostTheTruthsError(CandidateFit fit, LatencyDistribution truth, Empirical measured) {
        double truthsError = MeasuredQuantiles.of(measured).normalisedRootMeanSquareError(truth);
        assertThat(truthsError).isLessThan(AsymptoticStandardErrors.noiseBound(truth, OBSERVATIONS, STANDARD_ERRORS));
        assertThat(fit.normalisedError()).isLessThanOrEqualTo(truthsError);
    }
}
