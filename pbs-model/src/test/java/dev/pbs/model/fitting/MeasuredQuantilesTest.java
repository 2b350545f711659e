package dev.pbs.model.fitting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Shifted;
import dev.pbs.model.profile.BuiltInProfiles;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

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
        return Stream.of(LogNormal.of(1, 0.5), Exponential.ofMean(3), BuiltInProfiles.LINKEDIN_DISK_WRITE,
                BuiltInProfiles.YAMMER_WRITE, MeasuredSamples.of(BuiltInProfiles.LINKEDIN_SSD, 10_000, 7));
    }

    @ParameterizedTest
    @MethodSource("distributions")
    void normalisedRootMeanSquareError_distributionAgainstItself_isZero(LatencyDistribution distribution) {
        assertThat(MeasuredQuantiles.of(distribution).normalisedRootMeanSquareError(distribution)).isZero();
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
