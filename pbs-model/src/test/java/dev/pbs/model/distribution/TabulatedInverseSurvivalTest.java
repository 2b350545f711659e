package dev.pbs.model.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link LatencyDistribution#tabulatedInverseSurvival} must reproduce the exact inverse survival
 * function to the sampling tables' accuracy, for every kind of distribution (relative 1e-5, or 2 ns) from v = 1 down to v = 2^-70:
 * through the sampling table, the deep-tail table (2^-64 to 2^-32) and the exact function below.
 */
class TabulatedInverseSurvivalTest {

    private static final double RELATIVE_ERROR = 1e-5;
    private static final double ABSOLUTE_ERROR_MILLIS = 2e-6;
    private static final int POINTS = 7_000;

    static List<DistributionCases.Case> distributions() {
        return DistributionCases.ALL;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void tabulatedInverseSurvival_logSpacedFrom2ToTheMinus70To1_withinTheTablesError(DistributionCases.Case named) {
        LatencyDistribution distribution = named.distribution();
        for (int k = 0; k <= POINTS; k++) {
            double v = Math.pow(2, -70.0 * k / POINTS);
            double exact = distribution.inverseSurvivalProbability(v);
            double tabulated = distribution.tabulatedInverseSurvival(v);
            assertThat(Math.abs(tabulated - exact))
                    .as("%s at v = %s: tabulated %s, exact %s", named, v, tabulated, exact)
                    .isLessThanOrEqualTo(RELATIVE_ERROR * exact + ABSOLUTE_ERROR_MILLIS);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void tabulatedInverseSurvival_atTheTablesBoundaries_withinTheTablesError(DistributionCases.Case named) {
        LatencyDistribution distribution = named.distribution();
        for (double v : new double[] {1.0, 0x1p-32, Math.nextDown(0x1p-32), 0x1p-64, Math.nextDown(0x1p-64)}) {
            double exact = distribution.inverseSurvivalProbability(v);
            assertThat(Math.abs(distribution.tabulatedInverseSurvival(v) - exact))
                    .as("%s at v = %s", named, v)
                    .isLessThanOrEqualTo(RELATIVE_ERROR * exact + ABSOLUTE_ERROR_MILLIS);
        }
    }
}
