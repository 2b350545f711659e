package dev.pbs.model.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LogNormal;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Length-biased draws against their closed forms: the length-biased law of X has mean E[X^2] /
 * E[X]; for an exponential of mean m it is the Gamma(2, m) law, whose distribution function is
 * {@code 1 - (1 + x/m) e^{-x/m}}.
 */
class EquilibriumSamplerTest {

    private static final int DRAWS = 400_000;

    @Test
    void constant_isDrawnExactly() {
        EquilibriumSampler sampler = new EquilibriumSampler(Constant.of(1800));
        RandomGenerator random = new SplittableRandom(1);
        for (int k = 0; k < 1000; k++) {
            assertThat(sampler.length(random)).isEqualTo(1800);
        }
    }

    @Test
    void exponential_lengthBiasedIsGammaTwo() {
        double mean = 250;
        EquilibriumSampler sampler = new EquilibriumSampler(Exponential.ofMean(mean));
        RandomGenerator random = new SplittableRandom(2);
        double sum = 0;
        int belowMean = 0;
        int belowThreeMeans = 0;
        for (int k = 0; k < DRAWS; k++) {
            double length = sampler.length(random);
            sum += length;
            belowMean += length <= mean ? 1 : 0;
            belowThreeMeans += length <= 3 * mean ? 1 : 0;
        }
        // Gamma(2, m): mean 2m, standard deviation sqrt(2) m, so the mean of 400,000 draws has a
        // standard error of 0.0022 m; tolerances are about five of them.
        assertThat(sum / DRAWS).isCloseTo(2 * mean, within(0.012 * mean));
        assertThat((double) belowMean / DRAWS).isCloseTo(1 - 2 * Math.exp(-1), within(0.004));
        assertThat((double) belowThreeMeans / DRAWS).isCloseTo(1 - 4 * Math.exp(-3), within(0.004));
    }

    @Test
    void logNormal_lengthBiasedMeanIsMeanTimesExpSigmaSquared() {
        double mu = Math.log(10);
        double sigma = 0.5;
        LogNormal distribution = LogNormal.of(mu, sigma);
        EquilibriumSampler sampler = new EquilibriumSampler(distribution);
        RandomGenerator random = new SplittableRandom(3);
        double sum = 0;
        for (int k = 0; k < DRAWS; k++) {
            sum += sampler.length(random);
        }
        double expected = distribution.meanMillis() * Math.exp(sigma * sigma);
        assertThat(sum / DRAWS).isCloseTo(expected, within(0.01 * expected));
    }

    @Test
    void infiniteOrZeroMean_isRefusedByName() {
        assertThatThrownBy(() -> new EquilibriumSampler(Constant.of(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("an interval of a renewal process needs a mean above 0 ms");
    }
}
