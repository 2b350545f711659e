package dev.pbs.benchmarks;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.OutageProcess;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
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
 * Faulty replicas in the engine, one thread: lnkd-disk, N = 3, all 9 (R, W), targeted reads, with
 * healthy replicas (the same run's baseline: the targeted engine without faults), replica 3 pausing
 * 200 ms every 2 s, down 20 s after a mean hour up (hints replayed 5 s after its return), or both.
 * Nanoseconds per trial.
 *
 * <p>Run: {@code mvn -q -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar -f 1 -wi 2 -i 5 -w 2 -r 2 FaultBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class FaultBenchmark {

    static final int TRIALS = 4_000_000;

    @Param({"healthy", "pauses", "outages", "both"})
    public String variant;

    private SimulationSpec spec;
    private final WarsEngine engine = new WarsEngine();

    @Setup
    public void prepare() {
        PauseProcess pauses = new PauseProcess(Constant.of(1800), Constant.of(200));
        OutageProcess outages = new OutageProcess(
                Exponential.ofMean(3_600_000),
                Constant.of(20_000),
                OutageProcess.DEFAULT_HINT_WINDOW_MILLIS,
                Constant.of(5_000));
        Faults faults = switch (variant) {
            case "healthy" -> Faults.NONE;
            case "pauses" -> new Faults(pauses, null, List.of(2));
            case "outages" -> new Faults(null, outages, List.of(2));
            case "both" -> new Faults(pauses, outages, List.of(2));
            default -> throw new IllegalArgumentException("unknown variant " + variant);
        };
        LatencyProfile profile = BuiltInProfiles.named("lnkd-disk").orElseThrow().toBuilder()
                .faults(faults)
                .build();
        spec = SimulationSpec.builder(profile, 3)
                .trials(TRIALS)
                .seed(42)
                .threads(1)
                .readFanout(ReadFanout.TARGETED)
                .build();
        engine.run(SimulationSpec.builder(profile, 3)
                .trials(1000)
                .readFanout(ReadFanout.TARGETED)
                .build());
    }

    @Benchmark
    @OperationsPerInvocation(TRIALS)
    public SimulationResult allConfigurations() {
        return engine.run(spec);
    }
}
