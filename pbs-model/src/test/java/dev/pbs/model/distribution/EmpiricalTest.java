package dev.pbs.model.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.junit.jupiter.api.Test;

/**
 * Empirical distributions from a hand-built histogram: 1000 delays, 250 each at 10, 20, 4000 and
 * 10000 ms. Each HdrHistogram bucket is uniform, so quantiles and the CDF follow from the bucket
 * bounds. With 3 significant digits (HdrHistogram 2.2.2) buckets are 1 wide below 2048, 2 wide
 * in [2048, 4096) and 8 wide in [8192, 16384): [10, 11), [20, 21), [4000, 4002), [10000, 10008).
 */
class EmpiricalTest {

    private static Histogram fourSpikes() {
        Histogram histogram = new Histogram(3);
        histogram.recordValueWithCount(10, 250);
        histogram.recordValueWithCount(20, 250);
        histogram.recordValueWithCount(4000, 250);
        histogram.recordValueWithCount(10000, 250);
        return histogram;
    }

    private final Empirical empirical = Empirical.of(fourSpikes(), TimeUnit.MILLISECONDS);

    @Test
    void bucketBounds_hdrHistogramThreeDigits_areAsAssumed() {
        Histogram histogram = fourSpikes();
        assertThat(histogram.lowestEquivalentValue(4000)).isEqualTo(4000);
        assertThat(histogram.nextNonEquivalentValue(4000)).isEqualTo(4002);
        assertThat(histogram.lowestEquivalentValue(10000)).isEqualTo(10000);
        assertThat(histogram.nextNonEquivalentValue(10000)).isEqualTo(10008);
        assertThat(histogram.nextNonEquivalentValue(20)).isEqualTo(21);
    }

    @Test
    void inverseSurvivalProbability_handBuiltHistogram_interpolatesWithinBuckets() {
        // Position (1 - v) * 1000 among the observations, uniform within each bucket.
        assertThat(empirical.inverseSurvivalProbability(1.0)).isEqualTo(10.0);
        assertThat(empirical.inverseSurvivalProbability(0.9)).isCloseTo(10.4, within(1e-12));
        assertThat(empirical.inverseSurvivalProbability(0.7)).isCloseTo(20.2, within(1e-12));
        assertThat(empirical.inverseSurvivalProbability(0.4)).isCloseTo(4000.8, within(1e-9));
        assertThat(empirical.inverseSurvivalProbability(0.1)).isCloseTo(10004.8, within(1e-9));
        assertThat(empirical.inverseSurvivalProbability(0.0)).isEqualTo(10008.0);
    }

    @Test
    void inverseSurvivalProbability_atABucketBoundaryBeforeAGap_isTheSmallestDelay() {
        // S(x) = 0.75 for every x in [11, 20]: the smallest x with S(x) <= 0.75 is 11, not 20.
        assertThat(empirical.survivalProbability(11)).isEqualTo(0.75);
        assertThat(empirical.survivalProbability(20)).isEqualTo(0.75);
        assertThat(empirical.inverseSurvivalProbability(0.75)).isEqualTo(11.0);
        assertThat(empirical.inverseSurvivalProbability(0.5)).isEqualTo(21.0);
        assertThat(empirical.inverseSurvivalProbability(0.25)).isEqualTo(4002.0);
    }

    @Test
    void cumulativeProbability_handBuiltHistogram_isPiecewiseLinear() {
        assertThat(empirical.cumulativeProbability(9.99)).isZero();
        assertThat(empirical.cumulativeProbability(10)).isZero();
        assertThat(empirical.cumulativeProbability(10.5)).isCloseTo(0.125, within(1e-15));
        assertThat(empirical.cumulativeProbability(15)).isEqualTo(0.25);
        assertThat(empirical.cumulativeProbability(20.5)).isCloseTo(0.375, within(1e-15));
        assertThat(empirical.cumulativeProbability(4001)).isCloseTo(0.625, within(1e-15));
        assertThat(empirical.cumulativeProbability(10006)).isCloseTo(0.9375, within(1e-15));
        assertThat(empirical.cumulativeProbability(10008)).isEqualTo(1.0);
        assertThat(empirical.survivalProbability(1e9)).isZero();
    }

    @Test
    void meanMillis_handBuiltHistogram_isTheMeanOfBucketMidpoints() {
        assertThat(empirical.meanMillis()).isCloseTo((10.5 + 20.5 + 4001 + 10004) / 4, within(1e-9));
        assertThat(empirical.count()).isEqualTo(1000);
        assertThat(empirical.unit()).isEqualTo(TimeUnit.MILLISECONDS);
    }

    @Test
    void of_microsecondsAndNanoseconds_convertToMilliseconds() {
        Histogram micros = new Histogram(3);
        micros.recordValueWithCount(1500, 10);
        Empirical fromMicros = Empirical.of(micros, TimeUnit.MICROSECONDS);
        assertThat(fromMicros.inverseSurvivalProbability(1.0)).isCloseTo(1.5, within(1e-15));
        assertThat(fromMicros.inverseSurvivalProbability(0.0)).isCloseTo(1.501, within(1e-15));
        Histogram nanos = new Histogram(3);
        nanos.recordValueWithCount(1_500_000, 10);
        Empirical fromNanos = Empirical.of(nanos, TimeUnit.NANOSECONDS);
        // 1.5 ms falls in the 1024 ns wide bucket [1,499,136, 1,500,160) ns.
        double lowMillis = nanos.lowestEquivalentValue(1_500_000) / 1e6;
        double highMillis = nanos.nextNonEquivalentValue(1_500_000) / 1e6;
        assertThat(highMillis - lowMillis).isCloseTo(1024e-6, within(1e-12));
        assertThat(fromNanos.inverseSurvivalProbability(1.0)).isCloseTo(lowMillis, within(1e-15));
        assertThat(fromNanos.inverseSurvivalProbability(0.5)).isCloseTo((lowMillis + highMillis) / 2, within(1e-15));
        assertThat(fromNanos.meanMillis()).isCloseTo((lowMillis + highMillis) / 2, within(1e-15));
    }

    @Test
    void of_histogramRecordedAfterwards_isUnaffected() {
        Histogram histogram = fourSpikes();
        Empirical copy = Empirical.of(histogram, TimeUnit.MILLISECONDS);
        histogram.recordValueWithCount(1, 1_000_000);
        assertThat(copy.count()).isEqualTo(1000);
        assertThat(copy.inverseSurvivalProbability(1.0)).isEqualTo(10.0);
        assertThat(copy.histogram().getTotalCount()).isEqualTo(1000);
        assertThat(copy).isEqualTo(empirical);
    }

    @Test
    void sampler_handBuiltHistogram_fillsBucketsInProportionChiSquare() {
        int n = 100_000;
        double[] samples = new double[n];
        empirical.sampler(GoodnessOfFit.random(42)).fill(samples, 0, n);
        long[] observed = new long[4];
        for (double sample : samples) {
            if (sample >= 10 && sample < 11) {
                observed[0]++;
            } else if (sample >= 20 && sample < 21) {
                observed[1]++;
            } else if (sample >= 4000 && sample < 4002) {
                observed[2]++;
            } else if (sample >= 10000 && sample <= 10008) {
                observed[3]++;
            }
        }
        assertThat(observed[0] + observed[1] + observed[2] + observed[3])
                .as("every sample in a bucket")
                .isEqualTo(n);
        double[] expected = {0.25 * n, 0.25 * n, 0.25 * n, 0.25 * n};
        assertThat(new ChiSquareTest().chiSquareTest(expected, observed)).isGreaterThan(GoodnessOfFit.ALPHA);
    }
}
