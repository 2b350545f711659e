package dev.pbs.montecarlo;

/**
 * P(consistent) at t and the windows of one simulated configuration, t counted from one {@link
 * TimeOrigin}. Times in milliseconds, each figure with its 95% interval.
 */
public interface VisibilityClock {

    /** The moment t counts from. */
    TimeOrigin origin();

    /** P(consistent) for a read starting {@code tMillis} (finite, 0 or more) after the origin. */
    ProportionEstimate consistentAt(double tMillis);

    /**
     * How long after the origin a read must start to be consistent with probability at least
     * {@code probability}; {@code +infinity} beyond the simulated range.
     */
    QuantileEstimate window(double probability);

    /**
     * The window's value alone, ms ({@code window(probability).valueMillis()}): a clock whose
     * interval costs extra work can skip it.
     */
    default double windowMillis(double probability) {
        return window(probability).valueMillis();
    }

    /**
     * The engine's own clock, t after commit: P(consistent) exact at the simulated times (the
     * visibility grid's counts), from the threshold histogram elsewhere.
     */
    static VisibilityClock atCommit(ConfigurationResult result) {
        return new VisibilityClock() {
            @Override
            public TimeOrigin origin() {
                return TimeOrigin.COMMIT;
            }

            @Override
            public ProportionEstimate consistentAt(double tMillis) {
                for (VisibilityPoint point : result.visibility()) {
                    if (point.tMillis() == tMillis) {
                        return point.consistent();
                    }
                }
                return result.consistentAt(tMillis);
            }

            @Override
            public QuantileEstimate window(double probability) {
                return result.window(probability);
            }
        };
    }
}
