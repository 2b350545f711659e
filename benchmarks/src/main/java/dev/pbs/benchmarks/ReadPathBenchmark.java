package dev.pbs.benchmarks;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ReadFanout;
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
 * Cassandra's read path in the engine, one thread: lnkd-disk, N = 3, all 9 (R, W), targeted reads
 * plain, with speculative retry at the 99th percentile (its pilot run included), with blocking
 * read repair (counted at the 11 default grid times), with the dynamic snitch, and with each
 * operation's messages correlated (0.7 between replicas, {@code MessageCorrelation}). Nanoseconds per
 * trial; compare with {@link EngineBenchmark} at one thread (fan-out all).
 *
 * <p>Run: {@code mvn -q -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar -f 2 -wi 3 -i 5 -w 2 -r 2 'ReadPathBenchmark|EngineBenchmark.*threads=1'}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class ReadPathBenchmark {

    static final int TRIALS = 4_000_000;

    @Param({"targeted", "speculation99p", "readRepair", "snitch", "correlated"})
    public String variant;

    private SimulationSpec spec;
    private final WarsEngine engine = new WarsEngine();

    @Setup
    public void prepare() {
        LatencyProfile profile = BuiltInProfiles.named("lnkd-disk").orElseThrow();
        if (variant.equals("correlated")) {
            profile = profile.toBuilder()
                    .messageCorrelation(new MessageCorrelation(0.7, 0.5, 0.7, 0.5))
                    .build();
        }
        SimulationSpec.Builder builder = SimulationSpec.builder(profile, 3)
                .trials(TRIALS)
                .seed(42)
                .threads(1)
                .readFanout(ReadFanout.TARGETED);
        switch (variant) {
            case "targeted" -> {}
            case "speculation99p" -> builder.speculativeRetry(SpeculativeRetry.parse("99p"));
            case "readRepair" -> builder.readRepair(ReadRepair.BLOCKING);
            case "snitch" -> builder.replicaChoice(ReplicaChoice.snitch(ReplicaChoice.CASSANDRA_BADNESS_THRESHOLD));
            case "correlated" -> {}
            default -> throw new IllegalArgumentException("unknown variant " + variant);
        }
        spec = builder.build();
        engine.run(SimulationSpec.builder(spec.profile(), 3).trials(1000).build());
    }

    @Benchmark
    @OperationsPerInvocation(TRIALS)
    public SimulationResult allConfigurations() {
        return engine.run(spec);
    }
}
