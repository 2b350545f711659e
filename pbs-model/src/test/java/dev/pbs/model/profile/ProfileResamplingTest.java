package dev.pbs.model.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import java.util.List;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ProfileResamplingTest {

    /** 1, 2, ..., 100 ms, one observation each, in microseconds. */
    private static Empirical oneToAHundredMillis() {
        Histogram histogram = new Histogram(60_000_000L, 3);
        for (int millis = 1; millis <= 100; millis++) {
            histogram.recordValue(millis * 1000L);
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }

    @Test
    void aResample_keepsTheCountAndDrawsFromTheObservations_andItsMeanVariesAsTheSamplingSays() {
        Empirical measured = oneToAHundredMillis();
        Histogram observed = (Histogram) measured.histogram();
        SplittableRandom random = new SplittableRandom(7);
        int replicates = 2_000;
        double sum = 0;
        double sumOfSquares = 0;
        for (int replicate = 0; replicate < replicates; replicate++) {
            Empirical resample = measured.resampled(random);
            assertThat(resample.count()).isEqualTo(100);
            assertThat(resample.unit()).isEqualTo(TimeUnit.MICROSECONDS);
            Histogram values = (Histogram) resample.histogram();
            values.recordedValues()
                    .forEach(value -> assertThat(observed.getCountAtValue(value.getValueIteratedTo()))
                            .as("a resampled value is one of the observations")
                            .isPositive());
            double mean = values.getMean() / 1000;
            sum += mean;
            sumOfSquares += mean * mean;
        }
        double meanOfMeans = sum / replicates;
        double standardDeviation = Math.sqrt(sumOfSquares / replicates - meanOfMeans * meanOfMeans);
        // The mean of 100 draws from 1..100: 50.5, standard error sqrt((100^2 - 1) / 12 / 100) = 2.887.
        // Over 2,000 replicates the mean of the means is within 4 x 2.887 / sqrt(2000) = 0.26 of 50.5,
        // and the standard deviation's own standard error is about 2.887 / sqrt(2 x 2000) = 0.046.
        assertThat(meanOfMeans).isCloseTo(50.5, within(0.26));
        assertThat(standardDeviation).isCloseTo(2.887, within(4 * 0.046));
    }

    @Test
    void aProfile_resamplesEveryMeasuredDistributionAndKeepsTheRest() {
        Empirical measured = oneToAHundredMillis();
        LatencyDistribution fixed = Constant.of(2);
        LatencyProfile profile = LatencyProfile.builder("measured")
                .description("test")
                .provenance("test")
                .defaults(new MessageDelays(measured, fixed, measured, fixed))
                .replicaOverrides(List.of(DelayOverrides.NONE, new DelayOverrides(measured, null, null, fixed)))
                .coordinatorReplica(new CoordinatorReplicaPath(MessageDelays.all(measured), OptionalDouble.of(0.9)))
                .build();

        LatencyProfile replicate = ProfileResampling.resampled(profile, new SplittableRandom(3));

        assertThat(replicate.defaults().write()).isInstanceOf(Empirical.class).isNotEqualTo(measured);
        assertThat(replicate.defaults().read())
                .isNotEqualTo(replicate.defaults().write());
        assertThat(replicate.defaults().acknowledgement()).isSameAs(fixed);
        assertThat(replicate.replicaOverrides().get(0).isEmpty()).isTrue();
        assertThat(replicate.replicaOverrides().get(1).write()).isNotEqualTo(measured);
        assertThat(replicate.replicaOverrides().get(1).acknowledgement()).isNull();
        assertThat(replicate.coordinatorReplica().orElseThrow().local().response())
                .isNotEqualTo(measured);
        assertThat(replicate.coordinatorReplica().orElseThrow().localReadPreference())
                .hasValue(0.9);
        assertThat(replicate.name()).isEqualTo("measured");
        assertThat(ProfileResampling.resampled(profile, new SplittableRandom(3)))
                .as("the same seed, the same replicate")
                .isEqualTo(replicate);
    }
}
