package dev.pbs.montecarlo;

import static dev.pbs.model.quorum.ConsistencyLevel.ALL;
import static dev.pbs.model.quorum.ConsistencyLevel.EACH_QUORUM;
import static dev.pbs.model.quorum.ConsistencyLevel.LOCAL_ONE;
import static dev.pbs.model.quorum.ConsistencyLevel.LOCAL_QUORUM;
import static dev.pbs.model.quorum.ConsistencyLevel.ONE;
import static dev.pbs.model.quorum.ConsistencyLevel.QUORUM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterPairDelay;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Section 7 of the model note with constant delays, worked by hand: two datacenters of three
 * replicas, 1 ms on every local message (W = A = R = S = 1) and 10 ms on every message between the
 * datacenters unless a test says otherwise. Writes coordinated in dc1 (number 0), reads in dc1 or
 * dc2 (number 1).
 *
 * <p>A write from dc1 reaches dc1's replicas at 1 and they acknowledge at 2. In dc2 the forwarder
 * has it at 10 + 1 = 11 and relays it to the other two, which have it at 12; their
 * acknowledgements reach dc1 at 11 + 1 + 10 = 22 and 12 + 1 + 10 = 23.
 */
class LevelKnownAnswersTest {

    private static final WarsEngine ENGINE = new WarsEngine();
    private static final int DC1 = 0;
    private static final int DC2 = 1;
    private static final int TRIALS = 30_000;

    private static LatencyProfile threePlusThree(DatacenterTopology topology) {
        return LatencyProfile.builder("three-plus-three")
                .provenance("test, ms")
                .defaults(MessageDelays.all(Constant.of(1)))
                .topology(topology)
                .build();
    }

    private static final LatencyProfile CONSTANT = threePlusThree(DatacenterTopology.named(
            List.of("dc1", "dc2"),
            new int[] {0, 0, 0, 1, 1, 1},
            Constant.of(10),
            List.of(),
            CoordinatorPlacement.RANDOM));

    private static LevelSimulationResult run(
            LatencyProfile profile, double[] grid, LevelConfiguration... configurations) {
        return ENGINE.run(new LevelSimulationSpec(
                profile, profile.topology().orElseThrow().replicas(), List.of(configurations), TRIALS, 11, 2, grid));
    }

    private static LevelConfiguration levels(ConsistencyLevel write, ConsistencyLevel read, int writeDc, int readDc) {
        return new LevelConfiguration(write, read, writeDc, readDc);
    }

    @Test
    void localQuorumWrite_localOneReadInTheOtherDatacenter_freshOnceTheForwardedWriteArrives() {
        // Commit at 2 (dc1's second acknowledgement). The read from dc2 reaches a dc2 replica 1 ms
        // after it starts: t* = 11 - 2 - 1 = 8 at the forwarder (1 in 3), 12 - 2 - 1 = 9 elsewhere.
        LevelSimulationResult result =
                run(CONSTANT, new double[] {0, 7.99, 8, 8.99, 9}, levels(LOCAL_QUORUM, LOCAL_ONE, DC1, DC2));
        ConfigurationResult configuration = result.configurations().get(0);
        assertThat(configuration.isStrict()).isFalse();
        assertThat(configuration.visibility().get(0).consistent().successes()).isZero();
        assertThat(configuration.visibility().get(1).consistent().successes()).isZero();
        assertCompatible(configuration.visibility().get(2).consistent(), 1.0 / 3, 2);
        assertCompatible(configuration.visibility().get(3).consistent(), 1.0 / 3, 2);
        assertThat(configuration.visibility().get(4).consistent().successes()).isEqualTo(TRIALS);
        assertThat(configuration.writeLatency(50).valueMillis()).isCloseTo(2, within(0.002));
        assertThat(configuration.readLatency(99.9).valueMillis()).isCloseTo(2, within(0.002));
        // N = 6, the read contacts 1 replica, the write waits for 2.
        assertThat(configuration.configuration().n()).isEqualTo(6);
        assertThat(configuration.configuration().r()).isEqualTo(1);
        assertThat(configuration.configuration().w()).isEqualTo(2);
        // The one dc2 replica read never acknowledged the write: k-staleness is certain.
        assertThat(configuration.probabilityOlderThanVersions(1)).isEqualTo(1.0);
    }

    @Test
    void localQuorumWrite_localQuorumReadInTheOtherDatacenter_freshAtEightWhenTheForwarderIsAsked() {
        // Two of dc2's three replicas: the forwarder is one of them with probability 2/3.
        LevelSimulationResult result = run(CONSTANT, new double[] {8, 9}, levels(LOCAL_QUORUM, LOCAL_QUORUM, DC1, DC2));
        ConfigurationResult configuration = result.configurations().get(0);
        assertCompatible(configuration.visibility().get(0).consistent(), 2.0 / 3, 1);
        assertThat(configuration.visibility().get(1).consistent().successes()).isEqualTo(TRIALS);
    }

    @Test
    void localQuorumWriteAndRead_sameDatacenter_areStrictAndAlwaysFresh() {
        LevelSimulationResult result = run(CONSTANT, new double[] {0}, levels(LOCAL_QUORUM, LOCAL_QUORUM, DC1, DC1));
        ConfigurationResult configuration = result.configurations().get(0);
        assertThat(configuration.isStrict()).isTrue();
        assertThat(configuration.consistentAtCommit().successes()).isEqualTo(TRIALS);
        assertThat(configuration.probabilityOlderThanVersions(1)).isZero();
    }

    @Test
    void eachQuorumWrite_commitsWhenTheRemoteQuorumHasAcknowledged() {
        // dc1's quorum at 2, dc2's second acknowledgement at 23: the write commits at 23, after
        // every dc2 replica has it (12), so a LOCAL_ONE read from dc2 is always fresh.
        LevelSimulationResult result = run(CONSTANT, new double[] {0}, levels(EACH_QUORUM, LOCAL_ONE, DC1, DC2));
        ConfigurationResult configuration = result.configurations().get(0);
        assertThat(configuration.isStrict()).isFalse();
        assertThat(configuration.writeLatency(50).valueMillis()).isCloseTo(23, within(0.023));
        assertThat(configuration.consistentAtCommit().successes()).isEqualTo(TRIALS);
        // The read's replica acknowledged (counted) with probability 2/3.
        assertThat(configuration.probabilityOlderThanVersions(1)).isCloseTo(1.0 / 3, within(0.02));
        assertThat(configuration.configuration().w()).isEqualTo(4);
    }

    @Test
    void allWrite_waitsForTheLastRemoteAcknowledgement() {
        LevelSimulationResult result = run(CONSTANT, new double[] {0}, levels(ALL, ONE, DC1, DC2));
        ConfigurationResult configuration = result.configurations().get(0);
        assertThat(configuration.isStrict()).isTrue();
        assertThat(configuration.writeLatency(50).valueMillis()).isCloseTo(23, within(0.023));
    }

    @Test
    void quorumRead_fromTheOtherDatacenter_asksItsOwnReplicasFirstThenOneRemote() {
        // QUORUM of 6 is 4: dc2's three replicas and one of dc1's. The remote one answers at
        // 1 + 10 + 1 + 10 = 22; it has the write (1) long before the read reaches it (2 + 11):
        // always fresh, though not strict (a LOCAL_QUORUM write in dc1 leaves one dc1 replica out).
        LevelSimulationResult result = run(CONSTANT, new double[] {0}, levels(LOCAL_QUORUM, QUORUM, DC1, DC2));
        ConfigurationResult configuration = result.configurations().get(0);
        assertThat(configuration.isStrict()).isFalse();
        assertThat(configuration.consistentAtCommit().successes()).isEqualTo(TRIALS);
        assertThat(configuration.readLatency(50).valueMillis()).isCloseTo(22, within(0.022));
        assertThat(configuration.configuration().r()).isEqualTo(4);
        // The remote replica read is one of the two acknowledging ones with probability 2/3.
        assertThat(configuration.probabilityOlderThanVersions(1)).isCloseTo(1.0 / 3, within(0.02));
    }

    @Test
    void oneWrite_oneReadInTheOtherDatacenter_asLocalOne() {
        // ONE counts any replica (the first acknowledgement, at 2); a read at ONE from dc2 asks a
        // dc2 replica, as LOCAL_ONE does.
        LevelSimulationResult result = run(CONSTANT, new double[] {8, 9}, levels(ONE, ONE, DC1, DC2));
        ConfigurationResult configuration = result.configurations().get(0);
        assertCompatible(configuration.visibility().get(0).consistent(), 1.0 / 3, 1);
        assertThat(configuration.visibility().get(1).consistent().successes()).isEqualTo(TRIALS);
    }

    @Test
    void pairDelays_eachDirectionTakesItsOwn() {
        // dc1 -> dc2 takes 10 ms, dc2 -> dc1 takes 30: the forwarded write still arrives at 11 and
        // 12, but dc2's acknowledgements reach dc1 at 11 + 1 + 30 = 42 and 43, so EACH_QUORUM
        // commits at 43; a read at LOCAL_ONE from dc1 to dc1 is unaffected.
        LatencyProfile profile = threePlusThree(DatacenterTopology.named(
                List.of("dc1", "dc2"),
                new int[] {0, 0, 0, 1, 1, 1},
                null,
                List.of(
                        new DatacenterPairDelay(DC1, DC2, Constant.of(10)),
                        new DatacenterPairDelay(DC2, DC1, Constant.of(30))),
                CoordinatorPlacement.RANDOM));
        LevelSimulationResult result = run(profile, new double[] {0}, levels(EACH_QUORUM, LOCAL_ONE, DC1, DC1));
        assertThat(result.configurations().get(0).writeLatency(50).valueMillis())
                .isCloseTo(43, within(0.043));
        // A QUORUM read from dc2 asks one dc1 replica: 1 + 30 there, + 1 + 10 back = 42.
        LevelSimulationResult read = run(profile, new double[] {0}, levels(LOCAL_ONE, QUORUM, DC2, DC2));
        assertThat(read.configurations().get(0).readLatency(50).valueMillis()).isCloseTo(42, within(0.042));
    }

    @Test
    void configurations_shareTheirDraws_andKeepTheSpecsOrder() {
        LevelConfiguration first = levels(LOCAL_QUORUM, LOCAL_ONE, DC1, DC2);
        LevelConfiguration second = levels(LOCAL_ONE, LOCAL_ONE, DC2, DC1);
        LevelSimulationResult result = run(CONSTANT, new double[] {0}, first, second);
        assertThat(result.configurations())
                .extracting(configuration -> configuration.levels().orElseThrow())
                .containsExactly(first, second);
        assertThat(result.configuration(second)).isPresent();
    }

    @Test
    void replicas_ofAnUnnamedExplicitPlacement_areNumberedDatacenters() {
        DatacenterReplicas replicas = DatacenterTopology.explicit(
                        new int[] {0, 0, 1, 1}, Constant.of(5), CoordinatorPlacement.fixed(0))
                .replicas();
        assertThat(replicas.names()).containsExactly("dc0", "dc1");
        assertThat(replicas.replicationFactor(1)).isEqualTo(2);
    }

    private static void assertCompatible(ProportionEstimate estimate, double expected, int comparisons) {
        assertThat(SamplingTolerance.compatible(estimate.successes(), estimate.trials(), expected, comparisons))
                .as("simulated %s, expected %s", estimate.estimate(), expected)
                .isTrue();
    }
}
