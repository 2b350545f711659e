package dev.pbs.benchmarks;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * The engine's floor, to time against {@code ./pbs predict} back to back: one thread drawing 4N =
 * 12 uniform doubles per trial for the given number of trials from the given generator (by
 * default {@code SplittableRandom}, the cheapest statistically sound generator the JDK has), and
 * printing the loop's time in seconds, then the draws' mean so that nothing is optimised away.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.pbs.benchmarks.UniformFloorProcess
 * 50000000 [generator]}
 */
public final class UniformFloorProcess {

    private static final int DRAWS_PER_TRIAL = 12;

    private UniformFloorProcess() {}

    public static void main(String[] arguments) {
        long trials = arguments.length > 0 ? Long.parseLong(arguments[0].replace("_", "")) : 50_000_000L;
        String generator = arguments.length > 1 ? arguments[1] : "SplittableRandom";
        RandomGenerator random = RandomGeneratorFactory.of(generator).create(42);
        long start = System.nanoTime();
        double sum = 0;
        for (long trial = 0; trial < trials; trial++) {
            for (int draw = 0; draw < DRAWS_PER_TRIAL; draw++) {
                sum += random.nextDouble();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("%.3f%n%s%n", seconds, sum / (trials * DRAWS_PER_TRIAL));
    }
}
