package dev.pbs.formats.report;

import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.VisibilityPoint;
import dev.pbs.montecarlo.rare.ImportanceEstimate;
import dev.pbs.montecarlo.rare.ImportanceWindow;
import dev.pbs.montecarlo.rare.RareEventAnswer;
import dev.pbs.montecarlo.rare.RareEventResult;
import dev.pbs.montecarlo.rare.RareEventTarget;
import dev.pbs.montecarlo.rare.StopReason;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rare-event method's part of a prediction for people: the marker on the figures it produced,
 * the line below the windows that says how (trials, precision reached, effective sample sizes) or
 * why it could not, and the P(stale) table.
 */
final class RareEventTable {

    /** Marks a figure the rare-event method produced. */
    static final String MARKER = "*";

    private RareEventTable() {}

    /** A window's cell: the method's figure, marked, where it produced it; else the plain one. */
    static String windowCell(ConfigurationResult configuration, double level, RareEventAnswer rare) {
        Optional<ImportanceWindow> sampled = rare.window(configuration.configuration(), level);
        return sampled.map(window -> NumberText.millis(window.window().valueMillis()) + MARKER)
                .orElseGet(() -> NumberText.millis(configuration.window(level).valueMillis()));
    }

    /**
     * What the method did for the windows, in one or two lines ending in newlines; empty when no
     * window needed it.
     *
     * @param plainTrials the plain run's trials
     */
    static String windowsNote(RareEventAnswer rare, long plainTrials) {
        List<RareEventTarget.Window> windows = rare.targets().stream()
                .filter(RareEventTarget.Window.class::isInstance)
                .map(RareEventTarget.Window.class::cast)
                .toList();
        if (windows.isEmpty()) {
            return "";
        }
        String levels = windows.stream()
                .map(window -> "p=" + NumberText.plain(window.level()))
                .distinct()
                .reduce((first, second) -> first + ", " + second)
                .orElseThrow();
        String beyond = "fewer than " + RareEventAnswer.RESOLVING_TRIALS + " of the " + NumberText.count(plainTrials)
                + " trials lie beyond the window at " + levels;
        if (rare.refusal().isPresent()) {
            return "Plain Monte Carlo's windows although " + beyond + ": "
                    + rare.refusal().get() + "\n";
        }
        RareEventResult result = rare.result().orElseThrow();
        double worst = 0;
        double smallestSample = Double.POSITIVE_INFINITY;
        double largestSample = 0;
        for (RareEventTarget.Window target : windows) {
            ImportanceEstimate before = rare.window(target.configuration(), target.level())
                    .orElseThrow()
                    .staleBefore();
            worst = Math.max(worst, before.relativeHalfWidth());
            smallestSample = Math.min(smallestSample, before.effectiveSampleSize());
            largestSample = Math.max(largestSample, before.effectiveSampleSize());
        }
        return MARKER + " importance sampling (the rare-event method), since " + beyond + ": "
                + NumberText.count(result.trials()) + " trials" + stopped(result.stopReason()) + "; P(stale) just "
                + "before each window within +-" + percent(worst) + " (95%)"
                + (worst <= result.spec().relativeHalfWidth()
                        ? ""
                        : ", NOT within the +-" + percent(result.spec().relativeHalfWidth()) + " asked")
                + ", effective sample sizes " + NumberText.count(Math.round(smallestSample)) + " to "
                + NumberText.count(Math.round(largestSample)) + "\n";
    }

    /** P(stale) at each time of the grid; the method's figures marked. */
    static String staleTable(
            ConfigurationTables tables,
            double[] gridMillis,
            List<ConfigurationResult> configurations,
            RareEventAnswer rare) {
        StringBuilder text = new StringBuilder();
        text.append("P(stale): probability that a read starting t ms after commit misses the write"
                + " (" + MARKER + " importance sampling, where fewer than " + RareEventAnswer.RESOLVING_TRIALS
                + " trials were stale)\n");
        text.append(tables.stale(
                        gridMillis, configurations, (configuration, point) -> staleCell(configuration, point, rare))
                .render());
        rare.refusal()
                .ifPresent(reason -> text.append("Plain Monte Carlo's figures: ")
                        .append(reason)
                        .append('\n'));
        rare.result().ifPresent(result -> text.append(staleNote(rare, result)));
        return text.toString();
    }

    /** How the method's P(stale) figures were estimated: trials, the precision reached, and what it never saw. */
    private static String staleNote(RareEventAnswer rare, RareEventResult result) {
        double worst = 0;
        long unseen = 0;
        for (RareEventTarget target : rare.targets()) {
            if (target instanceof RareEventTarget.StaleAt stale) {
                ImportanceEstimate estimate =
                        rare.staleAt(stale.configuration(), stale.tMillis()).orElseThrow();
                if (estimate.observed()) {
                    worst = Math.max(worst, estimate.relativeHalfWidth());
                } else {
                    unseen++;
                }
            }
        }
        double asked = result.spec().relativeHalfWidth();
        return MARKER + " " + NumberText.count(result.trials()) + " importance-sampled trials"
                + stopped(result.stopReason()) + "; each within +-" + percent(worst) + " (95%)"
                + (worst <= asked ? "" : ", NOT all within the +-" + percent(asked) + " asked")
                + (unseen == 0
                        ? ""
                        : "; unseen: no such trial was stale, the probability is below what the method reaches")
                + "\n";
    }

    private static String staleCell(ConfigurationResult configuration, VisibilityPoint point, RareEventAnswer rare) {
        if (configuration.isStrict()) {
            return "0";
        }
        Optional<ImportanceEstimate> sampled = rare.staleAt(configuration.configuration(), point.tMillis());
        if (sampled.isEmpty()) {
            return NumberText.smallProbability(1 - point.consistent().estimate());
        }
        return sampled.get().observed()
                ? NumberText.smallProbability(sampled.get().estimate()) + MARKER
                : "unseen" + MARKER;
    }

    private static String stopped(StopReason reason) {
        return switch (reason) {
            case SETTLED -> "";
            case TRIAL_BUDGET -> " (its budget)";
            case TIME_LIMIT -> " (stopped at its time limit)";
        };
    }

    private static String percent(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.1f%%", 100 * fraction) : "infinity";
    }
}
