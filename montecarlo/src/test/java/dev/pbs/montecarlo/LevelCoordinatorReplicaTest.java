package dev.pbs.montecarlo;

import static dev.pbs.model.quorum.ConsistencyLevel.EACH_QUORUM;
import static dev.pbs.model.quorum.ConsistencyLevel.LOCAL_ONE;
import static dev.pbs.model.quorum.ConsistencyLevel.LOCAL_QUORUM;
import static dev.pbs.model.quorum.ConsistencyLevel.ONE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.LevelConfiguration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * The co-located coordinator with consistency levels (model note section 7), with constant delays
 * worked by hand. Two datacenters of two replicas (dc1: replicas 0 and 1, dc2: 2 and 3); every
 * replica W = A = R = S = 1 ms, 10 ms between the datacenters. The coordinator's own replica (the
 * local path): W = 0.25, A = 0.25, R = 0.125, S = 0.375 ms, so its answer takes 0.5 ms.
 *
 * <p>A write from dc1 reaches its coordinator's own replica c at 0.25, acknowledged at 0.5, and the
 * other dc1 replica o at 1, acknowledged at 2. In dc2 the forwarder f has it at 10 + 1 = 11 and
 * the other, g, at 12; their acknowledgements reach dc1 at 22 and 23. A read reaches the read
 * coordinator's own replica after 0.125 ms, another replica of its datacenter after 1 ms. Without
 * the variant a LOCAL_ONE write commits at 2, and every time above is unchanged but c's.
 */
class LevelCoordinatorReplicaTest {

    private static final WarsEngine ENGINE = new WarsEngine();
    private static final int DC1 = 0;
    private static final int DC2 = 1;
    private static final int TRIALS = 40_000;
    private static final MessageDelays LOCAL =
            new MessageDelays(Constant.of(0.25), Constant.of(0.25), Constant.of(0.125), Constant.of(0.375));

    private static LatencyProfile twoPlusTwo(MessageDelays local, OptionalDouble preference) {
        return LatencyProfile.builder("two-plus-two")
                .provenance("test, ms")
                .defaults(MessageDelays.all(Constant.of(1)))
                .topology(DatacenterTopology.named(
                        List.of("dc1", "dc2"),
                        new int[] {0, 0, 1, 1},
                        Constant.of(10),
                        List.of(),
                        CoordinatorPlacement.RANDOM))
                .coordinatorReplica(new CoordinatorReplicaPath(local, preference))
                .build();
    }

    private static final LatencyProfile UNIFORM = twoPlusTwo(LOCAL, OptionalDouble.empty());

    private static LevelSimulationSpec spec(
            LatencyProfile profile, double[] grid, LevelConfiguration... configurations) {
        return new LevelSimulationSpec(
                profile,
                profile.topology().orElseThrow().replicas(),
                List.of(configurations),
                TRIALS,
                23,
                2,
                grid,
                true);
    }

    private static ConfigurationResult run(LatencyProfile profile, double[] grid, LevelConfiguration configuration) {
        return ENGINE.run(spec(profile, grid, configuration)).configurations().get(0);
    }

    private static LevelConfiguration levels(ConsistencyLevel write, ConsistencyLevel read, int writeDc, int readDc) {
        return new LevelConfiguration(write, read, writeDc, readDc);
    }

    @Test
    void localOne_sameDatacenter_staleOnlyWhenTheReadCoordinatorsOwnReplicaMissedTheWrite() {
        // The write commits at c's acknowledgement, 0.5. The read's one replica is c (fresh, 0.25 <
        // 0.5) or o, which has the write at 1: reached in 1 ms (o is not the read coordinator)
        // 1 - 1 - 0.5 < 0, fresh; reached in 0.125 ms (o is the read coordinator, 1/2 x 1/2 = 1/4)
        // t* = 1 - 0.125 - 0.5 = 0.375.
        double[] grid = {0, 0.37, 0.375};
        LevelSimulationSpec spec = spec(UNIFORM, grid, levels(LOCAL_ONE, LOCAL_ONE, DC1, DC1));
        ConfigurationResult configuration = ENGINE.run(spec).configurations().get(0);
        assertCompatible(configuration.visibility().get(0).consistent(), 0.75, 2);
        assertCompatible(configuration.visibility().get(1).consistent(), 0.75, 2);
        assertThat(configuration.visibility().get(2).consistent().successes()).isEqualTo(TRIALS);
        assertThat(configuration.writeLatency(99.9).valueMillis()).isCloseTo(0.5, within(0.001));
        // The read asks its coordinator's own replica half the time (0.5 ms), else o (2 ms).
        assertThat(configuration.readLatency(25).valueMillis()).isCloseTo(0.5, within(0.001));
        assertThat(configuration.readLatency(75).valueMillis()).isCloseTo(2, within(0.002));
        // The write counted c alone; the read misses it half the time.
        assertThat(configuration.probabilityOlderThanVersions(1)).isCloseTo(0.5, within(0.02));
        // Without the variant the write commits at 2, after both dc1 replicas had it: never stale.
        ConfigurationResult separate =
                ENGINE.run(spec.withCoordinatorReplica(false)).configurations().get(0);
        assertThat(separate.consistentAtCommit().successes()).isEqualTo(TRIALS);
        assertThat(separate.writeLatency(50).valueMillis()).isCloseTo(2, within(0.002));
    }

    @Test
    void localOne_otherDatacenter_fourEquallyLikelyThresholds() {
        // Commit at 0.5. The read's dc2 replica is f (has it at 11) or g (12), each 1/2, and it is
        // the read coordinator's own (reached in 0.125 ms) or not (1 ms), each 1/2:
        // t* = 11 - 1 - 0.5 = 9.5, 11 - 0.125 - 0.5 = 10.375, 12 - 1 - 0.5 = 10.5,
        // 12 - 0.125 - 0.5 = 11.375. (Without the variant: 8 and 9.)
        double[] grid = {9.49, 9.5, 10.37, 10.375, 10.49, 10.5, 11.37, 11.375};
        ConfigurationResult configuration = run(UNIFORM, grid, levels(LOCAL_ONE, LOCAL_ONE, DC1, DC2));
        double[] expected = {0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1};
        assertThat(configuration.visibility().get(0).consistent().successes()).isZero();
        for (int g = 1; g < grid.length - 1; g++) {
            assertCompatible(configuration.visibility().get(g).consistent(), expected[g], grid.length - 2);
        }
        assertThat(configuration.visibility().get(grid.length - 1).consistent().successes())
                .isEqualTo(TRIALS);
    }

    @Test
    void localQuorum_otherDatacenter_theReadCoordinatorsOwnReplicaIsReachedSooner() {
        // LOCAL_QUORUM in dc1 waits for both acknowledgements: commit at 2, as without the
        // variant. The read asks f and g. Read coordinator on f: min(11 - 0.125, 12 - 1) - 2 =
        // 8.875; on g: min(11 - 1, 12 - 0.125) - 2 = 8. Without the variant t* = 8 always.
        double[] grid = {7.99, 8, 8.87, 8.875};
        ConfigurationResult configuration = run(UNIFORM, grid, levels(LOCAL_QUORUM, LOCAL_QUORUM, DC1, DC2));
        assertThat(configuration.visibility().get(0).consistent().successes()).isZero();
        assertCompatible(configuration.visibility().get(1).consistent(), 0.5, 2);
        assertCompatible(configuration.visibility().get(2).consistent(), 0.5, 2);
        assertThat(configuration.visibility().get(3).consistent().successes()).isEqualTo(TRIALS);
        assertThat(configuration.writeLatency(50).valueMillis()).isCloseTo(2, within(0.002));
        // The read waits for the other replica's answer, 2 ms; its own replica's comes at 0.5.
        assertThat(configuration.readLatency(0.1).valueMillis()).isCloseTo(2, within(0.002));
    }

    @Test
    void eachQuorum_waitsForTheCoordinatorsOwnAcknowledgement() {
        // With the fast local path dc1's quorum (both replicas) is at max(0.5, 2) = 2 and dc2's at
        // 23: commit at 23 as without the variant, and a LOCAL_ONE read from dc2 is fresh (its
        // replicas had the write at 11 and 12). With a local acknowledgement of 30 ms, dc1's quorum
        // waits for it, 0.25 + 30 = 30.25, which then commits the write.
        LevelConfiguration eachQuorum = levels(EACH_QUORUM, LOCAL_ONE, DC1, DC2);
        ConfigurationResult fast = run(UNIFORM, new double[] {0}, eachQuorum);
        assertThat(fast.writeLatency(50).valueMillis()).isCloseTo(23, within(0.023));
        assertThat(fast.consistentAtCommit().successes()).isEqualTo(TRIALS);
        LatencyProfile slowAcknowledgement = twoPlusTwo(
                new MessageDelays(Constant.of(0.25), Constant.of(30), Constant.of(0.125), Constant.of(0.375)),
                OptionalDouble.empty());
        ConfigurationResult slow = run(slowAcknowledgement, new double[] {0}, eachQuorum);
        assertThat(slow.writeLatency(0.1).valueMillis()).isCloseTo(30.25, within(0.03));
        assertThat(slow.writeLatency(99.9).valueMillis()).isCloseTo(30.25, within(0.03));
        assertThat(slow.consistentAtCommit().successes()).isEqualTo(TRIALS);
        // LOCAL_ONE in dc1 then commits at o's acknowledgement, 2, not at c's (30.25).
        ConfigurationResult localOne =
                run(slowAcknowledgement, new double[] {0}, levels(LOCAL_ONE, LOCAL_ONE, DC1, DC1));
        assertThat(localOne.writeLatency(50).valueMillis()).isCloseTo(2, within(0.002));
    }

    @Test
    void localReadPreferenceOne_sameDatacenter_everyReadAsksItsCoordinatorsOwnReplica() {
        // p = 1: the read's replica is always its coordinator's own, answering at 0.5 ms. It is c
        // (fresh) or o (t* = 0.375), each 1/2.
        LatencyProfile preferLocal = twoPlusTwo(LOCAL, OptionalDouble.of(1));
        ConfigurationResult configuration =
                run(preferLocal, new double[] {0, 0.375}, levels(LOCAL_ONE, LOCAL_ONE, DC1, DC1));
        assertThat(configuration.readLatency(0.1).valueMillis()).isCloseTo(0.5, within(0.001));
        assertThat(configuration.readLatency(99.9).valueMillis()).isCloseTo(0.5, within(0.001));
        assertCompatible(configuration.visibility().get(0).consistent(), 0.5, 1);
        assertThat(configuration.visibility().get(1).consistent().successes()).isEqualTo(TRIALS);
        // p = 0: always the other replica, reached in 1 ms and answering at 2: o then has the write
        // (1 - 1 - 0.5 < 0), so every read is fresh.
        LatencyProfile preferOthers = twoPlusTwo(LOCAL, OptionalDouble.of(0));
        ConfigurationResult others = run(preferOthers, new double[] {0}, levels(LOCAL_ONE, LOCAL_ONE, DC1, DC1));
        assertThat(others.readLatency(0.1).valueMillis()).isCloseTo(2, within(0.002));
        assertThat(others.consistentAtCommit().successes()).isEqualTo(TRIALS);
    }

    @Test
    void localReadPreferenceOne_otherDatacenter_readsAtOneAndLocalOneAskTheSameReplica() {
        // p = 1, read from dc2: its coordinator's own replica is f (t* = 11 - 0.125 - 0.5 = 10.375)
        // or g (12 - 0.125 - 0.5 = 11.375), each 1/2. ONE asks dc2's replicas first, so it asks the
        // same one; both writes commit at c's acknowledgement (0.5), the first of all.
        LatencyProfile preferLocal = twoPlusTwo(LOCAL, OptionalDouble.of(1));
        double[] grid = {10.37, 10.375, 11.37, 11.375};
        LevelConfiguration localOne = levels(LOCAL_ONE, LOCAL_ONE, DC1, DC2);
        LevelConfiguration one = levels(ONE, ONE, DC1, DC2);
        LevelSimulationResult result = ENGINE.run(spec(preferLocal, grid, localOne, one));
        ConfigurationResult first = result.configuration(localOne).orElseThrow();
        assertThat(first.visibility().get(0).consistent().successes()).isZero();
        assertCompatible(first.visibility().get(1).consistent(), 0.5, 2);
        assertCompatible(first.visibility().get(2).consistent(), 0.5, 2);
        assertThat(first.visibility().get(3).consistent().successes()).isEqualTo(TRIALS);
        assertThat(result.configuration(one).orElseThrow().visibility()).isEqualTo(first.visibility());
    }

    @Test
    void withoutTheVariant_theProfilesLocalPathIsUnused() {
        LatencyProfile withoutPath =
                UNIFORM.toBuilder("no-path").coordinatorReplica(null).build();
        LevelConfiguration configuration = levels(LOCAL_ONE, LOCAL_ONE, DC1, DC2);
        double[] grid = {8, 9, 10};
        ConfigurationResult unused = ENGINE.run(
                        spec(UNIFORM, grid, configuration).withCoordinatorReplica(false))
                .configurations()
                .get(0);
        ConfigurationResult none = ENGINE.run(
                        spec(withoutPath, grid, configuration).withCoordinatorReplica(false))
                .configurations()
                .get(0);
        assertThat(unused.visibility()).isEqualTo(none.visibility());
        // t* = 8 at the forwarder, 9 elsewhere.
        assertCompatible(unused.visibility().get(0).consistent(), 0.5, 1);
    }

    @Test
    void coordinatorReplica_inADatacenterWithoutReplicas_isRefused() {
        LatencyProfile threeDatacenters = LatencyProfile.builder("empty-dc3")
                .provenance("test, ms")
                .defaults(MessageDelays.all(Constant.of(1)))
                .topology(DatacenterTopology.named(
                        List.of("dc1", "dc2", "dc3"),
                        new int[] {0, 0, 1, 1},
                        Constant.of(10),
                        List.of(),
                        CoordinatorPlacement.RANDOM))
                .build();
        double[] grid = {0};
        assertThatIllegalArgumentException()
                .isThrownBy(() -> spec(threeDatacenters, grid, levels(ONE, ONE, 2, DC1)))
                .withMessage("the coordinator is a replica (coordinator_replica), but the write datacenter dc3 "
                        + "holds no replica of the key to coordinate it");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> spec(threeDatacenters, grid, levels(ONE, ONE, DC1, 2)))
                .withMessage("the coordinator is a replica (coordinator_replica), but the read datacenter dc3 "
                        + "holds no replica of the key to coordinate it");
        // Coordinators that are not replicas may sit there.
        LevelSimulationSpec separate = new LevelSimulationSpec(
                threeDatacenters,
                threeDatacenters.topology().orElseThrow().replicas(),
                List.of(levels(ONE, ONE, 2, 2)),
                TRIALS,
                23,
                1,
                grid);
        assertThat(separate.coordinatorReplica()).isFalse();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> separate.withCoordinatorReplica(true))
                .withMessageContaining("the write datacenter dc3 holds no replica");
    }

    private static void assertCompatible(ProportionEstimate estimate, double expected, int comparisons) {
        assertThat(SamplingTolerance.compatible(estimate.successes(), estimate.trials(), expected, comparisons))
                .as("simulated %s, expected %s", estimate.estimate(), expected)
                .isTrue();
    }
}
