package dev.pbs.cassandra.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.profile.CoordinatorReplicaShare;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ObservationWindowsTest {

    private static final double[] GRID = {0, 10};

    @Test
    void writesPerWindow_twentySecondsOfWrites_orAllOfThemWhenTooShortToDivide() {
        // 2,000 writes at 20 a second: 100 s, five windows of 400.
        assertThat(ObservationWhileProbing.writesPerWindow(new ObservationSettings(1, 1, 2000, 20, GRID)))
                .isEqualTo(400);
        // 600 at 40 a second: 15 s, less than one and a half windows: one window.
        assertThat(ObservationWhileProbing.writesPerWindow(new ObservationSettings(1, 1, 600, 40, GRID)))
                .isEqualTo(600);
        // 1,200 at 40 a second: 30 s, just one and a half windows: windows of 800 and 400.
        assertThat(ObservationWhileProbing.writesPerWindow(new ObservationSettings(1, 1, 1200, 40, GRID)))
                .isEqualTo(800);
    }

    @Test
    void merged_addsCountsAndHistograms() {
        RawObservation first =
                raw(10, new long[] {10, 10}, new long[] {7, 10}, 1000, new CoordinatorReplicaCounts(7, 10, 13, 20));
        RawObservation second =
                raw(5, new long[] {4, 5}, new long[] {4, 5}, 3000, new CoordinatorReplicaCounts(3, 5, 7, 10));
        RawObservation merged = RawObservation.merged(List.of(first, second));
        assertThat(merged.writes()).isEqualTo(15);
        assertThat(merged.reads()).containsExactly(14, 15);
        assertThat(merged.fresh()).containsExactly(11, 15);
        assertThat(merged.lagMicros()).containsExactly(28, 30);
        assertThat(merged.clientGapMicros().getTotalCount()).isEqualTo(2);
        assertThat(merged.clientGapMicros().getMaxValue()).isBetween(2990L, 3010L);
        assertThat(merged.readLatencyMicros().getTotalCount()).isEqualTo(2);
        assertThat(merged.coordinatorReplicas()).isEqualTo(new CoordinatorReplicaCounts(10, 15, 20, 30));
        assertThat(merged.routedToReplicas()).isFalse();
        assertThat(merged.coordinatorReplicaShare()).isEqualTo(CoordinatorReplicaShare.of(10.0 / 15, 20.0 / 30));
    }

    @Test
    void merged_windowsThatCountedNothing_keepTheRoutingRule() {
        RawObservation merged = RawObservation.merged(List.of(
                raw(1, new long[] {1, 1}, new long[] {1, 1}, 1000, CoordinatorReplicaCounts.NONE),
                raw(1, new long[] {1, 1}, new long[] {1, 1}, 1000, CoordinatorReplicaCounts.NONE)));
        assertThat(merged.coordinatorReplicas()).isEqualTo(CoordinatorReplicaCounts.NONE);
        assertThat(merged.coordinatorReplicaShare()).isEqualTo(CoordinatorReplicaShare.NEVER);
    }

    private static RawObservation raw(
            long writes, long[] reads, long[] fresh, long gapMicros, CoordinatorReplicaCounts coordinators) {
        Histogram gaps = new Histogram(ObservationTallies.HIGHEST_MICROS, 3);
        gaps.recordValue(gapMicros);
        Histogram latencies = new Histogram(ObservationTallies.HIGHEST_MICROS, 3);
        latencies.recordValue(2 * gapMicros);
        long[] lags = {2 * reads[0], 2 * reads[1]};
        return new RawObservation(
                new ObservationSettings(1, 1, 100, 20, GRID),
                writes,
                0,
                0,
                reads,
                fresh,
                lags,
                coordinators,
                false,
                gaps,
                gaps.copy(),
                latencies,
                latencies.copy(),
                ReadPathTally.none(GRID.length));
    }
}
