package dev.pbs.service.slas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.montecarlo.TimeOrigin;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A busy host's longer round trips never make a verdict fresher. */
class QuietestRoundTripTest {

    private static Histogram roundTripsOfMillis(double... millis) {
        Histogram roundTrips = new Histogram(60_000_000L, 3);
        for (double value : millis) {
            roundTrips.recordValue(Math.round(value * 1000));
        }
        return roundTrips;
    }

    @Test
    void aBusyWindow_getsTheQuietestWindowsRoundTrips_aQuieterOneItsOwn() {
        QuietestRoundTrip choice = new QuietestRoundTrip();

        PredictionClock quiet = choice.clockFor(roundTripsOfMillis(1.4, 1.5, 1.6), 0.4);
        assertThat(quiet.origin()).isEqualTo(TimeOrigin.ACKNOWLEDGEMENT);
        assertThat(quiet.roundTripSource()).isEqualTo("measured");
        assertThat(quiet.meanRoundTripMillis()).isCloseTo(1.5, within(0.01));

        // the service's simulations held the client: 21 to 44 ms
        PredictionClock busy = choice.clockFor(roundTripsOfMillis(21, 30, 44), 0.9);
        assertThat(busy.roundTripSource()).isEqualTo("quietest-window");
        assertThat(busy.meanRoundTripMillis()).isCloseTo(1.5, within(0.01));
        assertThat(busy.coupling()).isEqualTo(0.4);

        PredictionClock quieter = choice.clockFor(roundTripsOfMillis(1.1, 1.2, 1.3), 0.5);
        assertThat(quieter.roundTripSource()).isEqualTo("measured");
        assertThat(quieter.meanRoundTripMillis()).isCloseTo(1.2, within(0.01));
        assertThat(choice.clockFor(roundTripsOfMillis(1.4, 1.5, 1.6), 0.4).meanRoundTripMillis())
                .as("the quietest is now the 1.2-ms window")
                .isCloseTo(1.2, within(0.01));
    }

    @Test
    void noRoundTrip_isRefusedWithItsReason() {
        assertThatThrownBy(() -> new QuietestRoundTrip().clockFor(new Histogram(3), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("t after the client's acknowledgement needs a client round trip, and none was measured");
    }
}
