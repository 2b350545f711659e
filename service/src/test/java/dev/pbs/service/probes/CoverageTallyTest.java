package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.montecarlo.ProportionEstimate;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoverageTallyTest {

    @Test
    void count_tallyByT_theWindowsInsideTheirIntervals_andLeavesOutPointsWithoutOne() {
        CoverageTally tally = new CoverageTally();
        ObservedStaleness observed = CannedProbeStatus.observation();
        // 52 of 60 fresh at t = 0 against [0.9322, 1]: outside; 59 of 60 at t = 1 inside.
        tally.count(observed);
        tally.count(observed.withPoints(
                List.of(
                        new ObservedPoint(
                                0, ProportionEstimate.of(59, 60), 0.98, 0.1, new ObservedPoint.Interval(0.9, 1)),
                        new ObservedPoint(1, ProportionEstimate.of(60, 60), 0.99, 0.1)),
                1));

        List<ObservationCoverage> view = tally.view();
        assertThat(view.get(0)).isEqualTo(new ObservationCoverage(0, 2, 1));
        // t = 1 ms: the second window's point has no interval and is not counted
        assertThat(view.get(1)).isEqualTo(new ObservationCoverage(1, 1, 1));
        assertThat(view).hasSize(observed.points().size());
        assertThat(view).extracting(ObservationCoverage::tMillis).isSorted();
    }

    @Test
    void view_beforeAnyWindow_isEmpty() {
        assertThat(new CoverageTally().view()).isEmpty();
    }
}
