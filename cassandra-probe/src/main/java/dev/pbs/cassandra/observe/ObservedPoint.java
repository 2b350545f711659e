package dev.pbs.cassandra.observe;

import dev.pbs.montecarlo.ProportionEstimate;

/**
 * Observed and predicted P(consistent) at one delay after the write's acknowledgement.
 *
 * @param tMillis the nominal delay, from the client receiving the acknowledgement to it sending the read
 * @param observed fresh reads out of reads answered, with its 95% Wilson interval
 * @param predicted P(t* &lt;= t + lag + gap): the engine's time to consistency t* against t, this
 *     point's mean send lag and the client's round trip measured beside the writes, the round trip
 *     coupled with t* as the probe measured the client's part of an operation coupled with the
 *     coordinator's ({@link ClientTimeOrigin})
 * @param meanLagMillis how late, on average, reads were actually sent after their nominal time
 * @param expected where the observed share should fall, 95% of the time, if the model is right
 *     ({@link ObservedFreshInterval}); null when it was not computed
 */
public record ObservedPoint(
        double tMillis, ProportionEstimate observed, double predicted, double meanLagMillis, Interval expected) {

    /** A point without the interval of where the observed share should fall. */
    public ObservedPoint(double tMillis, ProportionEstimate observed, double predicted, double meanLagMillis) {
        this(tMillis, observed, predicted, meanLagMillis, null);
    }

    /** This point with the interval of where its observed share should fall. */
    public ObservedPoint withExpected(Interval interval) {
        return new ObservedPoint(tMillis, observed, predicted, meanLagMillis, interval);
    }

    /**
     * An interval of shares of fresh reads.
     *
     * @param lower within [0, 1]
     * @param upper within [lower, 1]
     */
    public record Interval(double lower, double upper) {

        public Interval {
            if (!(lower >= 0 && lower <= upper && upper <= 1)) {
                throw new IllegalArgumentException("an interval of shares must satisfy 0 <= lower <= upper <= 1, was ["
                        + lower + ", " + upper + "]");
            }
        }

        /** Whether {@code share} lies within the interval, its ends included. */
        public boolean contains(double share) {
            return share >= lower && share <= upper;
        }
    }
}
