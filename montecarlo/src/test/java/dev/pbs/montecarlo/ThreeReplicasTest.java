package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.Test;

/** The branch-free N = 3 block against the definition, computed the plain way, trial by trial. */
class ThreeReplicasTest {

    @Test
    void evaluate_randomDelaysWithTies_matchesSortingAndRunningMinimum() {
        RandomGenerator random = RandomGeneratorFactory.of("L64X128MixRandom").create(3);
        int block = 256;
        double[][] write = new double[3][block];
        double[][] acknowledgement = new double[3][block];
        double[][] read = new double[3][block];
        double[][] response = new double[3][block];
        ThreeReplicas threeReplicas = new ThreeReplicas(block);
        for (int repeat = 0; repeat < 400; repeat++) {
            // The last block is partial: trials past its size must be left alone.
            int size = repeat == 399 ? 100 : block;
            for (int i = 0; i < 3; i++) {
                for (int t = 0; t < size; t++) {
                    write[i][t] = delay(random);
                    acknowledgement[i][t] = delay(random);
                    read[i][t] = delay(random);
                    response[i][t] = delay(random);
                }
            }
            threeReplicas.evaluate(write, acknowledgement, read, response, size);
            for (int t = 0; t < size; t++) {
                checkTrial(write, acknowledgement, read, response, t, threeReplicas, repeat);
            }
        }
    }

    private static void checkTrial(
            double[][] write,
            double[][] acknowledgement,
            double[][] read,
            double[][] response,
            int t,
            ThreeReplicas threeReplicas,
            int repeat) {
        double[] acknowledged = new double[3];
        double[] responded = new double[3];
        for (int i = 0; i < 3; i++) {
            acknowledged[i] = write[i][t] + acknowledgement[i][t];
            responded[i] = read[i][t] + response[i][t];
        }
        double[] sortedAcknowledged = acknowledged.clone();
        Arrays.sort(sortedAcknowledged);
        Integer[] responders = {0, 1, 2};
        Arrays.sort(
                responders,
                Comparator.comparingDouble((Integer i) -> responded[i]).thenComparing(i -> i));
        double smallest = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 3; k++) {
            int replica = responders[k];
            smallest = Math.min(smallest, write[replica][t] - read[replica][t]);
            assertThat(threeReplicas.smallestGap[k][t])
                    .as("block %d, trial %d, first %d responders", repeat, t, k + 1)
                    .isEqualTo(smallest);
            assertThat(threeReplicas.readLatency[k][t]).isEqualTo(responded[replica]);
            assertThat(threeReplicas.commit[k][t]).isEqualTo(sortedAcknowledged[k]);
        }
    }

    /** Delays with frequent exact ties, as constant profiles produce. */
    private static double delay(RandomGenerator random) {
        int kind = random.nextInt(4);
        return kind == 0 ? 1.0 : kind == 1 ? 2.0 : random.nextDouble() * 5;
    }
}
