package dev.pbs.cassandra.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

class ObservedFreshIntervalTest {

    @Test
    void interval_withoutTheProfilesSampling_isTheBinomialsQuantiles() {
        // Replicates that agree: only the observation's 400 reads (and the point's 2,000,000 trials,
        // a deviation of 0.0002 in P) spread the share: the binomial's 2.5% and 97.5% quantiles.
        ObservedPoint.Interval interval = ObservedFreshInterval.interval(0.9, new double[] {0.5, 0.5, 0.5}, 400);
        BinomialDistribution fresh = BinomialDistribution.of(400, 0.9);
        assertThat(interval.lower()).isEqualTo(fresh.inverseCumulativeProbability(0.025) / 400.0);
        assertThat(interval.upper()).isEqualTo(fresh.inverseCumulativeProbability(0.975) / 400.0);
        // about 0.9 -/+ 1.96 sqrt(0.9 x 0.1 / 400) = 0.0294
        assertThat(interval.lower()).isCloseTo(0.8706, within(0.005));
        assertThat(interval.upper()).isCloseTo(0.9294, within(0.005));
    }

    @Test
    void interval_nearCertainty_includesEveryReadFresh() {
        // P = 0.99 over 100 reads: all 100 fresh happens 37% of the time, and lies inside.
        assertThat(ObservedFreshInterval.interval(0.99, new double[] {1, 1}, 100)
                        .upper())
                .isEqualTo(1.0);
        ObservedPoint.Interval certain = ObservedFreshInterval.interval(1.0, new double[] {1.2, 1.3, 1.4}, 300);
        assertThat(certain.upper()).isEqualTo(1.0);
        assertThat(certain.lower()).isBetween(0.0, 1.0);
    }

    @Test
    void interval_ofAnExactPrediction_coversTheBinomialShareAtLeast95PercentOfTheTime() {
        // Exact coverage, from the binomial's probabilities, of the interval a prediction that is
        // right gets when the profile's sampling is nil: at least 95%, a little more where the
        // counts are few and whole.
        for (int reads : new int[] {100, 300, 1_000}) {
            for (double share : new double[] {0.5, 0.8, 0.9, 0.95, 0.97, 0.99, 0.999}) {
                ObservedPoint.Interval interval = ObservedFreshInterval.interval(share, new double[] {1, 1}, reads);
                BinomialDistribution fresh = BinomialDistribution.of(reads, share);
                double covered = 0;
                for (int count = 0; count <= reads; count++) {
                    if (interval.contains((double) count / reads)) {
                        covered += fresh.probability(count);
                    }
                }
                assertThat(covered)
                        .as("coverage at %d reads, share %.3f", reads, share)
                        .isGreaterThanOrEqualTo(0.95);
            }
        }
    }

    @Test
    void interval_theProfilesSampling_widensItByTheReplicatesDeviation() {
        // Replicates with a deviation of 0.05 on the arcsine scale (times 2.262 / 1.960 for ten of
        // them): about 2 x 0.05 x 1.154 x sqrt(0.8 x 0.2) = 0.046 of P, beside the binomial's 0.012
        // over 5,000 reads: 0.8 -/+ 1.96 sqrt(0.046^2 + 0.0057^2) = 0.091.
        double[] replicates = new double[10];
        for (int index = 0; index < replicates.length; index++) {
            replicates[index] = 1.1 + (index % 2 == 0 ? 0.05 : -0.05) * Math.sqrt(9.0 / 10);
        }
        ObservedPoint.Interval wide = ObservedFreshInterval.interval(0.8, replicates, 5_000);
        ObservedPoint.Interval binomialOnly = ObservedFreshInterval.interval(0.8, new double[] {1, 1}, 5_000);
        assertThat(binomialOnly.upper() - binomialOnly.lower()).isCloseTo(2 * 0.0111, within(0.002));
        assertThat(0.8 - wide.lower()).isCloseTo(0.091, within(0.01));
        assertThat(wide.upper() - 0.8).isCloseTo(0.091, within(0.01));
    }

    @Test
    void of_constantDelays_leavesOnlyTheObservationsSampling() {
        // Nothing measured to resample: the replicates agree, and the interval is the binomial's
        // around the prediction (1/3 at t = 0: W = 10 ms, the read at 1 ms + the round trip of 1 ms).
        LatencyProfile profile = LatencyProfile.builder("constant")
                .description("test")
                .provenance("test")
                .defaults(new MessageDelays(Constant.of(10), Constant.of(1), Constant.of(1), Constant.of(1)))
                .build();
        RawObservation raw = observation(30, 100);

        ObservedStaleness compared = StalenessObserver.compare(raw, profile, 3, 0);
        ObservedStaleness withIntervals = ObservedFreshInterval.of(compared, raw, profile, 3, 0);

        ObservedPoint point = withIntervals.points().get(0);
        assertThat(point.predicted()).isEqualTo(compared.points().get(0).predicted());
        assertThat(point.predicted()).isCloseTo(1.0 / 3, within(0.002));
        ObservedPoint.Interval binomialOnly =
                ObservedFreshInterval.interval(point.predicted(), new double[] {0, 0}, 100);
        assertThat(point.expected().lower()).isCloseTo(binomialOnly.lower(), within(1e-12));
        assertThat(point.expected().upper()).isCloseTo(binomialOnly.upper(), within(1e-12));
        assertThat(point.expected().contains(0.30)).isTrue();
        assertThat(compared.points().get(0).expected()).isNull();
    }

    @Test
    void of_fewMeasuredWriteDelays_widensTheIntervalBeyondTheBinomials() {
        // W measured 20 times, 1 to 20 ms: P(fresh at t = 0) = P(W <= 2 ms) about 0.4 + 0.6 x ... varies
        // from one resample to the next, and the interval holds that.
        Histogram writes = new Histogram(3);
        for (int millis = 1; millis <= 20; millis++) {
            writes.recordValue(millis);
        }
        LatencyProfile profile = LatencyProfile.builder("measured")
                .description("test")
                .provenance("test")
                .defaults(new MessageDelays(
                        Empirical.of(writes, TimeUnit.MILLISECONDS), Constant.of(1), Constant.of(1), Constant.of(1)))
                .build();
        RawObservation raw = observation(1_000, 2_000);

        ObservedStaleness compared = StalenessObserver.compare(raw, profile, 3, 0);
        ObservedPoint point =
                ObservedFreshInterval.of(compared, raw, profile, 3, 0).points().get(0);
        ObservedPoint.Interval binomialOnly =
                ObservedFreshInterval.interval(point.predicted(), new double[] {0, 0}, 2_000);

        assertThat(point.expected().contains(point.predicted())).isTrue();
        assertThat(point.expected().upper() - point.expected().lower())
                .isGreaterThan(1.2 * (binomialOnly.upper() - binomialOnly.lower()));
    }

    /** {@code reads} writes read once each at t = 0, {@code fresh} of them fresh; round trips of 1 ms. */
    private static RawObservation observation(long fresh, long reads) {
        Histogram roundTrips = new Histogram(60_000_000L, 3);
        roundTrips.recordValueWithCount(1_000, reads);
        Histogram latencies = new Histogram(60_000_000L, 3);
        latencies.recordValueWithCount(2_000, reads);
        return new RawObservation(
                new ObservationSettings(1, 1, (int) reads, 10, new double[] {0}),
                reads,
                0,
                0,
                new long[] {reads},
                new long[] {fresh},
                new long[] {0},
                CoordinatorReplicaCounts.all(true, reads, reads),
                false,
                roundTrips,
                roundTrips.copy(),
                latencies,
                latencies.copy(),
                ReadPathTally.none(1));
    }
}
