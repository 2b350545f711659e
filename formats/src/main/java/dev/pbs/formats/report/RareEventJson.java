package dev.pbs.formats.report;

import static dev.pbs.formats.json.WholeNumbers.finiteOrNull;

import dev.pbs.formats.wire.ConsistencyWindow;
import dev.pbs.formats.wire.Prediction;
import dev.pbs.formats.wire.RareEventSummary;
import dev.pbs.formats.wire.StaleProbability;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.QuantileEstimate;
import dev.pbs.montecarlo.VisibilityPoint;
import dev.pbs.montecarlo.rare.ImportanceEstimate;
import dev.pbs.montecarlo.rare.ImportanceWindow;
import dev.pbs.montecarlo.rare.RareEventAnswer;
import dev.pbs.montecarlo.rare.RareEventResult;
import dev.pbs.montecarlo.rare.RareEventSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The JSON of the rare-event method's part of a prediction: the {@code rare_events} summary, the
 * windows with the method that produced each, and P(stale) at the grid's times. Every field it adds
 * is absent from answers that did not concern the method, so that they read as before.
 */
final class RareEventJson {

    static final String IMPORTANCE_SAMPLING = "importance_sampling";
    static final String MONTE_CARLO = "monte_carlo";
    static final String EXACT = "exact";

    private RareEventJson() {}

    /** The {@code rare_events} summary, or null when the answer did not concern the method. */
    static RareEventSummary summary(RareEventAnswer rare) {
        if (!rare.applies()) {
            return null;
        }
        Optional<RareEventResult> run = rare.result();
        ImportanceEstimate weight = run.map(RareEventResult::meanWeight).orElse(null);
        return new RareEventSummary(
                IMPORTANCE_SAMPLING,
                rare.refusal().isEmpty(),
                rare.refusal().orElse(null),
                run.map(RareEventResult::trials).orElse(null),
                run.map(result -> result.stopReason().name().toLowerCase(Locale.ROOT))
                        .orElse(null),
                run.map(RareEventResult::resolved).orElse(null),
                run.map(result -> result.spec().relativeHalfWidth()).orElse(RareEventSpec.DEFAULT_RELATIVE_HALF_WIDTH),
                weight == null ? null : weight.estimate(),
                weight == null ? null : List.of(weight.lower(), weight.upper()));
    }

    /** A window at level p: the plain one, or the rare-event method's where it produced it. */
    static ConsistencyWindow window(ConfigurationResult result, double level, RareEventAnswer rare) {
        QuantileEstimate plain = result.window(level);
        if (!rare.applies()) {
            return new ConsistencyWindow(
                    level, finiteOrNull(plain.valueMillis()), interval(plain), plain.isBeyondRange());
        }
        Optional<ImportanceWindow> sampled = rare.window(result.configuration(), level);
        if (sampled.isEmpty()) {
            return new ConsistencyWindow(
                    level,
                    finiteOrNull(plain.valueMillis()),
                    interval(plain),
                    plain.isBeyondRange(),
                    result.isStrict() ? EXACT : MONTE_CARLO,
                    null,
                    null,
                    null,
                    null);
        }
        QuantileEstimate window = sampled.get().window();
        ImportanceEstimate before = sampled.get().staleBefore();
        return new ConsistencyWindow(
                level,
                finiteOrNull(window.valueMillis()),
                interval(window),
                window.isBeyondRange(),
                IMPORTANCE_SAMPLING,
                before.estimate(),
                Arrays.asList(before.lower(), finiteOrNull(before.upper())),
                before.effectiveSampleSize(),
                sampled.get().resolved());
    }

    /** A t-visibility point, with P(stale) when the question asked for it. */
    static Prediction.Visibility visibility(ConfigurationResult result, VisibilityPoint point, RareEventAnswer rare) {
        ProportionEstimate consistent = point.consistent();
        return new Prediction.Visibility(
                point.tMillis(),
                finiteOrNull(consistent.estimate()),
                List.of(consistent.lower(), consistent.upper()),
                consistent.successes(),
                rare.staleProbabilities() ? stale(result, point, rare) : null);
    }

    private static StaleProbability stale(ConfigurationResult result, VisibilityPoint point, RareEventAnswer rare) {
        if (result.isStrict()) {
            return new StaleProbability(0, List.of(0.0, 0.0), EXACT, result.trials(), null, null);
        }
        Optional<ImportanceEstimate> sampled = rare.staleAt(result.configuration(), point.tMillis());
        if (sampled.isPresent()) {
            ImportanceEstimate stale = sampled.get();
            double precision = rare.result().orElseThrow().spec().relativeHalfWidth();
            return new StaleProbability(
                    stale.estimate(),
                    Arrays.asList(stale.lower(), finiteOrNull(stale.upper())),
                    IMPORTANCE_SAMPLING,
                    stale.trials(),
                    stale.effectiveSampleSize(),
                    stale.relativeHalfWidth() <= precision);
        }
        ProportionEstimate stale = point.consistent().complement();
        return new StaleProbability(
                stale.estimate(), List.of(stale.lower(), stale.upper()), MONTE_CARLO, stale.trials(), null, null);
    }

    /** The interval's ends, null where not finite. */
    static List<Double> interval(QuantileEstimate quantile) {
        return Arrays.asList(finiteOrNull(quantile.lowerMillis()), finiteOrNull(quantile.upperMillis()));
    }
}
