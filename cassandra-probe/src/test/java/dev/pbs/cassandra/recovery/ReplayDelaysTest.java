package dev.pbs.cassandra.recovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.cassandra.recovery.ReplayDelays.Appearance;
import dev.pbs.model.distribution.LatencyDistribution;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayDelaysTest {

    private static final String NODE_1 = "127.0.0.1";
    private static final String NODE_2 = "127.0.0.2";

    /** Three writes that appeared at 1, 2 and 3 s (each between a miss and a find 200 ms apart), one never. */
    private static ReplayDelays threeAppearedOneNever() {
        return new ReplayDelays(
                List.of(
                        new Appearance(NODE_1, 2_900, 3_100),
                        new Appearance(NODE_2, 900, 1_100),
                        new Appearance(NODE_1, 1_900, 2_100)),
                1,
                10_000);
    }

    @Test
    void delay_foundAtFirstRead_isZero() {
        Appearance appearance = Appearance.atFirstRead(NODE_1, 350);

        assertThat(appearance.foundAtFirstRead()).isTrue();
        assertThat(appearance.delayMillis()).isZero();
        assertThat(appearance.uncertaintyMillis()).isEqualTo(350);
    }

    @Test
    void delay_missedThenFound_isTheMiddleOfTheInterval() {
        Appearance appearance = new Appearance(NODE_1, 4_000, 4_600);

        assertThat(appearance.foundAtFirstRead()).isFalse();
        assertThat(appearance.delayMillis()).isEqualTo(4_300);
        assertThat(appearance.uncertaintyMillis()).isEqualTo(600);
    }

    @Test
    void delay_missSentBeforeTheReturn_isNotNegative() {
        // A read sent just before the return and answered after it (the port polled late).
        assertThat(new Appearance(NODE_1, -300, 100).delayMillis()).isZero();
    }

    @Test
    void appearance_foundBeforeItWasMissed_isRefused() {
        assertThatThrownBy(() -> new Appearance(NODE_1, 500, 400))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must come before the first that found it");
        assertThatThrownBy(() -> new Appearance(NODE_1, 0, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("finite time >= 0 ms");
    }

    @Test
    void delaysMillis_areAscending() {
        assertThat(threeAppearedOneNever().delaysMillis()).containsExactly(1_000, 2_000, 3_000);
    }

    @Test
    void percentile_nearestRank_countsTheWritesThatNeverAppearedAtTheDeadline() {
        ReplayDelays delays = threeAppearedOneNever();

        assertThat(delays.writes()).isEqualTo(4);
        assertThat(delays.percentileMillis(25)).isEqualTo(1_000);
        assertThat(delays.percentileMillis(50)).isEqualTo(2_000);
        assertThat(delays.percentileMillis(75)).isEqualTo(3_000);
        assertThat(delays.percentileMillis(90)).isEqualTo(10_000);
        assertThat(delays.percentileMillis(100)).isEqualTo(10_000);
    }

    @Test
    void distribution_cumulativeProbability_isTheFractionOfEveryWriteAppearedBy() {
        LatencyDistribution distribution = threeAppearedOneNever().distribution();

        // Microsecond buckets, three significant digits: a bucket spans at most 0.1% of its value.
        assertThat(distribution.cumulativeProbability(999)).isZero();
        assertThat(distribution.cumulativeProbability(1_500)).isCloseTo(0.25, within(1e-12));
        assertThat(distribution.cumulativeProbability(2_500)).isCloseTo(0.5, within(1e-12));
        assertThat(distribution.cumulativeProbability(9_000)).isCloseTo(0.75, within(1e-12));
        assertThat(distribution.cumulativeProbability(10_100)).isEqualTo(1.0);
    }

    @Test
    void foundAtFirstRead_andMedianUncertainty_countTheWritesAsTheyWereRead() {
        ReplayDelays delays = new ReplayDelays(
                List.of(
                        Appearance.atFirstRead(NODE_1, 100),
                        Appearance.atFirstRead(NODE_1, 300),
                        new Appearance(NODE_1, 1_000, 1_400)),
                0,
                5_000);

        assertThat(delays.foundAtFirstRead()).isEqualTo(2);
        // Widths 100, 300 and 400 ms.
        assertThat(delays.medianUncertaintyMillis()).isEqualTo(300);
        // The delays of 0 fill the histogram's first bucket, [0, 1) us.
        assertThat(delays.distribution().cumulativeProbability(0.001)).isCloseTo(2.0 / 3, within(1e-12));
    }

    @Test
    void new_noWriteOrBadDeadline_isRefused() {
        assertThatThrownBy(() -> new ReplayDelays(List.of(), 0, 1_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no write was measured");
        assertThatThrownBy(() -> new ReplayDelays(List.of(), 1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the deadline must be finite and above 0 ms, was 0.0");
        assertThatThrownBy(() -> new ReplayDelays(List.of(), -1, 1_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("writes that never appeared must be >= 0, was -1");
    }

    @Test
    void byCoordinator_writesOfTwoCoordinators_givesEachItsCountAndRange() {
        ReplayDelays delays = new ReplayDelays(
                List.of(
                        Appearance.atFirstRead(NODE_2, 600),
                        new Appearance(NODE_1, 6_000, 6_400),
                        Appearance.atFirstRead(NODE_2, 700),
                        new Appearance(NODE_1, 6_400, 7_000)),
                0,
                120_000);

        assertThat(delays.byCoordinator())
                .containsExactly(
                        org.assertj.core.api.Assertions.entry(
                                NODE_1, new ReplayDelays.CoordinatorDelays(2, 0, 6_200, 6_700)),
                        org.assertj.core.api.Assertions.entry(NODE_2, new ReplayDelays.CoordinatorDelays(2, 2, 0, 0)));
    }

    @Test
    void pooled_twoMeasurements_keepsEveryWriteAndTheShorterDeadline() {
        ReplayDelays first = new ReplayDelays(List.of(new Appearance(NODE_1, 1_000, 1_200)), 1, 60_000);
        ReplayDelays second = new ReplayDelays(
                List.of(new Appearance(NODE_2, 4_000, 4_400), new Appearance(NODE_1, 69_000, 71_000)), 0, 120_000);

        ReplayDelays pooled = ReplayDelays.pooled(List.of(first, second));

        // The write found at 70 s lies beyond the shorter deadline, 60 s: it counts there, as one never found.
        assertThat(pooled.deadlineMillis()).isEqualTo(60_000);
        assertThat(pooled.appeared()).hasSize(2);
        assertThat(pooled.neverAppeared()).isEqualTo(2);
        assertThat(pooled.delaysMillis()).containsExactly(1_100, 4_200);
        assertThatThrownBy(() -> ReplayDelays.pooled(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no measurement to pool");
    }
}
