package dev.pbs.cassandra.calibration;

import dev.pbs.model.profile.WarsMessage;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * What tracing adds to each traced message, in ms, one constant per path: the coordinator's own
 * replica's write (W; its A is 0) and read (R and S), and the other replicas' write (W and A) and
 * read (R and S). A traced message of x ms took {@code max(x - cost, x * smallestFraction)} without
 * tracing ({@link #shorten}).
 *
 * @param ownWriteMillis taken off the coordinator's own replica's W, ms, at least 0
 * @param otherWriteMillis taken off each other replica's W and A, ms, at least 0
 * @param ownReadMillis taken off the coordinator's own replica's R and S, ms, at least 0
 * @param otherReadMillis taken off each other replica's R and S, ms, at least 0
 */
public record TracingCost(
        double ownWriteMillis, double otherWriteMillis, double ownReadMillis, double otherReadMillis) {

    /** Nothing taken off. */
    public static final TracingCost NONE = new TracingCost(0, 0, 0, 0);

    public TracingCost {
        for (double millis : new double[] {ownWriteMillis, otherWriteMillis, ownReadMillis, otherReadMillis}) {
            if (!(millis >= 0) || !Double.isFinite(millis)) {
                throw new IllegalArgumentException("a tracing cost must be finite and at least 0 ms, was " + millis);
            }
        }
    }

    /** The cost of path {@code path}, ms. */
    double of(Path path) {
        return switch (path) {
            case OWN_WRITE -> ownWriteMillis;
            case OTHER_WRITE -> otherWriteMillis;
            case OWN_READ -> ownReadMillis;
            case OTHER_READ -> otherReadMillis;
        };
    }

    /** This cost with path {@code path}'s replaced by {@code millis}. */
    TracingCost with(Path path, double millis) {
        return new TracingCost(
                path == Path.OWN_WRITE ? millis : ownWriteMillis,
                path == Path.OTHER_WRITE ? millis : otherWriteMillis,
                path == Path.OWN_READ ? millis : ownReadMillis,
                path == Path.OTHER_READ ? millis : otherReadMillis);
    }

    /** A copy of another replica's histograms (microseconds), each shortened by its path's cost. */
    public Map<WarsMessage, Histogram> shortenOther(Map<WarsMessage, Histogram> messages, double smallestFraction) {
        return shortened(messages, otherWriteMillis, otherWriteMillis, otherReadMillis, smallestFraction);
    }

    /** A copy of the coordinator's own replica's histograms (microseconds), each shortened by its path's cost. */
    public Map<WarsMessage, Histogram> shortenOwn(Map<WarsMessage, Histogram> messages, double smallestFraction) {
        return shortened(messages, ownWriteMillis, 0, ownReadMillis, smallestFraction);
    }

    /** A traced delay of {@code millis} ms without tracing's {@code costMillis}. */
    static double shorten(double millis, double costMillis, double smallestFraction) {
        return millis <= 0 ? millis : Math.max(millis * smallestFraction, millis - costMillis);
    }

    /** "own W 0.412, other W and A 0.301, own R and S 0.220, other R and S 0.285 ms". */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "own replica's W %.3f ms, other replicas' W and A %.3f ms, own replica's R and S %.3f ms, other "
                        + "replicas' R and S %.3f ms",
                ownWriteMillis,
                otherWriteMillis,
                ownReadMillis,
                otherReadMillis);
    }

    private static Map<WarsMessage, Histogram> shortened(
            Map<WarsMessage, Histogram> messages,
            double writeMillis,
            double acknowledgementMillis,
            double readMillis,
            double smallestFraction) {
        Map<WarsMessage, Histogram> copy = new EnumMap<>(WarsMessage.class);
        messages.forEach((message, histogram) -> copy.put(
                message,
                shortened(
                        histogram,
                        switch (message) {
                            case WRITE -> writeMillis;
                            case ACKNOWLEDGEMENT -> acknowledgementMillis;
                            case READ, RESPONSE -> readMillis;
                        },
                        smallestFraction)));
        return copy;
    }

    private static Histogram shortened(Histogram micros, double costMillis, double smallestFraction) {
        if (costMillis == 0) {
            return micros.copy();
        }
        Histogram result = new Histogram(micros.getHighestTrackableValue(), micros.getNumberOfSignificantValueDigits());
        for (HistogramIterationValue value : micros.recordedValues()) {
            double millis = micros.medianEquivalentValue(value.getValueIteratedTo()) / 1000.0;
            result.recordValueWithCount(
                    Math.round(shorten(millis, costMillis, smallestFraction) * 1000),
                    value.getCountAtValueIteratedTo());
        }
        return result;
    }

    /** The four paths a traced delay can lie on, and the messages of each that an operation waits for. */
    enum Path {
        OWN_WRITE(1, "the coordinator's own replica's write"),
        OTHER_WRITE(2, "the other replicas' writes"),
        OWN_READ(2, "the coordinator's own replica's read"),
        OTHER_READ(2, "the other replicas' reads");

        /** Messages of the path an operation waits for: W (and A) or R and S. */
        final int messages;

        final String description;

        Path(int messages, String description) {
            this.messages = messages;
            this.description = description;
        }
    }
}
