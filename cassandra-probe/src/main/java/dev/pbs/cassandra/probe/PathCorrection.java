package dev.pbs.cassandra.probe;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * How one path's traced delays are brought back to what the cluster does untraced: a traced delay
 * of x ms becomes {@code scale * x^exponent - shift} ms, and never more than x (tracing makes
 * nothing faster) nor less than x / {@link TracingDilation#LARGEST_FACTOR}.
 *
 * <p>With exponent 1 and no shift it divides every delay by 1 / scale. An exponent below 1 divides
 * long delays more than short ones: tracing stretches the tail of a busy cluster's delays more than
 * their median. Exponents above 1, which lengthen the tails, are not allowed: fitted to the client's
 * latency, they gave the delays tails that tracing does not explain (the client's own path holds
 * most of that tail), and the predicted staleness suffered (docs/probe.md).
 *
 * <p>A positive shift takes the same time off every delay: the cost of writing a traced operation's
 * events, which is about the same whatever the delay around it, so that short delays lose most of
 * themselves and long ones keep their length. A negative one, with a scale below 1, shortens long
 * delays more than short ones, as an exponent below 1 does. A correction has an exponent other than
 * 1 or a shift, not both, so that corrections compose exactly ({@link #then}, {@link #thenShifted}).
 *
 * @param scale the multiplier of the traced delay (of its power), before the shift and the bounds; positive
 * @param exponent the slope in log-log coordinates, in [{@link #LOWEST_EXPONENT}, {@link #HIGHEST_EXPONENT}]
 * @param shift subtracted after the scale, ms; finite, 0 unless the exponent is 1
 */
public record PathCorrection(double scale, double exponent, double shift) {

    /** The smallest exponent: long delays divided at most this much more (in log-log) than short ones. */
    public static final double LOWEST_EXPONENT = 0.5;
    /** The largest exponent: a plain divisor. */
    public static final double HIGHEST_EXPONENT = 1;

    /** Leaves every delay as it was. */
    public static final PathCorrection NONE = new PathCorrection(1, 1, 0);

    public PathCorrection {
        if (!(scale > 0) || !Double.isFinite(scale)) {
            throw new IllegalArgumentException("scale must be positive and finite, was " + scale);
        }
        if (!(exponent >= LOWEST_EXPONENT && exponent <= HIGHEST_EXPONENT)) {
            throw new IllegalArgumentException(
                    "exponent must be in [" + LOWEST_EXPONENT + ", " + HIGHEST_EXPONENT + "], was " + exponent);
        }
        if (!Double.isFinite(shift)) {
            throw new IllegalArgumentException("shift must be finite, was " + shift);
        }
        if (shift != 0 && exponent != HIGHEST_EXPONENT) {
            throw new IllegalArgumentException("a correction shifts or has an exponent below 1, not both; was exponent "
                    + exponent + ", shift " + shift);
        }
    }

    /** A correction without shift: x becomes {@code scale * x^exponent}. */
    public PathCorrection(double scale, double exponent) {
        this(scale, exponent, 0);
    }

    /** Whether this correction shifts delays (its exponent is then 1). */
    public boolean isShifted() {
        return shift != 0;
    }

    /** Whether every delay is left as it was. */
    public boolean isNone() {
        return scale == 1 && exponent == 1 && shift == 0;
    }

    /** The corrected delay of a traced delay of {@code millis} ms, ms. */
    public double apply(double millis) {
        if (isNone() || millis <= 0) {
            return millis;
        }
        double line = scale * Math.pow(millis, exponent) - shift;
        return Math.max(millis / TracingDilation.LARGEST_FACTOR, Math.min(millis, line));
    }

    /** By how much a traced delay of {@code millis} ms is divided: millis / {@link #apply}; 1 at 0. */
    public double divisorAt(double millis) {
        return millis > 0 ? millis / apply(millis) : 1;
    }

    /**
     * This correction followed by one of the coordinator's part X: X becomes {@code multiplier *
     * median * (X / median)^exponent}. Applied to the delays themselves, it composes exactly for
     * a part that is one delay (a power of a power); for a part made of several delays it is the
     * step of a fixed-point iteration that measures its effect again.
     *
     * @param multiplier positive
     * @param exponent positive; the product with this exponent is kept within the bounds
     * @param median the part's median before this step, ms; positive
     * @throws IllegalStateException when this correction shifts and the exponent is not 1 (no exact composition)
     */
    public PathCorrection then(double multiplier, double exponent, double median) {
        if (isShifted()) {
            if (exponent != 1) {
                throw new IllegalStateException("a shifted correction is followed by shifts and multipliers only");
            }
            return thenShifted(multiplier, 0);
        }
        double combinedExponent = Math.max(LOWEST_EXPONENT, Math.min(HIGHEST_EXPONENT, this.exponent * exponent));
        double applied = combinedExponent / this.exponent;
        double combinedScale = multiplier * Math.pow(median, 1 - applied) * Math.pow(scale, applied);
        return new PathCorrection(combinedScale, combinedExponent);
    }

    /**
     * This correction followed by an affine step: x becomes {@code multiplier * x - shift} ms. Exact
     * for an exponent of 1 (the bounds aside): scale times the multiplier, the old shift times the
     * multiplier plus the new one. After an exponent below 1 it is exact only without a shift.
     *
     * @param multiplier positive
     * @param shift ms, finite
     * @throws IllegalStateException when this correction has an exponent below 1 and the shift is not 0
     */
    public PathCorrection thenShifted(double multiplier, double shift) {
        if (exponent != HIGHEST_EXPONENT) {
            if (shift != 0) {
                throw new IllegalStateException("a correction with an exponent below 1 is not followed by a shift");
            }
            return new PathCorrection(multiplier * scale, exponent, 0);
        }
        return new PathCorrection(multiplier * scale, exponent, multiplier * this.shift + shift);
    }

    /** A copy of {@code micros} with every value corrected (rounded to a microsecond), counts kept. */
    public Histogram applyTo(Histogram micros) {
        if (isNone()) {
            return micros.copy();
        }
        Histogram result = new Histogram(micros.getHighestTrackableValue(), micros.getNumberOfSignificantValueDigits());
        for (HistogramIterationValue value : micros.recordedValues()) {
            double millis = micros.medianEquivalentValue(value.getValueIteratedTo()) / 1000.0;
            result.recordValueWithCount(Math.round(apply(millis) * 1000), value.getCountAtValueIteratedTo());
        }
        return result;
    }
}
