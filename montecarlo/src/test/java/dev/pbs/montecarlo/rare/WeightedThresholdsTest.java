package dev.pbs.montecarlo.rare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The weighted histogram's layout, its estimates and its windows by test inversion, on hand-made trials. */
class WeightedThresholdsTest {

    @Test
    void positionOf_layout_isTheEnginesWithTwoPositionsInFront() {
        assertThat(WeightedThresholds.positionOf(-1)).isEqualTo(WeightedThresholds.AT_ONCE);
        assertThat(WeightedThresholds.positionOf(0)).isEqualTo(WeightedThresholds.AT_ONCE);
        assertThat(WeightedThresholds.positionOf(1e-7)).isEqualTo(1);
        assertThat(WeightedThresholds.positionOf(0x1p23)).isEqualTo(WeightedThresholds.BEYOND);
        assertThat(WeightedThresholds.positionOf(Double.POSITIVE_INFINITY)).isEqualTo(WeightedThresholds.BEYOND);
        for (int bucket = 0; bucket < WeightedThresholds.BUCKETS; bucket += 97) {
            double low = WeightedThresholds.lowerBound(bucket);
            double high = WeightedThresholds.lowerBound(bucket + 1);
            assertThat(WeightedThresholds.positionOf(low)).isEqualTo(bucket + 2);
            assertThat(WeightedThresholds.positionOf(Math.nextDown(high))).isEqualTo(bucket + 2);
            assertThat(high / low - 1).isLessThanOrEqualTo(0x1p-10);
        }
    }

    @Test
    void importanceEstimate_twoWeightsOfTwoInFourTrials_followsTheFormulas() {
        ImportanceEstimate estimate = ImportanceEstimate.of(4, 8, 4);

        // X = (2, 2, 0, 0): mean 1, sample variance (8 - 4 * 1) / 3 = 4/3, SE = sqrt(4/3 / 4).
        assertThat(estimate.estimate()).isEqualTo(1.0);
        assertThat(estimate.standardError()).isCloseTo(Math.sqrt(1.0 / 3), within(1e-15));
        assertThat(estimate.effectiveSampleSize()).isEqualTo(2.0);
        assertThat(estimate.lower()).isZero();
        assertThat(estimate.upper()).isCloseTo(1 + 1.959963984540054 * Math.sqrt(1.0 / 3), within(1e-12));
    }

    @Test
    void importanceEstimate_nothingObserved_hasAnUnknownUpperEnd() {
        ImportanceEstimate estimate = ImportanceEstimate.of(0, 0, 1000);

        assertThat(estimate.observed()).isFalse();
        assertThat(estimate.estimate()).isZero();
        assertThat(estimate.upper()).isNaN();
        assertThat(estimate.relativeHalfWidth()).isInfinite();
    }

    @Test
    void window_tenStaleTrialsInAThousand_invertsTheTestsAtTheRightPositions() {
        WeightedThresholds thresholds = new WeightedThresholds(1);
        for (int trial = 0; trial < 990; trial++) {
            thresholds.add(WeightedThresholds.AT_ONCE, -1, 1);
        }
        int fiveMillis = WeightedThresholds.positionOf(5);
        for (int trial = 0; trial < 10; trial++) {
            thresholds.add(fiveMillis, 1, 1);
        }

        // P(stale at 0) = 0.01 exactly meets 1 - 0.99: the window is 0.
        assertThat(thresholds.window(0.99, 1000, 0.1).window().valueMillis()).isZero();
        ImportanceWindow window = thresholds.window(0.995, 1000, 0.1);
        // 0.01 > 0.005 until 5 ms, 0 after: the window is 5 ms's bucket; P(stale at 0)'s interval,
        // 0.01 +- 1.96 sqrt(9.9 / 999 / 1000) = [0.0038, 0.0162], reaches below 0.005 at once.
        assertThat(window.window().valueMillis()).isBetween(5.0, 5.0 * (1 + 0x1p-10));
        assertThat(window.window().lowerMillis()).isZero();
        assertThat(window.window().upperMillis()).isBetween(5.0, 5.0 * (1 + 0x1p-9));
        assertThat(window.staleBefore().estimate()).isEqualTo(0.01);
        assertThat(window.resolved()).isFalse();
        assertThat(thresholds.staleAtGridTime(0, 1000).estimate()).isEqualTo(0.01);
        assertThat(thresholds.staleAt(5, 1000).estimate()).isZero();
        assertThat(thresholds.staleAt(4.9, 1000).estimate()).isEqualTo(0.01);
    }

    @Test
    void window_beyondTheRange_isInfinite() {
        WeightedThresholds thresholds = new WeightedThresholds(0);
        thresholds.add(WeightedThresholds.AT_ONCE, -1, 1);
        thresholds.add(WeightedThresholds.BEYOND, 0, 1);

        ImportanceWindow window = thresholds.window(0.9, 2, 0.1);

        assertThat(window.window().isBeyondRange()).isTrue();
        assertThat(window.window().upperMillis()).isInfinite();
    }
}
