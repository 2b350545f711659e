package dev.pbs.cassandra.observe;

import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.QuantileEstimate;
import dev.pbs.montecarlo.TimeOrigin;
import dev.pbs.montecarlo.VisibilityClock;
import java.util.function.DoublePredicate;
import org.HdrHistogram.Histogram;

/**
 * The engine's P(consistent) and windows with t counted from the moment the client has the write's
 * acknowledgement ({@link TimeOrigin#ACKNOWLEDGEMENT}): P(t* &lt;= t + gap), gap a client round trip,
 * as {@link ClientTimeOrigin} defines it for the observation, so that a live SLA and the observation
 * beside it mean the same t.
 *
 * <p>The 95% interval of P is the Wilson score interval of P on the engine's trials: P is the mean
 * over the trials of a value within [0, 1] (the share of round trips long enough for that trial's
 * t*), whose variance is at most P(1 - P). The p-window is the smallest t &gt;= 0 at which P reaches
 * p, found by bisection; its interval runs from where the interval's upper end reaches p to where its
 * lower end does.
 */
public final class AcknowledgementClock implements VisibilityClock {

    /** The longest window searched, ms: a window beyond it is +infinity (beyond the simulated range). */
    static final double LONGEST_MILLIS = 1e8;

    /** The normal quantile of a two-sided 95% interval. */
    private static final double Z = 1.959963984540054;

    /** Halvings of [0, LONGEST_MILLIS]: a window to within 1e-10 ms. */
    private static final int BISECTIONS = 60;

    private final ClientTimeOrigin origin;
    private final long trials;
    private final double meanRoundTripMillis;

    private AcknowledgementClock(ClientTimeOrigin origin, long trials, double meanRoundTripMillis) {
        this.origin = origin;
        this.trials = trials;
        this.meanRoundTripMillis = meanRoundTripMillis;
    }

    /**
     * @param prediction the engine's result for the configuration
     * @param roundTripMicros the client round trips, microseconds (at least one)
     * @param coupling how the round trip goes with the time to consistency, rho within [0, 1] ({@link
     *     ClientTimeOrigin})
     * @throws IllegalArgumentException without a round trip, or with a coupling outside [0, 1]
     */
    public static AcknowledgementClock of(ConfigurationResult prediction, Histogram roundTripMicros, double coupling) {
        if (roundTripMicros.getTotalCount() == 0) {
            throw new IllegalArgumentException(
                    "t after the client's acknowledgement needs a client round trip, and none was measured");
        }
        return new AcknowledgementClock(
                ClientTimeOrigin.of(prediction, roundTripMicros, coupling),
                prediction.trials(),
                roundTripMicros.getMean() / 1000.0);
    }

    @Override
    public TimeOrigin origin() {
        return TimeOrigin.ACKNOWLEDGEMENT;
    }

    /** The mean client round trip the clock adds, ms. */
    public double meanRoundTripMillis() {
        return meanRoundTripMillis;
    }

    @Override
    public ProportionEstimate consistentAt(double tMillis) {
        if (!(tMillis >= 0) || Double.isInfinite(tMillis)) {
            throw new IllegalArgumentException(
                    "time after the client's acknowledgement must be finite and >= 0 ms, was " + tMillis);
        }
        double estimate = origin.consistentAt(tMillis);
        long successes = Math.round(estimate * trials);
        double[] band = wilson(successes);
        return new ProportionEstimate(
                successes, trials, estimate, Math.min(estimate, band[0]), Math.max(estimate, band[1]));
    }

    @Override
    public QuantileEstimate window(double probability) {
        return new QuantileEstimate(
                probability,
                windowMillis(probability),
                earliest(t -> Math.max(origin.consistentAt(t), wilson(successesAt(t))[1]) >= probability),
                earliest(t -> Math.min(origin.consistentAt(t), wilson(successesAt(t))[0]) >= probability));
    }

    /** The window's value alone: one bisection instead of the interval's three. */
    @Override
    public double windowMillis(double probability) {
        if (!(probability > 0 && probability <= 1)) {
            throw new IllegalArgumentException("a window's probability must be within (0, 1], was " + probability);
        }
        return earliest(t -> origin.consistentAt(t) >= probability);
    }

    private long successesAt(double tMillis) {
        return Math.round(origin.consistentAt(tMillis) * trials);
    }

    /**
     * The 95% Wilson score interval of {@code successes} of the engine's trials, {lower, upper}:
     * written out, because Commons Math's {@code WilsonScoreInterval} seeds a random generator at
     * every call, which the windows' bisections call hundreds of times (LivePredictionBenchmark).
     * The same figures as {@link ProportionEstimate#of} (AcknowledgementClockTest).
     */
    double[] wilson(long successes) {
        double share = (double) successes / trials;
        double zSquaredOverN = Z * Z / trials;
        double denominator = 1 + zSquaredOverN;
        double centre = (share + zSquaredOverN / 2) / denominator;
        double half = Z / denominator * Math.sqrt(share * (1 - share) / trials + zSquaredOverN / (4.0 * trials));
        return new double[] {Math.max(0, Math.min(share, centre - half)), Math.min(1, Math.max(share, centre + half))};
    }

    /** The smallest t in [0, LONGEST_MILLIS] where {@code reached} holds (it holds from there on); else +infinity. */
    private static double earliest(DoublePredicate reached) {
        if (reached.test(0)) {
            return 0;
        }
        if (!reached.test(LONGEST_MILLIS)) {
            return Double.POSITIVE_INFINITY;
        }
        double low = 0;
        double high = LONGEST_MILLIS;
        for (int step = 0; step < BISECTIONS; step++) {
            double middle = (low + high) / 2;
            if (reached.test(middle)) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return high;
    }
}
