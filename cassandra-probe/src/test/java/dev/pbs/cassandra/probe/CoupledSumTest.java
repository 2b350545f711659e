package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
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
    void measured_keepsBothPartsDistributionsExactly() {
        double[] first = grid(100);
        double[] second = grid(200);
        List<double[]> pairs = tailTogether(2_000, 7);
        double[] firstAlone = CoupledSum.measured(first, 200, pairs).sortedSums(new double[200], 1);
        double[] secondAlone = CoupledSum.measured(new double[100], 200, pairs).sortedSums(second, 1);
        for (int k = 0; k < firstAlone.length; k++) {
            assertThat(firstAlone[k]).isEqualTo(first[k / 200]);
            assertThat(secondAlone[k]).isEqualTo(second[k / 100]);
        }
    }

    @Test
    void measured_comonotonePairs_pairTheSameLevels() {
        // Pairs whose two sides rise together: each level of one grid meets the same level of the
        // other, as a Gaussian coupling of 1 pairs them.
        List<double[]> pairs = new ArrayList<>();
        for (int index = 0; index < 1_000; index++) {
            pairs.add(new double[] {index, 3 * index + 1});
        }
        double[] first = grid(100);
        double[] second = grid(100);
        assertThat(CoupledSum.measured(first, 100, pairs).sortedSums(second, 1))
                .containsExactly(CoupledSum.of(first, 100, 1).sortedSums(second, 1));
        assertThat(CoupledSum.measured(first, 100, pairs).upperTailCoexceedance(0.95))
                .isEqualTo(1.0);
    }

    @Test
    void measured_independentPairs_comeTogetherInTheirTailsAsOftenAsChance() {
        // 4,000 independent pairs: the share of the slowest twentieth of one side that is in the
        // slowest twentieth of the other is 0.05, within 3 standard errors of its 200 pairs
        // (sqrt(0.05 x 0.95 / 200) = 0.015).
        Random random = new Random(11);
        List<double[]> pairs = new ArrayList<>();
        for (int index = 0; index < 4_000; index++) {
            pairs.add(new double[] {random.nextDouble(), random.nextDouble()});
        }
        assertThat(CoupledSum.measured(grid(100), 200, pairs).upperTailCoexceedance(0.95))
                .isCloseTo(0.05, within(0.045));
        assertThat(CoupledSum.independent(grid(100), 200).upperTailCoexceedance(0.95))
                .isCloseTo(0.05, within(1e-12));
    }

    @Test
    void measured_tailsThatStallTogether_comeTogetherMoreThanAGaussianCouplingOfTheirRankCorrelation() {
        // One pair in ten a stall of both sides, the others independent: the stalls are the
        // slowest tenth of either side, so the slowest twentieth of one side is in the slowest
        // twentieth of the other about half the time, while a Gaussian coupling of the same rank
        // correlation (about 0.3) puts it there about a fifth of the time.
        List<double[]> pairs = tailTogether(4_000, 3);
        double spearman = MessagePairs.Pairs.of(pairs, pairs.size()).spearman();
        double measured = CoupledSum.measured(grid(100), 200, pairs).upperTailCoexceedance(0.95);
        double gaussian = CoupledSum.of(grid(100), 200, spearman).upperTailCoexceedance(0.95);
        assertThat(spearman).isBetween(0.2, 0.4);
        assertThat(measured).isGreaterThan(0.4);
        assertThat(gaussian).isLessThan(0.25);
    }

    @Test
    void measured_fewPairs_areIndependent() {
        List<double[]> pairs = tailTogether(MessagePairs.FEWEST_PAIRS - 1, 5);
        assertThat(CoupledSum.measured(grid(10), 10, pairs).sortedSums(grid(10), 1))
                .containsExactly(CoupledSum.independent(grid(10), 10).sortedSums(grid(10), 1));
    }

    /** Pairs of which one in ten is a stall of both sides (10 + uniform), the others independent uniforms. */
    private static List<double[]> tailTogether(int count, long seed) {
        Random random = new Random(seed);
        List<double[]> pairs = new ArrayList<>();
        for (int index = 0; index < count; index++) {
            boolean stall = index % 10 == 0;
            pairs.add(new double[] {(stall ? 10 : 0) + random.nextDouble(), (stall ? 10 : 0) + random.nextDouble()});
        }
        return pairs;
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
