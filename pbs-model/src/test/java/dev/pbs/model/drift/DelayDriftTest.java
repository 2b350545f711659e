package dev.pbs.model.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.profile.WarsMessage;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

class DelayDriftTest {

    /** Exponential delays of a mean, shifted, in microseconds, with the raw samples kept. */
    private static final class Measured {
        final double[] millis;
        final Empirical distribution;

        Measured(long seed, int count, double shiftMillis, double meanMillis) {
            SplittableRandom random = new SplittableRandom(seed);
            Histogram histogram = new Histogram(3);
            millis = new double[count];
            for (int index = 0; index < count; index++) {
                millis[index] = shiftMillis - meanMillis * Math.log1p(-random.nextDouble());
                histogram.recordValue(Math.round(millis[index] * 1000));
            }
            distribution = Empirical.of(histogram, TimeUnit.MICROSECONDS);
        }
    }

    @Test
    void sameDistribution_notMoved() {
        Measured before = new Measured(1, 2000, 0.5, 2);
        Measured after = new Measured(2, 2000, 0.5, 2);

        MessageDrift drift = DelayDrift.compare(WarsMessage.WRITE, after.distribution, List.of(before.distribution))
                .orElseThrow();

        assertThat(drift.moved()).isFalse();
        assertThat(drift.statistic()).isLessThan(0.06);
        assertThat(drift.pValue()).isGreaterThan(DelayDrift.SIGNIFICANCE);
        assertThat(drift.latestMedianMillis()).isCloseTo(0.5 + 2 * Math.log(2), within(0.15));
    }

    @Test
    void shiftedByTwiceTheMean_moved() {
        Measured before = new Measured(1, 2000, 0.5, 2);
        Measured after = new Measured(2, 2000, 4.5, 2);

        MessageDrift drift = DelayDrift.compare(WarsMessage.WRITE, after.distribution, List.of(before.distribution))
                .orElseThrow();

        // Two exponentials of mean 2 shifted by 4: D = 1 - exp(-2) = 0.865.
        assertThat(drift.statistic()).isCloseTo(1 - Math.exp(-2), within(0.03));
        assertThat(drift.pValue()).isLessThan(1e-12);
        assertThat(drift.moved()).isTrue();
        assertThat(drift.latestMedianMillis() - drift.referenceMedianMillis()).isCloseTo(4, within(0.3));
        assertThat(drift.latestSamples()).isEqualTo(2000);
    }

    @Test
    void distance_isCommonsMathsOnTheRawSamples() {
        Measured before = new Measured(3, 3000, 0.2, 1);
        Measured after = new Measured(4, 2500, 0.4, 1.3);
        KolmogorovSmirnovTest test = new KolmogorovSmirnovTest();

        MessageDrift drift = DelayDrift.compare(WarsMessage.READ, after.distribution, List.of(before.distribution))
                .orElseThrow();

        double raw = test.kolmogorovSmirnovStatistic(after.millis, before.millis);
        assertThat(drift.statistic()).isCloseTo(raw, within(0.01));
        assertThat(drift.pValue()).isCloseTo(test.approximateP(drift.statistic(), 2500, 3000), within(1e-12));
    }

    @Test
    void smallSignificantShift_belowTheMinimumDistance_notMoved() {
        Measured before = new Measured(5, 60_000, 0.5, 2);
        Measured after = new Measured(6, 60_000, 0.7, 2);

        MessageDrift drift = DelayDrift.compare(WarsMessage.WRITE, after.distribution, List.of(before.distribution))
                .orElseThrow();

        assertThat(drift.pValue()).isLessThan(DelayDrift.SIGNIFICANCE);
        assertThat(drift.statistic()).isLessThan(DelayDrift.MINIMUM_DISTANCE);
        assertThat(drift.moved()).isFalse();
    }

    @Test
    void referenceOfSeveral_isTheirMixtureCreditedWithTheLargestCount() {
        Measured first = new Measured(7, 1000, 0.5, 2);
        Measured second = new Measured(8, 1500, 0.5, 2);
        Measured after = new Measured(9, 1200, 0.5, 2);

        MessageDrift drift = DelayDrift.compare(
                        WarsMessage.WRITE, after.distribution, List.of(first.distribution, second.distribution))
                .orElseThrow();

        assertThat(drift.referenceSamples()).isEqualTo(1500);
        assertThat(drift.referenceSpread()).isLessThan(0.1);
        assertThat(drift.moved()).isFalse();
    }

    /** A reference whose profiles differ among themselves: a move must clear their spread. */
    @Test
    void referenceThatVaries_aMoveWithinItsSpreadIsNot_oneBeyondItIs() {
        List<LatencyDistribution> varying = List.of(
                new Measured(20, 2000, 0.5, 0.5).distribution,
                new Measured(21, 2000, 0.5, 2).distribution,
                new Measured(22, 2000, 0.5, 1).distribution);
        Measured within = new Measured(23, 2000, 0.5, 3);
        Measured beyond = new Measured(24, 2000, 20, 5);

        MessageDrift small = DelayDrift.compare(WarsMessage.READ, within.distribution, varying)
                .orElseThrow();
        MessageDrift large = DelayDrift.compare(WarsMessage.READ, beyond.distribution, varying)
                .orElseThrow();

        assertThat(small.referenceSpread()).isGreaterThan(0.2);
        assertThat(small.statistic()).isGreaterThan(DelayDrift.MINIMUM_DISTANCE);
        assertThat(small.pValue()).isLessThan(DelayDrift.SIGNIFICANCE);
        assertThat(small.moved())
                .as("within the reference's spread plus the margin")
                .isFalse();
        assertThat(large.statistic()).isGreaterThan(large.referenceSpread() + DelayDrift.MARGIN);
        assertThat(large.moved()).isTrue();
    }

    @Test
    void profiles_nameOnlyTheMessageWhoseDelaysMoved() {
        LatencyProfile week = profile(new Measured(10, 2000, 0.5, 1), 11);
        LatencyProfile latest = profile(new Measured(12, 2000, 20, 10), 13);

        List<MessageDrift> drifts = DelayDrift.between(latest, List.of(week));

        assertThat(drifts).extracting(MessageDrift::message).containsExactly(WarsMessage.values());
        assertThat(drifts)
                .filteredOn(MessageDrift::moved)
                .extracting(MessageDrift::message)
                .containsExactly(WarsMessage.WRITE);
    }

    @Test
    void nothingToCompare_empty() {
        LatencyDistribution parametric = Exponential.ofMean(2);
        Measured measured = new Measured(1, 100, 0, 1);
        assertThat(DelayDrift.compare(WarsMessage.WRITE, parametric, List.of(measured.distribution)))
                .isEmpty();
        assertThat(DelayDrift.compare(WarsMessage.WRITE, measured.distribution, List.of(parametric)))
                .isEmpty();
        assertThat(DelayDrift.compare(WarsMessage.WRITE, measured.distribution, List.of()))
                .isEmpty();
        assertThat(DelayDrift.between(profile(measured, 2), List.of())).isEmpty();
    }

    /** W from {@code write}, A, R and S fresh exponentials of mean 1 ms (seeded). */
    private static LatencyProfile profile(Measured write, long seed) {
        return LatencyProfile.builder("measured-" + seed)
                .defaults(new MessageDelays(
                        write.distribution,
                        new Measured(seed * 10 + 1, 2000, 0.5, 1).distribution,
                        new Measured(seed * 10 + 2, 2000, 0.5, 1).distribution,
                        new Measured(seed * 10 + 3, 2000, 0.5, 1).distribution))
                .build();
    }
}
