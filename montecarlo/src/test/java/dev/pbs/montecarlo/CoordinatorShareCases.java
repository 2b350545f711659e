package dev.pbs.montecarlo;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * Runs that exercise every branch the coordinator's placement takes in the engine (fan-out all and
 * targeted reads, the local read preference, the dynamic snitch, speculative retry, blocking read
 * repair, datacenters, correlated messages, non-expanding quorums, consistency levels), each
 * without saying where the coordinator runs: the test sets the shorthand or a share. Written
 * with the API the engine had before shares, so that their fingerprints with the shorthand could
 * be taken from that engine ({@link CoordinatorReplicaShareTest}).
 */
final class CoordinatorShareCases {

    private CoordinatorShareCases() {}

    /** An (R, W) run to make with the coordinator on a replica or not. */
    record Case(String name, Supplier<SimulationSpec.Builder> builder) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A consistency-level run, its coordinators apart from the replicas until the test says otherwise. */
    record LevelCase(String name, Supplier<LevelSimulationSpec> spec) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Exponential delays (W 4 ms, A R S 1 ms), the local path about ten times faster, read first 80% of the time. */
    static LatencyProfile localPath() {
        return LatencyProfile.builder("local-path")
                .provenance("test, ms")
                .defaults(new MessageDelays(
                        Exponential.ofMean(4), Exponential.ofMean(1), Exponential.ofMean(1), Exponential.ofMean(1)))
                .coordinatorReplica(new CoordinatorReplicaPath(
                        new MessageDelays(
                                Exponential.ofMean(0.4),
                                Exponential.ofMean(0.1),
                                Exponential.ofMean(0.1),
                                Exponential.ofMean(0.1)),
                        OptionalDouble.of(0.8)))
                .build();
    }

    static List<Case> cases() {
        LatencyProfile disk = BuiltInProfiles.named("lnkd-disk").orElseThrow();
        LatencyProfile local = localPath();
        LatencyProfile uniformTargets = local.toBuilder("uniform-targets")
                .coordinatorReplica(new CoordinatorReplicaPath(
                        local.coordinatorReplica().orElseThrow().local(), OptionalDouble.empty()))
                .build();
        LatencyProfile correlated = local.toBuilder("correlated")
                .messageCorrelation(new MessageCorrelation(0.6, 0.3, 0.5, 0.2))
                .build();
        LatencyProfile twoDatacenters = local.toBuilder("two-datacenters")
                .topology(DatacenterTopology.explicit(
                        new int[] {0, 0, 1}, Exponential.ofMean(20), CoordinatorPlacement.RANDOM))
                .build();
        LatencyProfile wan = BuiltInProfiles.named("wan").orElseThrow();
        return List.of(
                new Case(
                        "lnkd-disk N=5 fan-out all",
                        () -> SimulationSpec.builder(disk, 5)
                                .trials(30_000)
                                .seed(101)
                                .threads(2)),
                new Case(
                        "local path N=3 targeted",
                        () -> SimulationSpec.builder(local, 3)
                                .trials(40_000)
                                .seed(102)
                                .threads(2)
                                .readFanout(ReadFanout.TARGETED)),
                new Case(
                        "uniform targets N=4 targeted, spec local delay",
                        () -> SimulationSpec.builder(
                                        uniformTargets.toBuilder("no-path")
                                                .coordinatorReplica(null)
                                                .build(),
                                        4)
                                .trials(40_000)
                                .seed(103)
                                .threads(1)
                                .readFanout(ReadFanout.TARGETED)
                                .localDelay(Constant.of(0.05))),
                new Case(
                        "snitch, 99p speculation, blocking repair",
                        () -> SimulationSpec.builder(local, 3)
                                .trials(30_000)
                                .seed(104)
                                .threads(2)
                                .readFanout(ReadFanout.TARGETED)
                                .replicaChoice(ReplicaChoice.snitch(0.1))
                                .speculativeRetry(SpeculativeRetry.parse("99p"))
                                .readRepair(ReadRepair.BLOCKING)),
                new Case(
                        "uniform targets, 2ms speculation, repair none",
                        () -> SimulationSpec.builder(uniformTargets, 4)
                                .trials(30_000)
                                .seed(105)
                                .threads(2)
                                .readFanout(ReadFanout.TARGETED)
                                .speculativeRetry(SpeculativeRetry.parse("2ms"))
                                .readRepair(ReadRepair.NONE)),
                new Case(
                        "correlated messages N=3 fan-out all, blocking repair",
                        () -> SimulationSpec.builder(correlated, 3)
                                .trials(30_000)
                                .seed(106)
                                .threads(2)
                                .readRepair(ReadRepair.BLOCKING)),
                new Case(
                        "two datacenters N=3 targeted",
                        () -> SimulationSpec.builder(twoDatacenters, 3)
                                .trials(30_000)
                                .seed(107)
                                .threads(2)
                                .readFanout(ReadFanout.TARGETED)),
                new Case(
                        "wan N=3 fan-out all",
                        () -> SimulationSpec.builder(wan, 3)
                                .trials(30_000)
                                .seed(108)
                                .threads(2)),
                new Case(
                        "non-expanding N=4 targeted",
                        () -> SimulationSpec.builder(local, 4)
                                .trials(30_000)
                                .seed(109)
                                .threads(2)
                                .readFanout(ReadFanout.TARGETED)
                                .expansion(QuorumExpansion.NON_EXPANDING)));
    }

    static List<LevelCase> levelCases() {
        LatencyProfile regions = BuiltInProfiles.named("ec2-three-regions").orElseThrow();
        LatencyProfile preferred = regions.toBuilder("ec2-with-local-path")
                .coordinatorReplica(
                        new CoordinatorReplicaPath(MessageDelays.all(Exponential.ofMean(0.1)), OptionalDouble.of(0.7)))
                .messageCorrelation(new MessageCorrelation(0.5, 0.25, 0.5, 0.25))
                .build();
        List<LevelConfiguration> configurations = LevelSimulationSpec.combinations(
                regions.topology().orElseThrow().replicas(),
                List.of(ConsistencyLevel.ONE, ConsistencyLevel.EACH_QUORUM),
                List.of(ConsistencyLevel.LOCAL_ONE, ConsistencyLevel.LOCAL_QUORUM),
                List.of(0, 1),
                List.of(0, 2));
        return List.of(
                new LevelCase(
                        "ec2-three-regions levels",
                        () -> new LevelSimulationSpec(
                                regions,
                                regions.topology().orElseThrow().replicas(),
                                configurations,
                                20_000,
                                201,
                                2,
                                null)),
                new LevelCase(
                        "ec2 with local path, preference, correlation",
                        () -> new LevelSimulationSpec(
                                preferred,
                                preferred.topology().orElseThrow().replicas(),
                                configurations,
                                20_000,
                                202,
                                2,
                                new double[] {0, 1, 5, 20, 80, 200})));
    }
}
