package dev.pbs.benchmarks;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * The engine's floor as a whole process, to time against {@code ./pbs predict} back to back: one
 * thread drawing 4N = 12 uniform doubles per trial from the engine's generator (L64X128MixRandom),
 * for the given number of trials, and printing their sum so nothing is optimised away.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.pbs.benchmarks.UniformFloorProcess 50000000}
 */
public final class UniformFloorProcess {

    private static final int DRAWS_PER_TRIAL = 12;

    private UniformFloorProcess() {}

    public static void main(String[] arguments) {
        long trials = arguments.length > 0 ? Long.parseLong(arguments[0].replace("_", "")) : 50_000_000L;
        RandomGenerator random = RandomGeneratorFactory.of("L64X128MixRandom").create(42);
        double sum = 0;
        for (long trial = 0; trial < trials; trial++) {
            for (int draw = 0; draw < DRAWS_PER_TRIAL; draw++) {
                sum += random.nextDouble();
            }
        }
        System.out.println(sum / (trials * DRAWS_PER_TRIAL));
    }
}
