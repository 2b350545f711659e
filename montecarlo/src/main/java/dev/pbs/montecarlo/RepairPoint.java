package dev.pbs.montecarlo;

/**
 * Blocking read repair at one time after commit: how many reads started then find their answers
 * disagree, how many of those still find a stale replica when they read the full data again and
 * repair it, and what it costs them.
 *
 * @param tMillis the time after commit, ms
 * @param mismatched the fraction of reads whose kept answers disagreed (Cassandra's digest
 *     mismatch), so that they read the full data again, with its 95% interval
 * @param repaired the fraction of reads that then wrote the newest value to a replica still stale
 *     when the second read reached it, and waited for it, with its 95% interval; at most {@code
 *     mismatched}
 * @param meanAddedMillis the mean time a mismatching read added: its second round, plus the
 *     repair's acknowledgements when it repaired, ms; NaN when no read mismatched
 */
public record RepairPoint(
        double tMillis, ProportionEstimate mismatched, ProportionEstimate repaired, double meanAddedMillis) {}
