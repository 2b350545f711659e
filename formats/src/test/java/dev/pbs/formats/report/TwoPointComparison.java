package dev.pbs.formats.report;

import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.montecarlo.ProportionEstimate;
import java.util.List;

/** The reports' tests' comparison: 1,000 writes at N = 3, R = W = 1, read at t = 0 and 100 ms. */
final class TwoPointComparison {

    private TwoPointComparison() {}

    /**
     * Observed 0.760 at t = 0 and 0.987 at 100 ms, predicted {@code offset} higher at both (so its
     * RMSE is {@code offset}).
     */
    static ObservedStaleness of(double offset, List<ObservedStaleness.LatencyComparison> latencies) {
        return new ObservedStaleness(
                3,
                1,
                1,
                1000,
                0,
                0,
                CoordinatorReplicaShare.NEVER,
                1,
                0.9,
                0.8,
                0,
                List.of(
                        new ObservedPoint(0, ProportionEstimate.of(760, 1000), 0.760 + offset, 0.3),
                        new ObservedPoint(100, ProportionEstimate.of(987, 1000), 0.987 + offset, 0.2)),
                latencies);
    }
}
