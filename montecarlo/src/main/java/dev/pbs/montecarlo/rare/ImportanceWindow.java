package dev.pbs.montecarlo.rare;

import dev.pbs.montecarlo.QuantileEstimate;

/**
 * A window estimated by importance sampling: how long after commit a read must start to be
 * consistent with probability at least p.
 *
 * @param window the window in ms and its 95% interval by test inversion ({@link
 *     WeightedThresholds#window}); +infinity beyond the recorded range
 * @param staleBefore P(stale) just before the window, where it is still above {@code 1 - p} (at a
 *     window of 0, P(stale at 0)): its relative half-width and effective sample size are the
 *     window's precision
 * @param resolved whether that relative half-width reached the precision asked for (at a window of
 *     0: whether the whole interval is 0)
 */
public record ImportanceWindow(QuantileEstimate window, ImportanceEstimate staleBefore, boolean resolved) {}
