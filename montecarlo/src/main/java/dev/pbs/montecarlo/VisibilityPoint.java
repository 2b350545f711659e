package dev.pbs.montecarlo;

/**
 * t-visibility at one time: the probability that a read starting {@code tMillis} ms after a
 * write commits returns that write (or a newer one), counted exactly over every trial.
 */
public record VisibilityPoint(double tMillis, ProportionEstimate consistent) {}
