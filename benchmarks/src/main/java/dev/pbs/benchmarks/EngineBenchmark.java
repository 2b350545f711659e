package dev.pbs.benchmarks;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The whole engine: lnkd-disk, N = 3, all 9 (R, W) on the same draws, full t-visibility grid,
 * thresholds and latency histograms. Reported as nanoseconds per trial (lower is better).
 *
 * <p>Run: {@code mvn -q -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar -f 3 -wi 3 -i 5 'EngineBenchmark|UniformFloorBenchmark'}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class EngineBenchmark {

    static final int TRIALS = 4_000_000;

    @Param({"1", "2"})
    public int threads;

    @Param({"lnkd-disk"})
    public String profile;

    private SimulationSpec spec;
    private final WarsEngine engine = new WarsEngine();

    @Setup
    public void prepare() {
        spec = SimulationSpec.builder(BuiltInProfiles.named(profile).orElseThrow(), 3)
                .trials(TRIALS)
                .seed(42)
                .threads(threads)
                .build();
        engine.run(SimulationSpec.builder(spec.profile(), 3).trials(1000).build());
    }

    @Benchmark
    @OperationsPerInvocation(TRIALS)
    public SimulationResult allConfigurations() {
        return engine.run(spec);
    }
}
