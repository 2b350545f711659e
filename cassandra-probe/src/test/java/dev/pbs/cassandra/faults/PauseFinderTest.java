package dev.pbs.cassandra.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.faults.PauseProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pauses found in synthetic request timings: a node answering in 0.5 ms, asked every 10 ms, that
 * holds every request reaching it in [start, end) until end.
 */
class PauseFinderTest {

    private static final long MILLISECOND = 1_000_000;
    private static final long CADENCE = 10 * MILLISECOND;
    private static final long ROUND_TRIP = MILLISECOND / 2;
    private static final long THRESHOLD = 20 * MILLISECOND;

    /** Requests every 10 ms over [0, spanMillis), held by the pauses {start, end} (ms). */
    private static List<Ping> pings(long spanMillis, long[]... pauses) {
        List<Ping> pings = new ArrayList<>();
        for (long sent = 0; sent < spanMillis * MILLISECOND; sent += CADENCE) {
            long arrives = sent + ROUND_TRIP / 2;
            long handled = arrives;
            for (long[] pause : pauses) {
                if (arrives >= pause[0] * MILLISECOND && arrives < pause[1] * MILLISECOND) {
                    handled = pause[1] * MILLISECOND;
                }
            }
            pings.add(new Ping(sent, handled + ROUND_TRIP / 2));
        }
        return pings;
    }

    @Test
    void onePause_isFoundWithinHalfTheCadence() {
        List<ObservedPause> pauses = PauseFinder.find(pings(3000, new long[] {1003, 1203}), THRESHOLD);

        assertThat(pauses).singleElement().satisfies(pause -> {
            assertThat(pause.startNanos() / 1e6).isCloseTo(1003, within(5.5));
            assertThat(pause.endNanos() / 1e6).isCloseTo(1203, within(0.5));
            // Sent at 1010 to 1180 ms: the ones at 1190 and 1200 wait less than the threshold.
            assertThat(pause.heldRequests()).isEqualTo(18);
        });
    }

    @Test
    void regularPauses_giveTheirProcess() {
        List<long[]> schedule = new ArrayList<>();
        for (long start = 500; start < 20_000; start += 2000) {
            schedule.add(new long[] {start, start + 200});
        }
        List<ObservedPause> found = PauseFinder.find(pings(21_000, schedule.toArray(long[][]::new)), THRESHOLD);
        assertThat(found).hasSize(10);

        ObservedPauses observed = new ObservedPauses(found, 21_000 * MILLISECOND);
        assertThat(observed.fractionPaused()).isCloseTo(2000.0 / 21_000, within(0.005));
        PauseProcess process = observed.process().orElseThrow();
        assertThat(process.duration().meanMillis()).isCloseTo(200, within(6.0));
        assertThat(process.interval().meanMillis()).isCloseTo(1800, within(10.0));
    }

    @Test
    void unansweredRequests_areNotPauses_andSplitThem() {
        List<Ping> pings = new ArrayList<>(pings(3000, new long[] {1000, 1100}));
        // The node is gone from 2000 ms on: requests fail.
        pings.replaceAll(
                ping -> ping.sentNanos() >= 2000 * MILLISECOND ? new Ping(ping.sentNanos(), Ping.UNANSWERED) : ping);

        assertThat(PauseFinder.find(pings, THRESHOLD)).hasSize(1);
    }

    @Test
    void noPause_findsNone_andFewPausesGiveNoProcess() {
        assertThat(PauseFinder.find(pings(2000), THRESHOLD)).isEmpty();
        List<ObservedPause> two =
                PauseFinder.find(pings(5000, new long[] {1000, 1200}, new long[] {3000, 3200}), THRESHOLD);
        assertThat(new ObservedPauses(two, 5000 * MILLISECOND).process()).isEmpty();
        assertThatThrownBy(() -> PauseFinder.find(List.of(), 0))
                .hasMessage("the pause threshold must be above 0 ns, was 0");
    }
}
