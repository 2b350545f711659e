package dev.pbs.cassandra.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.QuantileEstimate;
import dev.pbs.montecarlo.TimeOrigin;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Constant delays W = 10 ms, A = R = S = 1 ms, N = 3, R = W = 1, the coordinator a replica: a third
 * of the reads reach the write coordinator's replica, fresh at commit (t* = 0); the others reach a
 * replica the write reaches at 10 ms, 0 or 1 ms after they are sent (t* between 9 and 10 ms).
 */
class AcknowledgementClockTest {

    private static ConfigurationResult prediction;

    @BeforeAll
    static void predict() {
        LatencyProfile constant = LatencyProfile.builder("constant")
                .description("test")
                .provenance("test")
                .defaults(new MessageDelays(Constant.of(10), Constant.of(1), Constant.of(1), Constant.of(1)))
                .build();
        prediction = StalenessObserver.predict(
                constant,
                3,
                new ObservationSettings(1, 1, 100, 10, new double[] {0, 1, 5}),
                CoordinatorReplicaShare.ALWAYS);
    }

    private static Histogram roundTripsOfMicros(long... micros) {
        Histogram roundTrips = new Histogram(60_000_000L, 3);
        for (long value : micros) {
            roundTrips.recordValue(value);
        }
        return roundTrips;
    }

    @Test
    void aRoundTripOfFourMilliseconds_isTheCommitsCurveFourMillisecondsLater() {
        AcknowledgementClock clock = AcknowledgementClock.of(prediction, roundTripsOfMicros(4_000), 0);

        assertThat(clock.origin()).isEqualTo(TimeOrigin.ACKNOWLEDGEMENT);
        assertThat(clock.meanRoundTripMillis()).isCloseTo(4.0, within(0.01));
        for (double t : new double[] {0, 1, 4.9, 5, 5.5, 6, 6.1, 20}) {
            assertThat(clock.consistentAt(t).estimate())
                    .as("t = %s ms", t)
                    .isEqualTo(prediction.consistentAt(t + 4).estimate());
        }
        assertThat(clock.consistentAt(4.9).estimate()).isCloseTo(1.0 / 3, within(0.002));
        assertThat(clock.consistentAt(6.1).estimate()).isEqualTo(1.0);
        for (double p : new double[] {0.5, 0.9, 0.99}) {
            double afterCommit = prediction.window(p).valueMillis();
            QuantileEstimate window = clock.window(p);
            // to the threshold histogram's resolution, 0.1% of the commit's window
            assertThat(window.valueMillis()).as("p = %s", p).isCloseTo(afterCommit - 4, within(0.002 * afterCommit));
            assertThat(window.lowerMillis()).isLessThanOrEqualTo(window.valueMillis());
            assertThat(window.upperMillis()).isGreaterThanOrEqualTo(window.valueMillis());
        }
        assertThat(clock.window(0.3).valueMillis()).isZero();
    }

    @Test
    void theInterval_isTheWilsonIntervalOnTheEnginesTrials() {
        AcknowledgementClock clock = AcknowledgementClock.of(prediction, roundTripsOfMicros(2_000, 12_000), 0);

        // half the round trips are long enough for every read: 1/2 + 1/2 x 1/3 = 2/3
        ProportionEstimate atZero = clock.consistentAt(0);
        ProportionEstimate wilson =
                ProportionEstimate.of(Math.round(atZero.estimate() * prediction.trials()), prediction.trials());
        assertThat(atZero.estimate()).isCloseTo(2.0 / 3, within(0.002));
        assertThat(atZero.lower()).isCloseTo(wilson.lower(), within(1e-9));
        assertThat(atZero.upper()).isCloseTo(wilson.upper(), within(1e-9));
        assertThat(atZero.trials()).isEqualTo(prediction.trials());
        assertThat(atZero.upper() - atZero.lower()).isGreaterThan(0).isLessThan(0.002);
    }

    @Test
    void itsWilsonInterval_isCommonsMaths() {
        AcknowledgementClock clock = AcknowledgementClock.of(prediction, roundTripsOfMicros(4_000), 0);
        long trials = prediction.trials();
        for (long successes : new long[] {0, 1, 17, trials / 3, trials - 1, trials}) {
            ProportionEstimate library = ProportionEstimate.of(successes, trials);
            assertThat(clock.wilson(successes))
                    .as("%d successes", successes)
                    .containsExactly(new double[] {library.lower(), library.upper()}, within(1e-12));
        }
    }

    @Test
    void withoutARoundTrip_orAtANegativeTime_itSaysWhy() {
        assertThatThrownBy(() -> AcknowledgementClock.of(prediction, new Histogram(3), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("t after the client's acknowledgement needs a client round trip, and none was measured");
        AcknowledgementClock clock = AcknowledgementClock.of(prediction, roundTripsOfMicros(4_000), 0);
        assertThatThrownBy(() -> clock.consistentAt(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be finite and >= 0 ms, was -1.0");
    }
}
