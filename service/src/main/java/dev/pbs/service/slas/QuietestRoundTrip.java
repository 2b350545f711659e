package dev.pbs.service.slas;

import dev.pbs.montecarlo.TimeOrigin;
import org.HdrHistogram.Histogram;

/**
 * The client round trips a probe's acknowledgement clock adds, chosen so that a busy host never
 * makes a verdict look fresher. The probe's client shares its host with the service's simulations:
 * while they run, its round trips grow (21 to 44 ms against about 1.5 ms on a quiet machine), and a
 * longer round trip moves every read later after the commit, which makes it fresher. So each window's
 * round trips are used only when their median is no longer than that of the quietest window seen
 * since the probe started (the one with the shortest median); otherwise the quietest window's are.
 * Thread-safe.
 */
public final class QuietestRoundTrip {

    /** The quietest window's clock so far; null before the first. */
    private PredictionClock quietest;

    /**
     * The clock for a window whose client round trips are {@code roundTripMicros} (at least one),
     * coupled with the coordinator's part by {@code coupling}.
     */
    public synchronized PredictionClock clockFor(Histogram roundTripMicros, double coupling) {
        PredictionClock measured =
                new PredictionClock(TimeOrigin.ACKNOWLEDGEMENT, roundTripMicros.copy(), coupling, "measured");
        if (quietest == null || median(measured) <= median(quietest)) {
            quietest = measured;
            return measured;
        }
        return new PredictionClock(
                TimeOrigin.ACKNOWLEDGEMENT, quietest.roundTripMicros(), quietest.coupling(), "quietest-window");
    }

    private static long median(PredictionClock clock) {
        return clock.roundTripMicros().getValueAtPercentile(50);
    }
}
