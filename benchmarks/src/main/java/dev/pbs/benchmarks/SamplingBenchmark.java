package dev.pbs.benchmarks;

import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.profile.BuiltInProfiles;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.apache.commons.statistics.distribution.ContinuousDistribution;
import org.apache.commons.statistics.distribution.ExponentialDistribution;
import org.apache.commons.statistics.distribution.ParetoDistribution;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Why the model samples through its own quantile table: one delay from the paper's lnkd-disk
 * write mixture (38% Pareto, 62% exponential), by the table, and by Commons Statistics' own
 * samplers after choosing a component. Nanoseconds per delay.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar -f 2 SamplingBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class SamplingBenchmark {

    static final int BLOCK = 256;

    private final double[] out = new double[BLOCK];
    private LatencySampler table;
    private ContinuousDistribution.Sampler pareto;
    private ContinuousDistribution.Sampler exponential;
    private RandomGenerator random;

    @Setup
    public void prepare() {
        random = RandomGeneratorFactory.of("L64X128MixRandom").create(42);
        LatencyDistribution write = BuiltInProfiles.LINKEDIN_DISK_WRITE;
        table = write.sampler(random);
        // Commons RNG's UniformRandomProvider is a functional interface over nextLong.
        pareto = ParetoDistribution.of(1.05, 1.51).createSampler(random::nextLong);
        exponential = ExponentialDistribution.of(1 / 0.183).createSampler(random::nextLong);
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK)
    public double[] quantileTable() {
        table.fill(out, 0, BLOCK);
        return out;
    }

    @Benchmark
    @OperationsPerInvocation(BLOCK)
    public double[] commonsStatisticsSamplers() {
        for (int i = 0; i < BLOCK; i++) {
            out[i] = random.nextDouble() < 0.38 ? pareto.sample() : exponential.sample();
        }
        return out;
    }
}
