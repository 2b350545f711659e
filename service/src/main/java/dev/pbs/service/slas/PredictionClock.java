package dev.pbs.service.slas;

import dev.pbs.cassandra.observe.AcknowledgementClock;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.TimeOrigin;
import dev.pbs.montecarlo.VisibilityClock;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import org.HdrHistogram.Histogram;

/**
 * How a probe's live prediction counts t: from the write's commit at its coordinator, or from the
 * moment the client has its acknowledgement, a client round trip later ({@link AcknowledgementClock}).
 *
 * @param origin the moment t counts from
 * @param roundTripMicros after the acknowledgement, the client round trips added (microseconds, at
 *     least one); null after commit
 * @param coupling how the round trip goes with the time to consistency, rho within [0, 1]
 * @param roundTripSource where the round trips come from: {@code measured} (the window's own), {@code
 *     quietest-window} (an earlier window's, shorter: see {@link QuietestRoundTrip}) or {@code
 *     configured} (the probe's {@code clientRoundTripMillis}); null after commit
 */
public record PredictionClock(TimeOrigin origin, Histogram roundTripMicros, double coupling, String roundTripSource) {

    /** t after commit. */
    public static final PredictionClock COMMIT = new PredictionClock(TimeOrigin.COMMIT, null, 0, null);

    public PredictionClock {
        Objects.requireNonNull(origin, "origin");
        if (origin == TimeOrigin.ACKNOWLEDGEMENT && (roundTripMicros == null || roundTripMicros.getTotalCount() == 0)) {
            throw new IllegalArgumentException(
                    "t after the client's acknowledgement needs a client round trip, and none was measured");
        }
    }

    /** t after the acknowledgement, with a round trip of {@code millis} (0 or more) for every read. */
    public static PredictionClock configured(double millis) {
        if (!(millis >= 0) || Double.isInfinite(millis)) {
            throw new IllegalArgumentException("clientRoundTripMillis must be finite and 0 or more, was " + millis);
        }
        Histogram roundTrip = new Histogram(3);
        roundTrip.recordValue(Math.round(millis * 1000));
        return new PredictionClock(TimeOrigin.ACKNOWLEDGEMENT, roundTrip, 0, "configured");
    }

    /**
     * A bootstrap replicate: the measured round trips resampled with replacement ({@link
     * Empirical#resampled}); a configured round trip, or the commit, as it is.
     */
    public PredictionClock resampled(RandomGenerator random) {
        if (roundTripMicros == null || "configured".equals(roundTripSource)) {
            return this;
        }
        Histogram replicate = (Histogram) Empirical.of(roundTripMicros, TimeUnit.MICROSECONDS)
                .resampled(random)
                .histogram();
        return new PredictionClock(origin, replicate, coupling, roundTripSource);
    }

    /** The clock of one simulated configuration. */
    public VisibilityClock of(ConfigurationResult result) {
        return origin == TimeOrigin.COMMIT
                ? VisibilityClock.atCommit(result)
                : AcknowledgementClock.of(result, roundTripMicros, coupling);
    }

    /** The mean round trip added, ms; null after commit. */
    public Double meanRoundTripMillis() {
        return roundTripMicros == null ? null : roundTripMicros.getMean() / 1000.0;
    }
}
