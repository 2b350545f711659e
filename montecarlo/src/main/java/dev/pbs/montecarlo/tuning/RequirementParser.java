package dev.pbs.montecarlo.tuning;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads requirement expressions (spaces ignored, names in any case; times in ms, {@code ms}
 * optional):
 * <ul>
 *   <li>{@code consistency@10ms>=0.999}: P(consistent 10 ms after commit) at least 0.999;
 *   <li>{@code window@0.999<=50ms}: consistent with probability 0.999 within 50 ms of commit;
 *   <li>{@code read.p99.9<=20ms}, {@code write.p99<=50ms}: latency percentiles;
 *   <li>{@code w>=2}, {@code r>=1}, {@code n>=3} (or {@code <=}): durability and availability;
 *   <li>{@code kstale@2<=0.001}: P(more than 2 versions stale) at most 0.001;
 *   <li>{@code speculation<=0.05}: at most 5% of reads ask an extra replica (speculative retry);
 *   <li>{@code repair@10ms<=0.01}: at most 1% of reads starting 10 ms after commit repair a
 *       replica (blocking read repair).
 * </ul>
 * A malformed expression is an IllegalArgumentException whose message quotes the expression and
 * points at the bad part.
 */
public final class RequirementParser {

    private static final String NUMBER = "([^<>=@]*)";
    private static final Pattern CONSISTENCY = Pattern.compile("consistency@" + NUMBER + ">=" + NUMBER);
    private static final Pattern WINDOW = Pattern.compile("window@" + NUMBER + "<=" + NUMBER);
    private static final Pattern LATENCY = Pattern.compile("(read|write)\\.p" + NUMBER + "<=" + NUMBER);
    private static final Pattern QUORUM = Pattern.compile("([nrw])(>=|<=)" + NUMBER);
    private static final Pattern VERSIONS = Pattern.compile("kstale@" + NUMBER + "<=" + NUMBER);
    private static final Pattern SPECULATION = Pattern.compile("speculation<=" + NUMBER);
    private static final Pattern REPAIR = Pattern.compile("repair@" + NUMBER + "<=" + NUMBER);

    /** Every form, as the messages list them. */
    static final String FORMS = "consistency@<ms>>=<p>, window@<p><=<ms>, read.p<q><=<ms>, write.p<q><=<ms>, "
            + "n|r|w>=<k>, n|r|w<=<k>, kstale@<k><=<p>, speculation<=<fraction>, repair@<ms><=<fraction>";

    private RequirementParser() {}

    public static Requirement parse(String expression) {
        if (expression == null || expression.isBlank()) {
            throw new IllegalArgumentException("a requirement is empty; forms: consistency@10ms>=0.999, "
                    + "window@0.999<=50ms, read.p99.9<=20ms, write.p99<=50ms, w>=2, kstale@2<=0.001, "
                    + "speculation<=0.05, repair@10ms<=0.01");
        }
        String text = expression.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
        Matcher matcher;
        if ((matcher = CONSISTENCY.matcher(text)).matches()) {
            return new Requirement.ConsistencyAtLeast(
                    time(expression, matcher.group(1)), probability(expression, matcher.group(2), true));
        }
        if ((matcher = WINDOW.matcher(text)).matches()) {
            double probability = probability(expression, matcher.group(1), false);
            return new Requirement.WindowAtMost(probability, time(expression, matcher.group(2)));
        }
        if ((matcher = LATENCY.matcher(text)).matches()) {
            double percentile = number(expression, matcher.group(2), "a percentile");
            if (!(percentile > 0 && percentile <= 100)) {
                throw bad(expression, matcher.group(2), "a percentile must be in (0, 100]");
            }
            return new Requirement.LatencyAtMost(
                    matcher.group(1).equals("read"), percentile, time(expression, matcher.group(3)));
        }
        if ((matcher = QUORUM.matcher(text)).matches()) {
            return new Requirement.QuorumBound(
                    matcher.group(1).charAt(0),
                    matcher.group(2).equals(">="),
                    wholeNumber(expression, matcher.group(3)));
        }
        if ((matcher = VERSIONS.matcher(text)).matches()) {
            return new Requirement.VersionStalenessAtMost(
                    wholeNumber(expression, matcher.group(1)), probability(expression, matcher.group(2), true));
        }
        if ((matcher = SPECULATION.matcher(text)).matches()) {
            return new Requirement.SpeculationAtMost(fraction(expression, matcher.group(1)));
        }
        if ((matcher = REPAIR.matcher(text)).matches()) {
            return new Requirement.RepairAtMost(
                    time(expression, matcher.group(1)), fraction(expression, matcher.group(2)));
        }
        if (text.startsWith("speculation")) {
            throw new IllegalArgumentException("requirement '" + expression + "': the fraction of reads that "
                    + "speculate is bounded from above, as speculation<=<fraction>, such as speculation<=0.05");
        }
        if (text.startsWith("repair")) {
            throw new IllegalArgumentException("requirement '" + expression + "': the fraction of reads that "
                    + "block on read repair is bounded from above at a time after commit, as "
                    + "repair@<ms><=<fraction>, such as repair@10ms<=0.01");
        }
        throw new IllegalArgumentException("requirement '" + expression + "' is not one of the forms " + FORMS);
    }

    private static double time(String expression, String part) {
        String digits = part.endsWith("ms") ? part.substring(0, part.length() - 2) : part;
        double value = number(expression, digits, "a time in ms");
        if (value < 0) {
            throw bad(expression, part, "a time must be >= 0 ms");
        }
        return value;
    }

    private static double probability(String expression, String part, boolean oneAllowed) {
        double value = number(expression, part, "a probability");
        boolean valid = value > 0 && (oneAllowed ? value <= 1 : value < 1);
        if (!valid) {
            throw bad(expression, part, "a probability must be in (0, 1" + (oneAllowed ? "]" : ")"));
        }
        return value;
    }

    /** A fraction of reads, in [0, 1]. */
    private static double fraction(String expression, String part) {
        double value = number(expression, part, "a fraction");
        if (!(value >= 0 && value <= 1)) {
            throw bad(expression, part, "a fraction of reads must be in [0, 1]");
        }
        return value;
    }

    private static int wholeNumber(String expression, String part) {
        try {
            int value = Integer.parseInt(part);
            if (value < 1) {
                throw bad(expression, part, "must be a whole number >= 1");
            }
            return value;
        } catch (NumberFormatException notWhole) {
            throw bad(expression, part, "must be a whole number >= 1");
        }
    }

    private static double number(String expression, String part, String what) {
        try {
            double value = Double.parseDouble(part);
            if (Double.isFinite(value) && !part.isEmpty() && Character.isDigit(part.charAt(part.length() - 1))) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw bad(expression, part, "expected " + what);
    }

    private static IllegalArgumentException bad(String expression, String part, String problem) {
        return new IllegalArgumentException("requirement '" + expression + "': " + problem + ", at '" + part + "'");
    }
}
