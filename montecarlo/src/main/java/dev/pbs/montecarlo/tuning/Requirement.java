package dev.pbs.montecarlo.tuning;

import java.util.Locale;
import java.util.Optional;

/**
 * One condition a configuration must meet, as written on the command line (see {@link
 * RequirementParser} for the forms). {@link #violation} says how a configuration fails it.
 */
public sealed interface Requirement {

    /** Empty when the candidate meets the requirement; else what it measured, e.g. {@code window@0.999=226ms > 250ms}. */
    Optional<String> violation(CandidateMetrics candidate);

    /** The requirement as text, in the form the parser reads. */
    String text();

    /** Times (ms after the clock's origin) whose consistency the requirement reads: simulated exactly after commit. */
    default double[] timesMillis() {
        return new double[0];
    }

    /** {@code consistency@10ms>=0.999}: P(consistent 10 ms after the clock's origin) at least 0.999. */
    record ConsistencyAtLeast(double tMillis, double probability) implements Requirement {
        @Override
        public Optional<String> violation(CandidateMetrics candidate) {
            double measured = candidate.consistentAt(tMillis);
            return measured >= probability
                    ? Optional.empty()
                    : Optional.of("consistency@" + millis(tMillis) + "=" + apart(measured, probability) + " < "
                            + number(probability));
        }

        @Override
        public String text() {
            return "consistency@" + millis(tMillis) + ">=" + number(probability);
        }

        @Override
        public double[] timesMillis() {
            return new double[] {tMillis};
        }
    }

    /** {@code window@0.999<=50ms}: consistent with probability 0.999 within 50 ms of the clock's origin. */
    record WindowAtMost(double probability, double limitMillis) implements Requirement {
        @Override
        public Optional<String> violation(CandidateMetrics candidate) {
            double window = candidate.windowMillis(probability);
            return window <= limitMillis
                    ? Optional.empty()
                    : Optional.of("window@" + number(probability) + "=" + apartMillis(window, limitMillis) + " > "
                            + millis(limitMillis));
        }

        @Override
        public String text() {
            return "window@" + number(probability) + "<=" + millis(limitMillis);
        }
    }

    /** {@code read.p99.9<=20ms} or {@code write.p99<=50ms}. */
    record LatencyAtMost(boolean read, double percentile, double limitMillis) implements Requirement {
        @Override
        public Optional<String> violation(CandidateMetrics candidate) {
            double latency = read ? candidate.readLatencyMillis(percentile) : candidate.writeLatencyMillis(percentile);
            return latency <= limitMillis
                    ? Optional.empty()
                    : Optional.of(name() + "=" + apartMillis(latency, limitMillis) + " > " + millis(limitMillis));
        }

        @Override
        public String text() {
            return name() + "<=" + millis(limitMillis);
        }

        private String name() {
            return (read ? "read" : "write") + ".p" + number(percentile);
        }
    }

    /** {@code w>=2}, {@code r>=1}, {@code n>=3}, or with {@code <=}: durability and availability bounds. */
    record QuorumBound(char quorum, boolean atLeast, int bound) implements Requirement {
        @Override
        public Optional<String> violation(CandidateMetrics candidate) {
            int value = switch (quorum) {
                case 'n' -> candidate.configuration().n();
                case 'r' -> candidate.configuration().r();
                default -> candidate.configuration().w();
            };
            boolean holds = atLeast ? value >= bound : value <= bound;
            return holds ? Optional.empty() : Optional.of(quorum + "=" + value + (atLeast ? " < " : " > ") + bound);
        }

        @Override
        public String text() {
            return quorum + (atLeast ? ">=" : "<=") + bound;
        }
    }

    /** {@code kstale@2<=0.001}: P(more than 2 versions stale) at most 0.001 (closed form). */
    record VersionStalenessAtMost(int versions, double probability) implements Requirement {
        @Override
        public Optional<String> violation(CandidateMetrics candidate) {
            double measured = candidate.probabilityOlderThanVersions(versions);
            return measured <= probability
                    ? Optional.empty()
                    : Optional.of(
                            "kstale@" + versions + "=" + apart(measured, probability) + " > " + number(probability));
        }

        @Override
        public String text() {
            return "kstale@" + versions + "<=" + number(probability);
        }
    }

    /**
     * {@code speculation<=0.05}: at most that fraction of reads ask an extra replica (speculative
     * retry); a candidate that does not speculate has 0.
     *
     * @param fraction in [0, 1]
     */
    record SpeculationAtMost(double fraction) implements Requirement {
        @Override
        public Optional<String> violation(CandidateMetrics candidate) {
            double measured = candidate.speculatedFraction();
            return measured <= fraction
                    ? Optional.empty()
                    : Optional.of("speculation=" + apart(measured, fraction) + " > " + number(fraction));
        }

        @Override
        public String text() {
            return "speculation<=" + number(fraction);
        }
    }

    /**
     * {@code repair@10ms<=0.01}: at most that fraction of reads starting 10 ms after commit repair
     * a replica (still stale when the full data is read again after a digest mismatch) and block
     * on it; a candidate without read repair has 0.
     *
     * @param tMillis the time after commit, ms, simulated exactly
     * @param fraction in [0, 1]
     */
    record RepairAtMost(double tMillis, double fraction) implements Requirement {
        @Override
        public Optional<String> violation(CandidateMetrics candidate) {
            double measured = candidate.repairedAt(tMillis);
            return measured <= fraction
                    ? Optional.empty()
                    : Optional.of(
                            "repair@" + millis(tMillis) + "=" + apart(measured, fraction) + " > " + number(fraction));
        }

        @Override
        public String text() {
            return "repair@" + millis(tMillis) + "<=" + number(fraction);
        }

        @Override
        public double[] timesMillis() {
            return new double[] {tMillis};
        }
    }

    /** A time as the parser reads it: {@code 12.5ms}, {@code inf} beyond the simulated range. */
    static String millis(double value) {
        return Double.isInfinite(value) ? "inf" : number(value) + "ms";
    }

    /** A measured time as {@link #millis}, with as many digits as it takes to differ from the limit it breaks. */
    static String apartMillis(double value, double limit) {
        return Double.isInfinite(value) ? "inf" : apart(value, limit) + "ms";
    }

    /**
     * A measured value as {@link #number}, with more significant digits (up to 12) when 4 would
     * make it read as the bound it breaks ({@code 0.99999}, not {@code 1}, against 1).
     */
    static String apart(double value, double bound) {
        for (int digits = 4; digits < 12; digits++) {
            String text = number(value, digits);
            if (!text.equals(number(bound, digits))) {
                return text;
            }
        }
        return number(value, 12);
    }

    /** Up to 4 significant digits, without trailing zeros. */
    static String number(double value) {
        return number(value, 4);
    }

    private static String number(double value, int significantDigits) {
        String text = String.format(Locale.ROOT, "%." + significantDigits + "g", value);
        if (text.contains("e")) {
            return text;
        }
        if (text.contains(".")) {
            text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return text;
    }
}
