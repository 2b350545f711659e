package dev.pbs.montecarlo.rare;

/** Why the rare-event estimator stopped. */
public enum StopReason {
    /**
     * Every target reached the precision asked for, except P(stale at t) targets that no trial
     * reached in {@link RareEventEstimator#UNOBSERVED_TRIALS} trials (given up as beyond the
     * estimator's reach; {@link RareEventResult#resolved(RareEventTarget)} says which).
     */
    SETTLED,
    /** The trial budget was spent first. */
    TRIAL_BUDGET,
    /** The time limit came first (the only stop that depends on the machine's speed). */
    TIME_LIMIT
}
