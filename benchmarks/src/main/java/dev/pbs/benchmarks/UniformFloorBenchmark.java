package dev.pbs.benchmarks;

import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor: one thread merely drawing 4N uniform doubles per trial (N = 3) from a generator
 * (SplittableRandom, the cheapest sound one the JDK has; the engine's; the engine's former one),
 * summed so nothing is optimised away. Nanoseconds per trial, comparable with
 * {@link EngineBenchmark}.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar -f 3 -wi 3 -i 5 UniformFloorBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class UniformFloorBenchmark {

    static final int TRIALS = EngineBenchmark.TRIALS;

    @Param({"SplittableRandom", "Xoroshiro128PlusPlus", "L64X128MixRandom"})
    public String generator;

    @Param({"3"})
    public int replicas;

    @Benchmark
    @OperationsPerInvocation(TRIALS)
    public double drawUniforms() {
        RandomGenerator random = RandomGeneratorFactory.of(generator).create(42);
        int draws = 4 * replicas;
        double sum = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            for (int k = 0; k < draws; k++) {
                sum += random.nextDouble();
            }
        }
        return sum;
    }
}
