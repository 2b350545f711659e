package dev.pbs.model.readpath;

import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a read coordinator asks one more replica than its consistency level needs: Cassandra's
 * table option {@code speculative_retry}. A read whose contacted replicas have not all answered
 * {@link #thresholdMillis threshold} milliseconds after it started asks the next replica of its
 * preference order, and completes with the first answers it needs.
 *
 * <p>Written as Cassandra writes it: {@code NONE} (which Cassandra writes back as {@code NEVER}), {@code ALWAYS}, a fixed time {@code 50ms}, a
 * percentile {@code 99p} (also {@code 99PERCENTILE}) of the read latency without speculation, or
 * {@code MIN(a,b)} / {@code MAX(a,b)} of a percentile and a fixed time.
 */
public sealed interface SpeculativeRetry {

    /** Cassandra's default for a table: the 99th percentile. */
    SpeculativeRetry CASSANDRA_DEFAULT = new Percentile(99);

    /** What the help and the error messages show as the accepted forms. */
    String FORMS = "NONE, ALWAYS, a time such as 20ms, a percentile such as 99p, or MIN(99p,20ms) / MAX(99p,20ms)";

    /** Never speculate (the paper's model). */
    record None() implements SpeculativeRetry {
        @Override
        public double thresholdMillis(DoubleUnaryOperator readLatencyAtPercentile) {
            return Double.POSITIVE_INFINITY;
        }

        @Override
        public String text() {
            return "NONE";
        }
    }

    /** Ask the extra replica with the others, at the read's start. */
    record Always() implements SpeculativeRetry {
        @Override
        public double thresholdMillis(DoubleUnaryOperator readLatencyAtPercentile) {
            return 0;
        }

        @Override
        public String text() {
            return "ALWAYS";
        }
    }

    /** @param millis a fixed threshold, ms, finite and {@code >= 0} */
    record Fixed(double millis) implements SpeculativeRetry {
        public Fixed {
            if (!(millis >= 0) || Double.isInfinite(millis)) {
                throw new IllegalArgumentException(
                        "a speculative retry time must be finite and >= 0 ms, was " + millis);
            }
        }

        @Override
        public double thresholdMillis(DoubleUnaryOperator readLatencyAtPercentile) {
            return millis;
        }

        @Override
        public String text() {
            return number(millis) + "ms";
        }
    }

    /** @param percentile of the read latency without speculation, in (0, 100) */
    record Percentile(double percentile) implements SpeculativeRetry {
        public Percentile {
            if (!(percentile > 0 && percentile < 100)) {
                throw new IllegalArgumentException(
                        "a speculative retry percentile must be above 0 and below 100, was " + percentile);
            }
        }

        @Override
        public double thresholdMillis(DoubleUnaryOperator readLatencyAtPercentile) {
            return readLatencyAtPercentile.applyAsDouble(percentile);
        }

        @Override
        public boolean needsReadLatency() {
            return true;
        }

        @Override
        public String text() {
            return number(percentile) + "p";
        }
    }

    /**
     * The smaller ({@code smaller} true, Cassandra's {@code MIN}) or larger of two thresholds.
     *
     * @param first a {@link Percentile} or {@link Fixed}
     * @param second a {@link Percentile} or {@link Fixed}
     */
    record Combined(boolean smaller, SpeculativeRetry first, SpeculativeRetry second) implements SpeculativeRetry {
        public Combined {
            for (SpeculativeRetry part : new SpeculativeRetry[] {first, second}) {
                if (!(part instanceof Percentile || part instanceof Fixed)) {
                    throw new IllegalArgumentException(
                            "MIN and MAX combine a percentile and a time, such as MIN(99p,20ms), not " + part.text());
                }
            }
        }

        @Override
        public double thresholdMillis(DoubleUnaryOperator readLatencyAtPercentile) {
            double a = first.thresholdMillis(readLatencyAtPercentile);
            double b = second.thresholdMillis(readLatencyAtPercentile);
            return smaller ? Math.min(a, b) : Math.max(a, b);
        }

        @Override
        public boolean needsReadLatency() {
            return first.needsReadLatency() || second.needsReadLatency();
        }

        @Override
        public String text() {
            return (smaller ? "MIN(" : "MAX(") + first.text() + "," + second.text() + ")";
        }
    }

    /**
     * The threshold in ms after a read's start at which it asks one more replica: 0 asks it at
     * once, +infinity never.
     *
     * @param readLatencyAtPercentile the read latency without speculation at a percentile in (0, 100), ms
     */
    double thresholdMillis(DoubleUnaryOperator readLatencyAtPercentile);

    /** Whether the threshold depends on the read latency (a percentile). */
    default boolean needsReadLatency() {
        return false;
    }

    /** Whether reads may ever ask an extra replica. */
    default boolean speculates() {
        return !(this instanceof None);
    }

    /** Cassandra's spelling: {@code NONE}, {@code ALWAYS}, {@code 20ms}, {@code 99p}, {@code MIN(99p,20ms)}. */
    String text();

    /**
     * Reads Cassandra's spelling, case-insensitive, blanks ignored.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    static SpeculativeRetry parse(String text) {
        String compact = text == null ? "" : text.replaceAll("\\s+", "").toUpperCase(Locale.ROOT);
        try {
            return parseCompact(compact);
        } catch (IllegalArgumentException problem) {
            throw new IllegalArgumentException(
                    "speculative retry '" + text + "': " + problem.getMessage() + " (accepted: " + FORMS + ")");
        }
    }

    private static SpeculativeRetry parseCompact(String compact) {
        switch (compact) {
            case "NONE":
            case "NEVER": // how Cassandra 4 and 5 write NONE back in the schema
                return new None();
            case "ALWAYS":
                return new Always();
            default:
                break;
        }
        Matcher combined = Pattern.compile("(MIN|MAX)\\((.+),(.+)\\)").matcher(compact);
        if (combined.matches()) {
            return new Combined(combined.group(1).equals("MIN"), single(combined.group(2)), single(combined.group(3)));
        }
        return single(compact);
    }

    private static SpeculativeRetry single(String compact) {
        Matcher fixed = Pattern.compile("(\\d+(?:\\.\\d+)?)MS").matcher(compact);
        if (fixed.matches()) {
            return new Fixed(Double.parseDouble(fixed.group(1)));
        }
        Matcher percentile =
                Pattern.compile("(\\d+(?:\\.\\d+)?)(?:P|PERCENTILE)").matcher(compact);
        if (percentile.matches()) {
            return new Percentile(Double.parseDouble(percentile.group(1)));
        }
        throw new IllegalArgumentException("not a form pbs knows");
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value)
                : Double.toString(value);
    }
}
