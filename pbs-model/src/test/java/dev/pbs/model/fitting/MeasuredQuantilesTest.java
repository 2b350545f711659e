package dev.pbs.model.fitting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Shifted;
import dev.pbs.model.profile.BuiltInProfiles;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MeasuredQuantilesTest {

    @Test
    void probabilities_hundredthsThenTheTail_are101() {
        double[] probabilities = MeasuredQuantiles.probabilities();

        assertThat(probabilities).hasSize(101);
        assertThat(probabilities[0]).isEqualTo(0.01);
        assertThat(probabilities[49]).isEqualTo(0.5);
        assertThat(probabilities[98]).isEqualTo(0.99);
        assertThat(probabilities[99]).isEqualTo(0.995);
        assertThat(probabilities[100]).isEqualTo(0.999);
    }

    static Stream<LatencyDistribution> distributions() {
        return Stream.of(
                LogNormal.of(1, 0.5),
                Exponential.ofMean(3),
                BuiltInProfiles.LINKEDIN_DISK_WRITE,
                BuiltInProfiles.YAMMER_WRITE,
                MeasuredSamples.of(BuiltInProfiles.LINKEDIN_SSD, 10_000, 7));
    }

    @ParameterizedTest
    @MethodSource("distributions")
    void normalisedRootMeanSquareError_distributionAgainstItself_isZero(LatencyDistribution distribution) {
        assertThat(MeasuredQuantiles.of(distribution).normalisedRootMeanSquareError(distribution))
                .isZero();
    }

    @Test
    void normalisedRootMeanSquareError_exponentialTwiceAsSlow_isLnTwoOverTheLogRange() {
        // Every quantile of Exp(mean 2) is twice that of Exp(mean 1): each log-residual is ln 2,
        // so RMSE = ln 2; Exp(mean 1) has Q(p) = -ln(1 - p), so the log-range is
        // ln(ln 1000) - ln(-ln 0.99).
        MeasuredQuantiles measured = MeasuredQuantiles.of(Exponential.ofMean(1));
        double logRange = Math.log(Math.log(1000)) - Math.log(-Math.log(0.99));

        assertThat(measured.logRange()).isCloseTo(logRange, within(1e-12));
        assertThat(measured.normalisedRootMeanSquareError(Exponential.ofMean(2)))
                .isCloseTo(Math.log(2) / logRange, within(1e-12));
    }

    @Test
    void normalisedRootMeanSquareError_shiftedCandidate_growsWithTheShift() {
        MeasuredQuantiles measured = MeasuredQuantiles.of(LogNormal.of(0, 1));

        double small = measured.normalisedRootMeanSquareError(Shifted.of(0.01, LogNormal.of(0, 1)));
        double large = measured.normalisedRootMeanSquareError(Shifted.of(0.1, LogNormal.of(0, 1)));

        assertThat(small).isPositive().isLessThan(large);
    }

    @Test
    void normalisedRootMeanSquareError_candidateWithZeroQuantiles_isInfinite() {
        MeasuredQuantiles measured = MeasuredQuantiles.of(LogNormal.of(0, 1));

        assertThat(measured.normalisedRootMeanSquareError(Constant.of(0))).isInfinite();
    }

    @Test
    void normalisedRootMeanSquareError_medianOffSixfold_isLargeInLogsThoughSmallInMilliseconds() {
        // The example behind logarithms: 100,000 delays from the Yammer write fit, and the mixture
        // that minimised the absolute quantile errors on them (found while choosing the measure; the
        // delays drawn by exact inversion, as samplers drew them then, so the example stays fitted).
        LatencyDistribution truth = BuiltInProfiles.YAMMER_WRITE;
        MeasuredQuantiles measured = MeasuredQuantiles.of(MeasuredSamples.byExactInversion(truth, 100_000, 6));
        LatencyDistribution bodyWrong = Mixture.paretoExponential(
                0.9432409420881823,
                0.2889977972513486,
                1.0012225376163053,
                0.056759057911817797,
                1 / 362.55334637876285);

        assertThat(measured.quantilesMillis()[49]).isCloseTo(3.73, within(0.01));
        assertThat(bodyWrong.inverseSurvivalProbability(0.5)).isCloseTo(0.62, within(0.01));
        assertThat(absoluteError(bodyWrong, measured)).isLessThan(absoluteError(truth, measured));
        assertThat(measured.normalisedRootMeanSquareError(bodyWrong))
                .isGreaterThan(100 * measured.normalisedRootMeanSquareError(truth));
    }

    /** RMS of the quantile differences in milliseconds over the measured range: the measure not chosen. */
    private static double absoluteError(LatencyDistribution candidate, MeasuredQuantiles measured) {
        double[] fitted = MeasuredQuantiles.quantilesOf(candidate);
        double[] observed = measured.quantilesMillis();
        double sumOfSquares = 0;
        for (int i = 0; i < observed.length; i++) {
            sumOfSquares += (fitted[i] - observed[i]) * (fitted[i] - observed[i]);
        }
        return Math.sqrt(sumOfSquares / observed.length) / (observed[observed.length - 1] - observed[0]);
    }

    @Test
    void of_constant_isRejectedAsHavingNoShape() {
        assertThatThrownBy(() -> MeasuredQuantiles.of(Constant.of(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the measured quantiles must have 0 < Q(0.01) < Q(0.999) < infinity, were Q(0.01) = 5.0 ms "
                        + "and Q(0.999) = 5.0 ms");
    }

    @Test
    void quantilesMillis_exponential_isMinusLogOfSurvival() {
        double[] quantiles = MeasuredQuantiles.of(Exponential.ofMean(1)).quantilesMillis();

        assertThat(quantiles[49]).isCloseTo(Math.log(2), within(1e-12));
        assertThat(quantiles[100]).isCloseTo(Math.log(1000), within(1e-12));
    }
}
