package dev.pbs.montecarlo.rare;

import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.LevelSimulationResult;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.VisibilityPoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rare-event method's part of a prediction: which of its figures plain trials cannot resolve,
 * and their importance-sampling estimates, or why the method does not cover the question.
 *
 * <p>The rule: a figure is unresolved when fewer than {@value #RESOLVING_TRIALS} of the counted
 * trials lie beyond it. With k such trials a proportion's 95% interval is about {@code +- 1.96 /
 * sqrt(k)} of it, so 384 give +-10%. For a window at level p that is {@code (1 - p) * trials <
 * 400}; for P(stale at t), fewer than 400 stale trials at t.
 */
public final class RareEventAnswer {

    /** Trials beyond a figure that a 95% interval within 10% of it needs (1.96^2 / 0.1^2 = 384, rounded up). */
    public static final long RESOLVING_TRIALS = 400;
    /** The trial budget of a prediction's rare-event run. */
    public static final long MAX_TRIALS = RareEventSpec.DEFAULT_MAX_TRIALS;
    /** The time limit of a prediction's rare-event run. */
    public static final Duration TIME_LIMIT = Duration.ofSeconds(60);

    private static final RareEventAnswer NONE = new RareEventAnswer(false, List.of(), null, null);

    private final boolean staleProbabilities;
    private final List<RareEventTarget> targets;
    private final String refusal;
    private final RareEventResult result;

    private RareEventAnswer(
            boolean staleProbabilities, List<RareEventTarget> targets, String refusal, RareEventResult result) {
        this.staleProbabilities = staleProbabilities;
        this.targets = List.copyOf(targets);
        this.refusal = refusal;
        this.result = result;
    }

    /** No figure asked for the method. */
    public static RareEventAnswer none() {
        return NONE;
    }

    /**
     * Finds the figures of a plain run that need the method and estimates them (or says why it
     * does not cover the run).
     *
     * @param windowLevels the window levels the method may resolve (empty: none)
     * @param staleProbabilities whether P(stale) is reported at every time of the grid, resolved by
     *     the method where plain counts are too few
     */
    public static RareEventAnswer of(SimulationResult plain, List<Double> windowLevels, boolean staleProbabilities) {
        List<RareEventTarget> targets = new ArrayList<>();
        for (ConfigurationResult configuration : plain.configurations()) {
            if (configuration.isStrict()) {
                continue;
            }
            QuorumConfiguration quorum = configuration.configuration();
            for (double level : windowLevels) {
                if (unresolved(level, configuration.trials())) {
                    targets.add(new RareEventTarget.Window(quorum, level));
                }
            }
            if (staleProbabilities) {
                for (VisibilityPoint point : configuration.visibility()) {
                    long stale =
                            point.consistent().trials() - point.consistent().successes();
                    if (stale < RESOLVING_TRIALS) {
                        targets.add(new RareEventTarget.StaleAt(quorum, point.tMillis()));
                    }
                }
            }
        }
        if (targets.isEmpty()) {
            return staleProbabilities ? new RareEventAnswer(true, targets, null, null) : NONE;
        }
        Optional<String> refused = RareEventSpec.unsupported(plain.spec());
        if (refused.isPresent()) {
            return new RareEventAnswer(staleProbabilities, targets, refused.get(), null);
        }
        RareEventSpec spec = RareEventSpec.of(plain.spec(), targets).withBudget(MAX_TRIALS, TIME_LIMIT);
        return new RareEventAnswer(staleProbabilities, targets, null, new RareEventEstimator().run(spec));
    }

    /**
     * For consistency levels across datacenters, which the method does not cover: the refusal,
     * when some window needs it.
     */
    public static RareEventAnswer of(LevelSimulationResult plain, List<Double> windowLevels) {
        List<RareEventTarget> targets = new ArrayList<>();
        for (ConfigurationResult configuration : plain.configurations()) {
            for (double level : windowLevels) {
                if (!configuration.isStrict() && unresolved(level, configuration.trials())) {
                    targets.add(new RareEventTarget.Window(configuration.configuration(), level));
                }
            }
        }
        return targets.isEmpty()
                ? NONE
                : new RareEventAnswer(
                        false,
                        targets,
                        "the rare-event method (importance sampling) covers (R, W) questions; it does not cover "
                                + "consistency levels across datacenters",
                        null);
    }

    /** Whether fewer than {@value #RESOLVING_TRIALS} of {@code trials} are expected beyond a window at level p. */
    public static boolean unresolved(double level, long trials) {
        return level < 1 && (1 - level) * trials < RESOLVING_TRIALS;
    }

    /** Whether the method concerns this prediction at all: some figure needed it, or P(stale) was asked. */
    public boolean applies() {
        return staleProbabilities || !targets.isEmpty();
    }

    /** Whether P(stale) is reported at every time of the grid. */
    public boolean staleProbabilities() {
        return staleProbabilities;
    }

    /** The figures plain trials could not resolve. */
    public List<RareEventTarget> targets() {
        return targets;
    }

    /** Why the method does not cover the question, when it does not. */
    public Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** The estimator's run, when it ran. */
    public Optional<RareEventResult> result() {
        return Optional.ofNullable(result);
    }

    /** Whether plain trials could not resolve the window of a configuration at a level. */
    public boolean needs(QuorumConfiguration configuration, double level) {
        return targets.contains(new RareEventTarget.Window(configuration, level));
    }

    /** The importance-sampling estimate of a window, when the method produced it. */
    public Optional<ImportanceWindow> window(QuorumConfiguration configuration, double level) {
        if (result == null || !needs(configuration, level)) {
            return Optional.empty();
        }
        return result.configuration(configuration).map(estimates -> estimates.window(level));
    }

    /** The importance-sampling estimate of P(stale at t), when the method produced it. */
    public Optional<ImportanceEstimate> staleAt(QuorumConfiguration configuration, double tMillis) {
        if (result == null || !targets.contains(new RareEventTarget.StaleAt(configuration, tMillis))) {
            return Optional.empty();
        }
        return result.configuration(configuration).map(estimates -> estimates.staleAt(tMillis));
    }
}
