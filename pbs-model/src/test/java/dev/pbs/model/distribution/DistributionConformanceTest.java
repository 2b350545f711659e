package dev.pbs.model.distribution;

import static dev.pbs.model.distribution.GoodnessOfFit.ALPHA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.DistributionCases.Case;
import java.util.List;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance test every latency distribution runs through (as commons-statistics does for
 * its own): the sampler must draw from the distribution that the CDF describes, and the CDF,
 * survival function, inverse and mean must agree with one another.
 */
class DistributionConformanceTest {

    private static final int SAMPLES = 200_000;
    private static final long SEED = 20120801L;

    /** Survival probabilities at which the round trips are checked. */
    private static final double[] GRID = {0.999, 0.99, 0.9, 0.75, 0.5, 0.25, 0.1, 1e-2, 1e-3, 1e-4, 1e-6, 1e-9};

    static List<Case> cases() {
        return DistributionCases.ALL;
    }

    private static double[] drawWithFill(LatencyDistribution distribution, long seed) {
        double[] samples = new double[SAMPLES];
        distribution.sampler(GoodnessOfFit.random(seed)).fill(samples, 0, SAMPLES);
        return samples;
    }

    private static double[] drawWithSample(LatencyDistribution distribution, long seed) {
        LatencySampler sampler = distribution.sampler(GoodnessOfFit.random(seed));
        double[] samples = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            samples[i] = sampler.sample();
        }
        return samples;
    }

    private static void assertFitsOwnCdf(Case c, double[] samples) {
        double[] sorted = GoodnessOfFit.sorted(samples);
        double distance = GoodnessOfFit.kolmogorovSmirnovDistance(sorted, c.distribution());
        double pValue = GoodnessOfFit.kolmogorovSmirnovPValue(distance, SAMPLES);
        assertThat(pValue)
                .as("%s: KS distance %.6f over %d samples", c, distance, SAMPLES)
                .isGreaterThan(ALPHA);
        if (!c.hasAtom()) {
            // Without atoms our distance is commons-math's own statistic.
            double commons = new KolmogorovSmirnovTest()
                    .kolmogorovSmirnovStatistic(new GoodnessOfFit.AsRealDistribution(c.distribution()), samples);
            assertThat(distance).as("%s: KS distance vs commons-math", c).isCloseTo(commons, within(1e-12));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void samplerFill_fixedSeed_passesKolmogorovSmirnovAgainstOwnCdf(Case c) {
        assertFitsOwnCdf(c, drawWithFill(c.distribution(), SEED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void samplerSample_otherFixedSeed_passesKolmogorovSmirnovAgainstOwnCdf(Case c) {
        assertFitsOwnCdf(c, drawWithSample(c.distribution(), SEED + 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void samplerFill_sameSeed_givesTheSameDrawsAsRepeatedSample(Case c) {
        int n = 10_000;
        double[] filled = new double[n + 2];
        c.distribution().sampler(GoodnessOfFit.random(SEED)).fill(filled, 1, n + 1);
        LatencySampler sampler = c.distribution().sampler(GoodnessOfFit.random(SEED));
        for (int i = 1; i <= n; i++) {
            assertThat(filled[i]).as("%s draw %d", c, i).isEqualTo(sampler.sample());
        }
        assertThat(filled[0]).as("fill leaves out[from - 1] alone").isZero();
        assertThat(filled[n + 1]).as("fill leaves out[to] alone").isZero();
    }

    /** Fills of odd lengths (a sampler may keep part of a random draw for its next delay). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void samplerFill_inPiecesOfOddLength_givesTheSameDrawsAsRepeatedSample(Case c) {
        int n = 10_000;
        double[] filled = new double[n];
        LatencySampler filler = c.distribution().sampler(GoodnessOfFit.random(SEED));
        int[] pieces = {1, 3, 2, 7, 0, 256, 5};
        int from = 0;
        for (int piece = 0; from < n; piece++) {
            int to = Math.min(n, from + pieces[piece % pieces.length]);
            filler.fill(filled, from, to);
            from = to;
        }
        LatencySampler sampler = c.distribution().sampler(GoodnessOfFit.random(SEED));
        for (int i = 0; i < n; i++) {
            assertThat(filled[i]).as("%s draw %d", c, i).isEqualTo(sampler.sample());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void samples_anySeed_areFiniteAndNonNegative(Case c) {
        double[] samples = drawWithFill(c.distribution(), SEED + 2);
        for (double sample : samples) {
            assertThat(sample).as("%s", c).isFinite().isGreaterThanOrEqualTo(0.0);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void cumulativeAndSurvival_anyDelay_sumToOne(Case c) {
        LatencyDistribution distribution = c.distribution();
        double[] outside = {-1, 0, Math.nextDown(0.0), 1e-9, 1e300, Double.POSITIVE_INFINITY};
        for (double x : outside) {
            assertSumsToOne(c, x);
        }
        for (double v : GRID) {
            double x = distribution.inverseSurvivalProbability(v);
            assertSumsToOne(c, x);
            assertSumsToOne(c, Math.nextDown(x));
            assertSumsToOne(c, x * 1.01);
        }
    }

    private static void assertSumsToOne(Case c, double x) {
        LatencyDistribution distribution = c.distribution();
        double cumulative = distribution.cumulativeProbability(x);
        double survival = distribution.survivalProbability(x);
        assertThat(cumulative).as("%s cdf(%s)", c, x).isBetween(0.0, 1.0);
        assertThat(survival).as("%s survival(%s)", c, x).isBetween(0.0, 1.0);
        assertThat(cumulative + survival).as("%s cdf + survival at %s", c, x).isCloseTo(1.0, within(1e-12));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void inverseSurvival_ofSurvivalOnAGrid_returnsTheDelay(Case c) {
        LatencyDistribution distribution = c.distribution();
        for (double v : GRID) {
            double x = distribution.inverseSurvivalProbability(v);
            double roundTrip = distribution.inverseSurvivalProbability(distribution.survivalProbability(x));
            assertThat(roundTrip).as("%s: Q(S(x)) at x = Q(%s) = %s", c, v, x).isCloseTo(x, within(1e-9 * x + 1e-12));
            // The definition: Q(v) is the smallest x with S(x) <= v.
            assertThat(distribution.survivalProbability(x))
                    .as("%s: S(Q(%s))", c, v)
                    .isLessThanOrEqualTo(v + 1e-12);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void inverseSurvival_decreasingProbability_neverDecreases(Case c) {
        LatencyDistribution distribution = c.distribution();
        double previous = distribution.inverseSurvivalProbability(1.0);
        assertThat(previous).as("%s: Q(1), the bottom of the support", c).isGreaterThanOrEqualTo(0.0);
        for (int k = 1; k <= 2000; k++) {
            double v = Math.pow(10, -12.0 * k / 2000);
            double x = distribution.inverseSurvivalProbability(v);
            assertThat(x).as("%s: Q(%s)", c, v).isGreaterThanOrEqualTo(previous);
            previous = x;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sampleMean_finiteVariance_matchesMeanMillisWithinConfidenceInterval(Case c) {
        if (!c.finiteVariance()) {
            assertThat(c.distribution().meanMillis())
                    .as("%s: no CLT, but the mean is positive", c)
                    .isPositive();
            return;
        }
        double[] samples = drawWithFill(c.distribution(), SEED + 3);
        double sum = 0;
        for (double sample : samples) {
            sum += sample;
        }
        double mean = sum / SAMPLES;
        double squares = 0;
        for (double sample : samples) {
            squares += (sample - mean) * (sample - mean);
        }
        double standardError = Math.sqrt(squares / (SAMPLES - 1) / SAMPLES);
        double tolerance = GoodnessOfFit.criticalZ() * standardError + 1e-12 * Math.abs(mean);
        assertThat(mean)
                .as("%s: sample mean (standard error %.3g)", c, standardError)
                .isCloseTo(c.distribution().meanMillis(), within(tolerance));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sampler_sameSeed_isDeterministic(Case c) {
        double[] first = new double[1000];
        double[] second = new double[1000];
        c.distribution().sampler(GoodnessOfFit.random(7)).fill(first, 0, first.length);
        c.distribution().sampler(GoodnessOfFit.random(7)).fill(second, 0, second.length);
        assertThat(second).containsExactly(first);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void describe_anyDistribution_isNotBlankAndIsTheToString(Case c) {
        assertThat(c.distribution().describe()).isNotBlank();
        assertThat(c.distribution().toString()).isEqualTo(c.distribution().describe());
    }

    @Test
    void sampler_constant_returnsTheValueExactlyAndConsumesNoRandomness() {
        Constant constant = Constant.of(2.5);
        var random = GoodnessOfFit.random(SEED);
        LatencySampler sampler = constant.sampler(random);
        double[] samples = new double[1000];
        sampler.fill(samples, 0, samples.length);
        assertThat(samples).containsOnly(2.5);
        assertThat(sampler.sample()).isEqualTo(2.5);
        assertThat(random.nextLong())
                .as("the generator was not advanced")
                .isEqualTo(GoodnessOfFit.random(SEED).nextLong());
        assertThat(constant.cumulativeProbability(Math.nextDown(2.5))).isZero();
        assertThat(constant.cumulativeProbability(2.5)).isEqualTo(1.0);
        assertThat(constant.survivalProbability(2.5)).isZero();
        assertThat(constant.inverseSurvivalProbability(0.0)).isEqualTo(2.5);
        assertThat(constant.inverseSurvivalProbability(1.0)).isEqualTo(2.5);
        assertThat(constant.meanMillis()).isEqualTo(2.5);
    }

    @Test
    void sampler_gapMixture_choosesTheAtomWithItsWeight() {
        assertThat(DistributionCases.GAP_MIXTURE.hasContinuousQuantile())
                .as("supports [1, 1] and [10, inf) leave a gap")
                .isFalse();
        double[] samples = drawWithFill(DistributionCases.GAP_MIXTURE, SEED + 4);
        long atOne = 0;
        for (double sample : samples) {
            assertThat(sample).as("nothing falls in the gap").matches(x -> x == 1.0 || x >= 10.0);
            if (sample == 1.0) {
                atOne++;
            }
        }
        double standardError = Math.sqrt(0.3 * 0.7 / SAMPLES);
        assertThat((double) atOne / SAMPLES).isCloseTo(0.3, within(GoodnessOfFit.criticalZ() * standardError));
    }

    @Test
    void hasContinuousQuantile_supportsThatJoin_usesTheTable() {
        assertThat(DistributionCases.ATOM_MIXTURE.hasContinuousQuantile()).isTrue();
        for (Case c : DistributionCases.ALL) {
            if (c.distribution() instanceof Mixture mixture && mixture != DistributionCases.GAP_MIXTURE) {
                assertThat(mixture.hasContinuousQuantile()).as("%s", c).isTrue();
            }
        }
    }
}
