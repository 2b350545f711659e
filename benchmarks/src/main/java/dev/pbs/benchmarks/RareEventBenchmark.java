package dev.pbs.benchmarks;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.rare.RareEventEstimator;
import dev.pbs.montecarlo.rare.RareEventResult;
import dev.pbs.montecarlo.rare.RareEventSpec;
import dev.pbs.montecarlo.rare.RareEventTarget;
import java.time.Duration;
import java.util.List;
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
 * The rare-event estimator's cost per importance-sampled trial: lnkd-disk, N = 3, the three partial
 * (R, W) of N = 3 with a window each at p = 0.999999 (what {@code ./pbs predict --all --windows
 * 0.999999} asks), a precision no run reaches so that every invocation runs its whole budget.
 * Reported as nanoseconds per trial (lower is better); compare with {@code EngineBenchmark}.
 *
 * <p>Run: {@code mvn -q -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar -f 1 -wi 2 -i 5 'RareEventBenchmark|EngineBenchmark' -p threads=1}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class RareEventBenchmark {

    static final int TRIALS = 2_000_000;

    @Param({"1", "2"})
    public int threads;

    @Param({"lnkd-disk"})
    public String profile;

    private RareEventSpec spec;
    private final RareEventEstimator estimator = new RareEventEstimator();

    @Setup
    public void prepare() {
        SimulationSpec simulation = SimulationSpec.builder(
                        BuiltInProfiles.named(profile).orElseThrow(), 3)
                .seed(42)
                .threads(threads)
                .build();
        List<RareEventTarget> targets = simulation.configurations().stream()
                .filter(configuration -> !configuration.isStrict())
                .map(configuration -> (RareEventTarget) new RareEventTarget.Window(configuration, 0.999999))
                .toList();
        spec = RareEventSpec.of(simulation, targets).withRelativeHalfWidth(1e-6).withBudget(TRIALS, Duration.ZERO);
        estimator.run(RareEventSpec.of(simulation, targets).withBudget(100_000, Duration.ZERO));
    }

    @Benchmark
    @OperationsPerInvocation(TRIALS)
    public RareEventResult sixNinesWindows() {
        return estimator.run(spec);
    }
}
