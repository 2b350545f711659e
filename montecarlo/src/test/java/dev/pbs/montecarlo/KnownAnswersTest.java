package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.quorum.VersionStaleness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Section 5 of the model note: answers known without simulation. */
class KnownAnswersTest {

    private static final WarsEngine ENGINE = new WarsEngine();

    @ParameterizedTest
    @ValueSource(strings = {"lnkd-ssd", "lnkd-disk", "ymmr", "wan"})
    void strictQuorums_everyProfileAndVariant_areConsistentAtEveryTime(String name) {
        LatencyProfile profile = BuiltInProfiles.named(name).orElseThrow();
        for (ReadFanout fanout : ReadFanout.values()) {
            for (boolean coordinatorReplica : new boolean[] {false, true}) {
                SimulationResult result = ENGINE.run(SimulationSpec.builder(profile, 5)
                        .trials(20_000)
                        .seed(7)
                        .readFanout(fanout)
                        .coordinatorReplica(coordinatorReplica)
                        .build());
                for (ConfigurationResult configuration : result.configurations()) {
                    if (configuration.isStrict()) {
                        for (VisibilityPoint point : configuration.visibility()) {
                            assertThat(point.consistent().successes())
                                    .as("%s %s %s t=%s", name, fanout, configuration.configuration(), point.tMillis())
                                    .isEqualTo(20_000);
                        }
                        assertThat(configuration.window(0.9999).valueMillis()).isZero();
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ReadFanout.class)
    void nonExpandingQuorums_staleAtCommit_matchesClosedFormWithinInterval(ReadFanout fanout) {
        int n = 5;
        SimulationResult result = ENGINE.run(
                SimulationSpec.builder(BuiltInProfiles.named("lnkd-disk").orElseThrow(), n)
                        .trials(200_000)
                        .seed(11)
                        .readFanout(fanout)
                        .expansion(QuorumExpansion.NON_EXPANDING)
                        .build());
        for (ConfigurationResult configuration : result.configurations()) {
            QuorumConfiguration quorum = configuration.configuration();
            double closedForm = VersionStaleness.probabilityOfMissingLatestWrite(quorum);
            ProportionEstimate stale = configuration.consistentAtCommit().complement();
            assertThat(SamplingTolerance.compatible(stale.successes(), stale.trials(), closedForm, n * n))
                    .as("%s: closed form %s, simulated %s", quorum, closedForm, stale.estimate())
                    .isTrue();
            // Non-expanding quorums never become consistent later.
            ProportionEstimate lastPoint = configuration
                    .visibility()
                    .get(configuration.visibility().size() - 1)
                    .consistent();
            assertThat(lastPoint.successes())
                    .isEqualTo(configuration.consistentAtCommit().successes());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 9, 12})
    void everyReplicaCount_strictExactAndNonExpandingMatchesClosedForm(int n) {
        LatencyProfile profile = BuiltInProfiles.named("ymmr").orElseThrow();
        java.util.List<QuorumConfiguration> configurations = new java.util.ArrayList<>();
        for (int r = 1; r <= n; r += Math.max(1, n / 4)) {
            for (int w = 1; w <= n; w += Math.max(1, n / 3)) {
                configurations.add(QuorumConfiguration.of(n, r, w));
            }
        }
        for (ReadFanout fanout : ReadFanout.values()) {
            SimulationResult expanding = ENGINE.run(SimulationSpec.builder(profile, n)
                    .configurations(configurations)
                    .trials(30_000)
                    .seed(n)
                    .readFanout(fanout)
                    .build());
            SimulationResult nonExpanding = ENGINE.run(SimulationSpec.builder(profile, n)
                    .configurations(configurations)
                    .trials(30_000)
                    .seed(n)
                    .readFanout(fanout)
                    .expansion(QuorumExpansion.NON_EXPANDING)
                    .build());
            for (QuorumConfiguration quorum : configurations) {
                ConfigurationResult result =
                        expanding.configuration(quorum.r(), quorum.w()).orElseThrow();
                if (quorum.isStrict()) {
                    assertThat(result.consistentAtCommit().successes())
                            .as("%s %s", fanout, quorum)
                            .isEqualTo(30_000);
                }
                ProportionEstimate stale = nonExpanding
                        .configuration(quorum.r(), quorum.w())
                        .orElseThrow()
                        .consistentAtCommit()
                        .complement();
                double closedForm = VersionStaleness.probabilityOfMissingLatestWrite(quorum);
                assertThat(SamplingTolerance.compatible(
                                stale.successes(), stale.trials(), closedForm, 2 * configurations.size()))
                        .as("%s %s: closed form %s, simulated %s", fanout, quorum, closedForm, stale.estimate())
                        .isTrue();
                // Expanding quorums are never staler than non-expanding ones on the same draws.
                assertThat(result.consistentAtCommit().successes())
                        .isGreaterThanOrEqualTo(nonExpanding
                                .configuration(quorum.r(), quorum.w())
                                .orElseThrow()
                                .consistentAtCommit()
                                .successes());
            }
        }
    }

    /**
     * Replicas {W, A, R, S}: r0 {1, 1, 5, 5}, r1 {20, 1, 1, 1}, r2 {30, 1, 2, 1}. Acknowledgements
     * at 2, 21, 31; read responses at 10, 2, 3 (r1 first, then r2, then r0).
     */
    private static final LatencyProfile HAND_COMPUTED =
            TestProfiles.constants(new double[] {1, 1, 5, 5}, new double[] {20, 1, 1, 1}, new double[] {30, 1, 2, 1});

    @Test
    void constantDelays_fanoutAll_giveHandComputedThresholdsAndLatencies() {
        SimulationResult result = ENGINE.run(SimulationSpec.builder(HAND_COMPUTED, 3)
                .trials(1000)
                .visibilityGridMillis(0, 16.9, 17, 18)
                .build());
        // R=1, W=1: w_t = 2, responder r1, t* = 20 - 2 - 1 = 17.
        ConfigurationResult oneOne = result.configuration(1, 1).orElseThrow();
        assertThat(oneOne.visibility())
                .extracting(point -> point.consistent().successes())
                .containsExactly(0L, 0L, 1000L, 1000L);
        assertThat(oneOne.window(0.5).valueMillis()).isCloseTo(17, within(17 * 1e-3));
        assertThat(oneOne.readLatency(50).valueMillis()).isCloseTo(2, within(2e-3));
        assertThat(oneOne.writeLatency(50).valueMillis()).isCloseTo(2, within(2e-3));
        // R=2, W=1: responders r1, r2: min(20 - 1, 30 - 2) - 2 = 17.
        assertThat(result.configuration(2, 1).orElseThrow().window(0.99).valueMillis())
                .isCloseTo(17, within(17 * 1e-3));
        assertThat(result.configuration(2, 1).orElseThrow().readLatency(99).valueMillis())
                .isCloseTo(3, within(3e-3));
        // R=1, W=2: w_t = 21 > 19: consistent at once.
        assertThat(result.configuration(1, 2).orElseThrow().consistentAtCommit().successes())
                .isEqualTo(1000);
        assertThat(result.configuration(1, 2).orElseThrow().writeLatency(50).valueMillis())
                .isCloseTo(21, within(21e-3));
        // R=3 waits for r0 at 10 ms.
        assertThat(result.configuration(3, 1).orElseThrow().readLatency(50).valueMillis())
                .isCloseTo(10, within(10e-3));
    }

    /**
     * Every replica {W, A, R, S} = {2, 0, 0, 1}: the write commits at 2 and every responder's gap W - R
     * is 2, so t* = 2 - 2 = 0 exactly, which counts as consistent at commit (t* <= 0), in every
     * configuration, whatever path evaluates it.
     */
    @Test
    void constantDelays_thresholdExactlyZero_areConsistentAtCommit() {
        double[] replica = {2, 0, 0, 1};
        SimulationResult result =
                ENGINE.run(SimulationSpec.builder(TestProfiles.constants(replica, replica, replica), 3)
                        .trials(1000)
                        .build());
        for (ConfigurationResult configuration : result.configurations()) {
            assertThat(configuration.consistentAtCommit().successes())
                    .as("%s", configuration.configuration())
                    .isEqualTo(1000);
        }
    }

    @Test
    void constantDelays_fanoutTargeted_chooseEachReplicaAThirdOfTheTime() {
        // R=1, W=1, w_t = 2: asking r0 gives t* = max(0, 1 - 2 - 5) = 0, r1 gives 17, r2 gives 26.
        SimulationResult result = ENGINE.run(SimulationSpec.builder(HAND_COMPUTED, 3)
                .configuration(1, 1)
                .trials(90_000)
                .seed(3)
                .readFanout(ReadFanout.TARGETED)
                .visibilityGridMillis(0, 17, 25, 26)
                .build());
        ConfigurationResult oneOne = result.configuration(1, 1).orElseThrow();
        assertCompatible(oneOne.visibility().get(0).consistent(), 1.0 / 3, 3);
        assertCompatible(oneOne.visibility().get(1).consistent(), 2.0 / 3, 3);
        assertCompatible(oneOne.visibility().get(2).consistent(), 2.0 / 3, 3);
        assertThat(oneOne.visibility().get(3).consistent().successes()).isEqualTo(90_000);
    }

    @Test
    void coordinatorReplica_constantDelays_consistentAtOnceWhenBothCoordinatorsShareAReplica() {
        // W = 10 ms to a remote replica, R = S = 1; local messages take 0. The write commits at 0
        // (the local acknowledgement); the read's first responder is the read coordinator's own
        // replica, fresh at once iff it also coordinated the write (probability 1/2), else from
        // t = 10 - 0 - 0 = 10 ms.
        LatencyProfile profile = LatencyProfile.builder("remote-write")
                .provenance("test, ms")
                .defaults(new MessageDelays(Constant.of(10), Constant.of(0), Constant.of(1), Constant.of(1)))
                .build();
        SimulationResult result = ENGINE.run(SimulationSpec.builder(profile, 2)
                .configuration(1, 1)
                .trials(40_000)
                .seed(5)
                .coordinatorReplica(true)
                .visibilityGridMillis(0, 9.99, 10)
                .build());
        ConfigurationResult oneOne = result.configuration(1, 1).orElseThrow();
        assertCompatible(oneOne.visibility().get(0).consistent(), 0.5, 2);
        assertCompatible(oneOne.visibility().get(1).consistent(), 0.5, 2);
        assertThat(oneOne.visibility().get(2).consistent().successes()).isEqualTo(40_000);
        assertThat(oneOne.writeLatency(99.9).valueMillis()).isZero();
    }

    @Test
    void datacenters_constantDelays_staleUntilTheInterDatacenterWriteArrives() {
        // Two replicas in two datacenters, 1 ms on every local message, +75 ms across. The write
        // commits at 2 (local ack); the read's first responder is in the read coordinator's
        // datacenter; if that is the write's datacenter the read is fresh at once, else the write
        // reaches it at 76 and the read request at 1: t* = 76 - 2 - 1 = 73.
        LatencyProfile profile = LatencyProfile.builder("two-dc")
                .provenance("test, ms")
                .defaults(MessageDelays.all(Constant.of(1)))
                .topology(DatacenterTopology.onePerReplica(Constant.of(75), CoordinatorPlacement.RANDOM))
                .build();
        SimulationResult result = ENGINE.run(SimulationSpec.builder(profile, 2)
                .configuration(1, 1)
                .trials(40_000)
                .seed(9)
                .visibilityGridMillis(0, 72.9, 73)
                .build());
        ConfigurationResult oneOne = result.configuration(1, 1).orElseThrow();
        assertCompatible(oneOne.visibility().get(0).consistent(), 0.5, 2);
        assertCompatible(oneOne.visibility().get(1).consistent(), 0.5, 2);
        assertThat(oneOne.visibility().get(2).consistent().successes()).isEqualTo(40_000);
        assertThat(oneOne.readLatency(99.9).valueMillis()).isCloseTo(2, within(2e-3));
    }

    @Test
    void datacenters_fixedCoordinator_writesFromTheLocalDatacenter() {
        // Coordinator always in dc 0 (replica 0): the write commits at 2 via replica 0 and the read
        // is answered first by replica 0 too: always consistent at once with R = W = 1.
        LatencyProfile profile = LatencyProfile.builder("two-dc-fixed")
                .provenance("test, ms")
                .defaults(MessageDelays.all(Constant.of(1)))
                .topology(DatacenterTopology.explicit(new int[] {0, 1}, Constant.of(75), CoordinatorPlacement.fixed(0)))
                .build();
        SimulationResult result =
                ENGINE.run(SimulationSpec.builder(profile, 2).trials(10_000).build());
        assertThat(result.configuration(1, 1).orElseThrow().consistentAtCommit().successes())
                .isEqualTo(10_000);
        // W = 2 waits for the remote acknowledgement: 75 + 1 + 75 + 1.
        assertThat(result.configuration(1, 2).orElseThrow().writeLatency(50).valueMillis())
                .isCloseTo(152, within(0.152));
    }

    private static void assertCompatible(ProportionEstimate estimate, double expected, int comparisons) {
        assertThat(SamplingTolerance.compatible(estimate.successes(), estimate.trials(), expected, comparisons))
                .as("simulated %s, expected %s", estimate.estimate(), expected)
                .isTrue();
    }
}
