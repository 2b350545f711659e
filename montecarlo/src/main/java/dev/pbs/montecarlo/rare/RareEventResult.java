package dev.pbs.montecarlo.rare;

import dev.pbs.model.quorum.QuorumConfiguration;
import java.util.List;
import java.util.Optional;

/**
 * What the rare-event estimator found: per configuration with a target, P(stale at t) and windows
 * ({@link RareConfigurationResult}); how many trials it ran and why it stopped; and the mean of the
 * trials' weights, whose expectation is exactly 1 (a check of the sampler: an estimate far from 1
 * would mean the weights do not match the draws).
 */
public final class RareEventResult {

    private final RareEventSpec spec;
    private final long trials;
    private final StopReason stopReason;
    private final List<RareConfigurationResult> configurations;
    private final ImportanceEstimate meanWeight;

    RareEventResult(
            RareEventSpec spec,
            long trials,
            StopReason stopReason,
            List<RareConfigurationResult> configurations,
            ImportanceEstimate meanWeight) {
        this.spec = spec;
        this.trials = trials;
        this.stopReason = stopReason;
        this.configurations = List.copyOf(configurations);
        this.meanWeight = meanWeight;
    }

    public RareEventSpec spec() {
        return spec;
    }

    /** Importance-sampled trials run. */
    public long trials() {
        return trials;
    }

    public StopReason stopReason() {
        return stopReason;
    }

    /** The configurations simulated: those of the spec's targets, in the simulation's order. */
    public List<RareConfigurationResult> configurations() {
        return configurations;
    }

    public Optional<RareConfigurationResult> configuration(QuorumConfiguration configuration) {
        return configurations.stream()
                .filter(result -> result.configuration().equals(configuration))
                .findFirst();
    }

    /** The mean likelihood ratio over every trial, with its interval: 1 in expectation. */
    public ImportanceEstimate meanWeight() {
        return meanWeight;
    }

    /**
     * Whether a target reached the precision asked for: a window's P(stale) just before it, or
     * P(stale at t).
     */
    public boolean resolved(RareEventTarget target) {
        RareConfigurationResult result = configuration(target.configuration()).orElseThrow();
        if (target instanceof RareEventTarget.Window window) {
            return result.window(window.level()).resolved();
        }
        double t = ((RareEventTarget.StaleAt) target).tMillis();
        return result.staleAt(t).relativeHalfWidth() <= spec.relativeHalfWidth();
    }

    /** Whether every target reached the precision asked for. */
    public boolean resolved() {
        return spec.targets().stream().allMatch(this::resolved);
    }
}
