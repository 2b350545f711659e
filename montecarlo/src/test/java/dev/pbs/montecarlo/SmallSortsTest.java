package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.Test;

/** Every size path of {@link SmallSorts}: N = 3, the network (up to 8) and the JDK sort above. */
class SmallSortsTest {

    @Test
    void sortInto_everySizeUpTo40_matchesArraysSort() {
        RandomGenerator random = RandomGeneratorFactory.of("L64X128MixRandom").create(1);
        for (int n = 1; n <= 40; n++) {
            for (int repeat = 0; repeat < 200; repeat++) {
                double[] values = randomTimes(random, n);
                double[] sorted = new double[n];
                SmallSorts.sortInto(values, sorted, n);
                double[] expected = values.clone();
                Arrays.sort(expected);
                assertThat(sorted).as("n=%d %s", n, Arrays.toString(values)).containsExactly(expected);
            }
        }
    }

    @Test
    void sortWithPayloadInto_everySizeUpTo40_keepsEachPayloadWithItsKey() {
        RandomGenerator random = RandomGeneratorFactory.of("L64X128MixRandom").create(2);
        for (int n = 1; n <= 40; n++) {
            for (int repeat = 0; repeat < 200; repeat++) {
                double[] keys = randomTimes(random, n);
                double[] payload = new double[n];
                for (int i = 0; i < n; i++) {
                    payload[i] = keys[i] * 3 - 7; // a function of the key, so pairs can be checked
                }
                double[] sortedKeys = new double[n];
                double[] sortedPayload = new double[n];
                SmallSorts.sortWithPayloadInto(keys, payload, sortedKeys, sortedPayload, n, new long[n]);
                double[] expected = keys.clone();
                Arrays.sort(expected);
                assertThat(sortedKeys).as("n=%d", n).containsExactly(expected);
                for (int k = 0; k < n; k++) {
                    assertThat(sortedPayload[k]).isEqualTo(sortedKeys[k] * 3 - 7);
                }
            }
        }
    }

    /** Non-negative times with some ties and zeros, as constant delays produce. */
    private static double[] randomTimes(RandomGenerator random, int n) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            int kind = random.nextInt(10);
            values[i] = kind == 0 ? 0.0 : kind == 1 ? 5.0 : random.nextDouble() * 100;
        }
        return values;
    }
}
