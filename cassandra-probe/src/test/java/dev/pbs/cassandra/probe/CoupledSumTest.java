package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** The client's part plus the coordinator's, coupled by a Gaussian copula on their quantile grids. */
class CoupledSumTest {

    @Test
    void independent_sumsEveryPairOfLevels() {
        double[] sums = CoupledSum.independent(new double[] {1, 2, 3}, 3).sortedSums(new double[] {0, 10, 20}, 1);
        assertThat(sums).containsExactly(1, 2, 3, 11, 12, 13, 21, 22, 23);
    }

    @Test
    void coupled_keepsBothPartsDistributionsExactly() {
        // With the other part 0, the sums are one part's levels, each as often as the other grid
        // has levels: no level is favoured by the coupling.
        double[] first = grid(100);
        double[] second = grid(200);
        CoupledSum coupled = CoupledSum.of(first, 200, 0.7);
        double[] firstAlone = coupled.sortedSums(new double[200], 1);
        double[] secondAlone = CoupledSum.of(new double[100], 200, 0.7).sortedSums(second, 1);
        for (int k = 0; k < firstAlone.length; k++) {
            assertThat(firstAlone[k]).isEqualTo(first[k / 200]);
            assertThat(secondAlone[k]).isEqualTo(second[k / 100]);
        }
    }

    @Test
    void comonotone_pairsTheSameLevels_soItsQuantilesAdd() {
        double[] first = grid(100);
        double[] second = new double[100];
        for (int level = 0; level < second.length; level++) {
            second[level] = 3 * first[level] + 1;
        }
        double[] sums = CoupledSum.of(first, 100, 1).sortedSums(second, 1);
        for (int k = 0; k < sums.length; k++) {
            assertThat(sums[k]).isCloseTo(4 * first[k / 100] + 1, within(1e-12));
        }
    }

    @Test
    void coupled_standardNormals_haveTheVarianceOfTheirCorrelation() {
        // Z1 + Z2 with correlation rho has variance 2 + 2 rho; independent, 2.
        double[] normal = normalGrid(100);
        for (double rho : new double[] {0, 0.3, 0.7}) {
            double[] sums = CoupledSum.of(normal, 100, rho).sortedSums(normal, 1);
            double mean = Arrays.stream(sums).average().orElseThrow();
            double variance = Arrays.stream(sums)
                    .map(x -> (x - mean) * (x - mean))
                    .average()
                    .orElseThrow();
            // The grids' own variance is a little under 1 (mid-points of slices).
            double gridVariance =
                    Arrays.stream(normal).map(x -> x * x).average().orElseThrow();
            assertThat(variance).as("rho %s", rho).isCloseTo((2 + 2 * rho) * gridVariance, within(0.03));
        }
    }

    @Test
    void coupled_isTheSameEveryTime() {
        double[] normal = normalGrid(100);
        assertThat(CoupledSum.of(normal, 100, 0.5).sortedSums(normal, 2))
                .containsExactly(CoupledSum.of(normal, 100, 0.5).sortedSums(normal, 2));
    }

    @Test
    void badCouplings_areRefusedWithTheirValue() {
        assertThatThrownBy(() -> CoupledSum.of(grid(3), 3, 1.5)).hasMessageContaining("within [0, 1], not 1.5");
        assertThatThrownBy(() -> CoupledSum.of(grid(3), 3, Double.NaN)).hasMessageContaining("NaN");
        assertThatThrownBy(() -> CoupledSum.of(new double[0], 3, 0)).hasMessageContaining("at least one level");
        assertThatThrownBy(() -> CoupledSum.independent(grid(3), 3).sortedSums(grid(4), 1))
                .hasMessageContaining("expected 3 quantiles");
    }

    private static double[] grid(int levels) {
        double[] values = new double[levels];
        for (int level = 0; level < levels; level++) {
            values[level] = level + 0.5;
        }
        return values;
    }

    private static double[] normalGrid(int levels) {
        NormalDistribution normal = NormalDistribution.of(0, 1);
        double[] values = new double[levels];
        for (int level = 0; level < levels; level++) {
            values[level] = normal.inverseCumulativeProbability((level + 0.5) / levels);
        }
        return values;
    }
}
