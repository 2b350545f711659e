package dev.pbs.benchmarks;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.montecarlo.LevelSimulationResult;
import dev.pbs.montecarlo.LevelSimulationSpec;
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
 * Datacenters and consistency levels in the engine, one thread: ec2-three-regions (three regions of
 * three replicas, N = 9), with the write coordinated in us-east and the read in us-east or us-west.
 * Nanoseconds per trial; compare with {@link EngineBenchmark} (N = 3, one datacenter) in the same
 * run.
 *
 * <ul>
 *   <li>{@code local}: LOCAL_QUORUM writes, LOCAL_ONE and LOCAL_QUORUM reads, both in us-east;
 *   <li>{@code cross}: the same levels, reads in us-west;
 *   <li>{@code every}: all 8 x 8 level pairs, reads in us-east and us-west (128 configurations on
 *       the same draws, as {@code ./pbs predict --levels all} with two read datacenters).
 * </ul>
 *
 * <p>Run: {@code mvn -q -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar -f 1 -wi 2 -i 5 -w 2 -r 2 'DatacenterBenchmark|EngineBenchmark' -p threads=1}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class DatacenterBenchmark {

    static final int TRIALS = 1_000_000;

    @Param({"local", "cross", "every"})
    public String variant;

    private LevelSimulationSpec spec;
    private final WarsEngine engine = new WarsEngine();

    @Setup
    public void prepare() {
        LatencyProfile profile = BuiltInProfiles.named("ec2-three-regions").orElseThrow();
        DatacenterReplicas replicas = profile.topology().orElseThrow().replicas();
        List<ConsistencyLevel> local = List.of(ConsistencyLevel.LOCAL_ONE, ConsistencyLevel.LOCAL_QUORUM);
        List<ConsistencyLevel> all = List.of(ConsistencyLevel.values());
        var configurations = switch (variant) {
            case "local" ->
                LevelSimulationSpec.combinations(
                        replicas, List.of(ConsistencyLevel.LOCAL_QUORUM), local, List.of(0), List.of(0));
            case "cross" ->
                LevelSimulationSpec.combinations(
                        replicas, List.of(ConsistencyLevel.LOCAL_QUORUM), local, List.of(0), List.of(1));
            case "every" -> LevelSimulationSpec.combinations(replicas, all, all, List.of(0), List.of(0, 1));
            default -> throw new IllegalArgumentException("unknown variant " + variant);
        };
        spec = new LevelSimulationSpec(profile, replicas, configurations, TRIALS, 42, 1, null);
        engine.run(new LevelSimulationSpec(profile, replicas, configurations, 1000, 42, 1, null));
    }

    @Benchmark
    @OperationsPerInvocation(TRIALS)
    public LevelSimulationResult levels() {
        return engine.run(spec);
    }
}
