package dev.pbs.montecarlo.tuning;

import java.util.Locale;

/**
 * What "lowest latency" means when ranking feasible configurations, on 99.9th percentiles:
 * {@code sum} (read + write, the default), {@code read}, {@code write}, or {@code mix:a}
 * (a x read + (1 - a) x write, a in [0, 1]).
 */
public record Objective(double readWeight, double writeWeight, String text) {

    public static final double PERCENTILE = 99.9;
    public static final Objective SUM = new Objective(1, 1, "sum");

    public static Objective parse(String text) {
        String trimmed = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        switch (trimmed) {
            case "sum":
                return SUM;
            case "read":
                return new Objective(1, 0, "read");
            case "write":
                return new Objective(0, 1, "write");
            default:
                break;
        }
        if (trimmed.startsWith("mix:")) {
            try {
                double readShare = Double.parseDouble(trimmed.substring(4));
                if (readShare >= 0 && readShare <= 1) {
                    return new Objective(readShare, 1 - readShare, trimmed);
                }
            } catch (NumberFormatException notANumber) {
                // reported below
            }
            throw new IllegalArgumentException(
                    "objective '" + text + "': the read share after 'mix:' must be a " + "number in [0, 1]");
        }
        throw new IllegalArgumentException(
                "objective must be read, write, sum or mix:<read share in [0, 1]>, was '" + text + "'");
    }

    /** The score of a candidate: lower is better, in ms. */
    public double score(CandidateMetrics candidate) {
        double score = 0;
        if (readWeight > 0) {
            score += readWeight * candidate.readLatencyMillis(PERCENTILE);
        }
        if (writeWeight > 0) {
            score += writeWeight * candidate.writeLatencyMillis(PERCENTILE);
        }
        return score;
    }
}
