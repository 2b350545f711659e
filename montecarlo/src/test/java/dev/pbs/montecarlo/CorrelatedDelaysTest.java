package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The block coupling: the same draws, given to other trials, in the order of correlated scores. */
class CorrelatedDelaysTest {

    @Test
    void couple_keepsTheBlocksDrawsAndCorrelatesTheirRanks() {
        SplittableRandom random = new SplittableRandom(5);
        CorrelatedDelays coupling = new CorrelatedDelays(256);
        double loading = Math.sqrt(0.6);
        double sumProducts = 0;
        int pairs = 0;
        for (int block = 0; block < 400; block++) {
            double[] first = new double[256];
            double[] second = new double[256];
            for (int trial = 0; trial < 256; trial++) {
                first[trial] = random.nextDouble();
                second[trial] = random.nextDouble();
            }
            double[] before = first.clone();
            coupling.drawShared(random, 256);
            coupling.couple(first, 256, loading, random);
            coupling.couple(second, 256, loading, random);
            double[] after = first.clone();
            Arrays.sort(before);
            Arrays.sort(after);
            assertThat(after).containsExactly(before);
            for (int trial = 0; trial < 256; trial++) {
                // uniform draws: the ranks' correlation is that of the values, centred at 1/2
                sumProducts += (first[trial] - 0.5) * (second[trial] - 0.5);
                pairs++;
            }
        }
        double spearman = sumProducts / pairs * 12;
        // normal scores correlating 0.6 have a Spearman correlation of (6 / pi) arcsin(0.3) = 0.582
        assertThat(spearman).isCloseTo(6 / Math.PI * Math.asin(0.3), within(0.02));
    }

    @Test
    void couple_atLoadingZero_changesNothing() {
        SplittableRandom random = new SplittableRandom(7);
        CorrelatedDelays coupling = new CorrelatedDelays(16);
        double[] column = {5, 3, 9, 1};
        coupling.drawShared(random, 4);
        coupling.couple(column, 4, 0, random);
        assertThat(column).containsExactly(5, 3, 9, 1);
    }
}
