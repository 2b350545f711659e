package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.Test;

/** The branch-free N = 3 trial against the definition, computed the plain way. */
class ThreeReplicasTest {

    @Test
    void evaluate_randomDelaysWithTies_matchesSortingAndRunningMinimum() {
        RandomGenerator random = RandomGeneratorFactory.of("L64X128MixRandom").create(3);
        double[][] write = new double[3][1];
        double[][] acknowledgement = new double[3][1];
        double[][] read = new double[3][1];
        double[][] response = new double[3][1];
        double[] commit = new double[3];
        double[] readLatency = new double[3];
        double[] smallestGap = new double[3];
        for (int repeat = 0; repeat < 100_000; repeat++) {
            for (int i = 0; i < 3; i++) {
                write[i][0] = delay(random);
                acknowledgement[i][0] = delay(random);
                read[i][0] = delay(random);
                response[i][0] = delay(random);
            }
            ThreeReplicas.evaluate(write, acknowledgement, read, response, 0, commit, readLatency, smallestGap);

            double[] acknowledged = new double[3];
            double[] responded = new double[3];
            for (int i = 0; i < 3; i++) {
                acknowledged[i] = write[i][0] + acknowledgement[i][0];
                responded[i] = read[i][0] + response[i][0];
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
                smallest = Math.min(smallest, write[replica][0] - read[replica][0]);
                assertThat(smallestGap[k])
                        .as("repeat %d, first %d responders", repeat, k + 1)
                        .isEqualTo(smallest);
                assertThat(readLatency[k]).isEqualTo(responded[replica]);
                assertThat(commit[k]).isEqualTo(sortedAcknowledged[k]);
            }
        }
    }

    /** Delays with frequent exact ties, as constant profiles produce. */
    private static double delay(RandomGenerator random) {
        int kind = random.nextInt(4);
        return kind == 0 ? 1.0 : kind == 1 ? 2.0 : random.nextDouble() * 5;
    }
}
