package dev.pbs.montecarlo;

/**
 * Blocking read repair at one time after commit: how many reads started then repair a stale
 * replica, and what it costs them.
 *
 * @param tMillis the time after commit, ms
 * @param repaired the fraction of reads whose kept answers disagreed, so that they repaired the
 *     stale ones, with its 95% interval
 * @param meanAddedMillis the mean time those reads waited for their repairs' acknowledgements, ms;
 *     NaN when none repaired
 */
public record RepairPoint(double tMillis, ProportionEstimate repaired, double meanAddedMillis) {}
