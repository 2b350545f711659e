package dev.pbs.montecarlo.rare;

import dev.pbs.model.quorum.QuorumConfiguration;
import java.util.Objects;

/**
 * A figure the rare-event estimator must resolve: it runs until each target's 95% interval is
 * within the relative half-width asked for, or until its budget is spent.
 */
public sealed interface RareEventTarget {

    /** The (R, W) whose figure this is: a partial quorum (R + W <= N). */
    QuorumConfiguration configuration();

    /**
     * The window at level p: the smallest t with P(stale at t) <= 1 - p, resolved when P(stale)
     * just before it is.
     *
     * @param level p in (0, 1)
     */
    record Window(QuorumConfiguration configuration, double level) implements RareEventTarget {
        public Window {
            Objects.requireNonNull(configuration, "configuration");
            if (!(level > 0 && level < 1)) {
                throw new IllegalArgumentException("a window's level must be in (0, 1), was " + level);
            }
        }
    }

    /**
     * P(stale at t) = P(t* > t) for a read started t ms after commit.
     *
     * @param tMillis t, finite and {@code >= 0}
     */
    record StaleAt(QuorumConfiguration configuration, double tMillis) implements RareEventTarget {
        public StaleAt {
            Objects.requireNonNull(configuration, "configuration");
            if (!(tMillis >= 0) || Double.isInfinite(tMillis)) {
                throw new IllegalArgumentException("t must be finite and >= 0 ms, was " + tMillis);
            }
        }
    }
}
