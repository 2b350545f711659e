package dev.pbs.cassandra.calibration;

import dev.pbs.model.profile.WarsMessage;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * What tracing adds to each traced message, per path: the coordinator's own replica's write (W;
 * its A is 0) and read (R and S), and the other replicas' write (W and A) and read (R and S). On
 * each path a traced message of x ms took {@code max((x - cost) / stretch, x * smallestFraction)}
 * without tracing ({@link #shorten}): a constant cost (writing the message's trace events) and a
 * stretch of the rest (the node's own work slowed by the trace's writes beside it).
 *
 * @param ownWrite the coordinator's own replica's W
 * @param otherWrite each other replica's W and A
 * @param ownRead the coordinator's own replica's R and S
 * @param otherRead each other replica's R and S
 */
public record TracingCost(PathCost ownWrite, PathCost otherWrite, PathCost ownRead, PathCost otherRead) {

    /** Nothing taken off. */
    public static final TracingCost NONE = new TracingCost(PathCost.NONE, PathCost.NONE, PathCost.NONE, PathCost.NONE);

    /**
     * One path's share of tracing.
     *
     * @param costMillis taken off every traced message of the path, ms, at least 0
     * @param stretch what the rest is divided by, at least 1
     */
    public record PathCost(double costMillis, double stretch) {

        /** Nothing taken off. */
        public static final PathCost NONE = new PathCost(0, 1);

        public PathCost {
            if (!(costMillis >= 0) || !Double.isFinite(costMillis)) {
                throw new IllegalArgumentException(
                        "a tracing cost must be finite and at least 0 ms, was " + costMillis);
            }
            if (!(stretch >= 1) || !Double.isFinite(stretch)) {
                throw new IllegalArgumentException("a tracing stretch must be finite and at least 1, was " + stretch);
            }
        }

        /** "0.412 ms, then divided by 1.30". */
        String describe() {
            return String.format(Locale.ROOT, "%.3f ms, then divided by %.2f", costMillis, stretch);
        }
    }

    /** The cost of path {@code path}. */
    PathCost of(Path path) {
        return switch (path) {
            case OWN_WRITE -> ownWrite;
            case OTHER_WRITE -> otherWrite;
            case OWN_READ -> ownRead;
            case OTHER_READ -> otherRead;
        };
    }

    /** This cost with path {@code path}'s replaced by {@code cost}. */
    TracingCost with(Path path, PathCost cost) {
        return new TracingCost(
                path == Path.OWN_WRITE ? cost : ownWrite,
                path == Path.OTHER_WRITE ? cost : otherWrite,
                path == Path.OWN_READ ? cost : ownRead,
                path == Path.OTHER_READ ? cost : otherRead);
    }

    /** A copy of another replica's histograms (microseconds), each shortened by its path's cost. */
    public Map<WarsMessage, Histogram> shortenOther(Map<WarsMessage, Histogram> messages, double smallestFraction) {
        return shortened(messages, otherWrite, otherWrite, otherRead, smallestFraction);
    }

    /** A copy of the coordinator's own replica's histograms (microseconds), each shortened by its path's cost. */
    public Map<WarsMessage, Histogram> shortenOwn(Map<WarsMessage, Histogram> messages, double smallestFraction) {
        return shortened(messages, ownWrite, PathCost.NONE, ownRead, smallestFraction);
    }

    /** A traced delay of {@code millis} ms without tracing's {@code cost}. */
    static double shorten(double millis, PathCost cost, double smallestFraction) {
        return millis <= 0
                ? millis
                : Math.max(millis * smallestFraction, (millis - cost.costMillis()) / cost.stretch());
    }

    /** Each path's cost, in words. */
    public String describe() {
        return "own replica's W " + ownWrite.describe() + "; other replicas' W and A " + otherWrite.describe()
                + "; own replica's R and S " + ownRead.describe() + "; other replicas' R and S "
                + otherRead.describe();
    }

    private static Map<WarsMessage, Histogram> shortened(
            Map<WarsMessage, Histogram> messages,
            PathCost write,
            PathCost acknowledgement,
            PathCost read,
            double smallestFraction) {
        Map<WarsMessage, Histogram> copy = new EnumMap<>(WarsMessage.class);
        messages.forEach((message, histogram) -> copy.put(
                message,
                shortened(
                        histogram,
                        switch (message) {
                            case WRITE -> write;
                            case ACKNOWLEDGEMENT -> acknowledgement;
                            case READ, RESPONSE -> read;
                        },
                        smallestFraction)));
        return copy;
    }

    private static Histogram shortened(Histogram micros, PathCost cost, double smallestFraction) {
        if (cost.equals(PathCost.NONE)) {
            return micros.copy();
        }
        Histogram result = new Histogram(micros.getHighestTrackableValue(), micros.getNumberOfSignificantValueDigits());
        for (HistogramIterationValue value : micros.recordedValues()) {
            double millis = micros.medianEquivalentValue(value.getValueIteratedTo()) / 1000.0;
            result.recordValueWithCount(
                    Math.round(shorten(millis, cost, smallestFraction) * 1000), value.getCountAtValueIteratedTo());
        }
        return result;
    }

    /** The four paths a traced delay can lie on, and the messages of each that an operation waits for. */
    enum Path {
        OWN_WRITE(1),
        OTHER_WRITE(2),
        OWN_READ(2),
        OTHER_READ(2);

        /** Messages of the path an operation waits for: W (and A) or R and S. */
        final int messages;

        Path(int messages) {
            this.messages = messages;
        }
    }
}
