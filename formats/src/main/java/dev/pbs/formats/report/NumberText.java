package dev.pbs.formats.report;

import java.math.BigDecimal;
import java.util.Locale;

/** Numbers formatted for people: a few significant digits, no exponents. */
final class NumberText {

    /** What a cell shows when no trial counted (a configuration never available). */
    static final String NOT_AVAILABLE = "n/a";

    private NumberText() {}

    /**
     * A probability to four decimals; exactly 0 and 1 as "0" and "1", and a value that is below
     * 1 but rounds to it as ">0.9999", so that only an exact 1 reads as certain; NaN (no trial
     * counted) as "n/a".
     */
    static String probability(double probability) {
        if (Double.isNaN(probability)) {
            return NOT_AVAILABLE;
        }
        if (probability == 1.0) {
            return "1";
        }
        if (probability == 0.0) {
            return "0";
        }
        if (probability >= 0.99995) {
            return ">0.9999";
        }
        if (probability < 0.00005) {
            return "<0.0001";
        }
        return String.format(Locale.ROOT, "%.4f", probability);
    }

    /** A probability that may be tiny (such as k-staleness): four decimals, or two significant digits. */
    static String smallProbability(double probability) {
        if (Double.isNaN(probability)) {
            return NOT_AVAILABLE;
        }
        if (probability == 0.0 || probability == 1.0) {
            return probability == 0.0 ? "0" : "1";
        }
        return String.format(Locale.ROOT, probability >= 0.0001 ? "%.4f" : "%.2e", probability);
    }

    /** Milliseconds with about three significant digits; "beyond" when infinite, "n/a" when NaN. */
    static String millis(double millis) {
        if (Double.isNaN(millis)) {
            return NOT_AVAILABLE;
        }
        if (!Double.isFinite(millis)) {
            return "beyond";
        }
        if (millis == 0) {
            return "0";
        }
        String pattern;
        if (millis < 1) {
            pattern = "%.3f";
        } else if (millis < 10) {
            pattern = "%.2f";
        } else if (millis < 100) {
            pattern = "%.1f";
        } else {
            pattern = "%.0f";
        }
        return String.format(Locale.ROOT, pattern, millis);
    }

    /** An input value such as a time or a percentile, as short as it can be written exactly. */
    static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** A count with thousands separators: 1,000,000. */
    static String count(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }
}
