package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.readpath.ReplicaChoice;
import org.junit.jupiter.api.Test;

/** The dynamic snitch's replica choice in the engine. */
class ReplicaChoiceTest {

    private static final WarsEngine ENGINE = new WarsEngine();
    private static final int TRIALS = 60_000;

    /**
     * Replica 0 is slow to read (50 ms each way, a snitch score of 100 against 2) and the only one
     * with the write at commit; replicas 1 and 2 get it 50 ms late.
     */
    private static final LatencyProfile ONE_SLOW_REPLICA =
            TestProfiles.constants(new double[] {0, 1, 50, 50}, new double[] {50, 1, 1, 1}, new double[] {50, 1, 1, 1});

    private static ConfigurationResult readOne(ReplicaChoice choice) {
        return ENGINE.run(SimulationSpec.builder(ONE_SLOW_REPLICA, 3)
                        .configuration(1, 1)
                        .trials(TRIALS)
                        .seed(13)
                        .readFanout(ReadFanout.TARGETED)
                        .replicaChoice(choice)
                        .build())
                .configuration(1, 1)
                .orElseThrow();
    }

    @Test
    void random_readsTheSlowReplicaInAThirdOfTheReads() {
        ConfigurationResult result = readOne(ReplicaChoice.random());
        assertThat(SamplingTolerance.compatible(result.consistentAtCommit().successes(), TRIALS, 1.0 / 3, 1))
                .isTrue();
        assertThat(result.readLatency(90).valueMillis()).isCloseTo(100, within(0.1));
    }

    @Test
    void snitch_neverAsksAReplicaMoreThanTwiceAsSlow_soTheReadIsFastAndStale() {
        ConfigurationResult result = readOne(ReplicaChoice.snitch(ReplicaChoice.CASSANDRA_BADNESS_THRESHOLD));
        assertThat(result.consistentAtCommit().successes()).isZero();
        assertThat(result.readLatency(99.9).valueMillis()).isCloseTo(2, within(0.01));
    }

    @Test
    void snitch_withABadnessThresholdAboveTheGap_keepsTheRandomOrder() {
        // 100 ms is not more than (1 + 60) x 2 ms: the static order stands.
        ConfigurationResult result = readOne(ReplicaChoice.snitch(60));
        assertThat(SamplingTolerance.compatible(result.consistentAtCommit().successes(), TRIALS, 1.0 / 3, 1))
                .isTrue();
    }

    @Test
    void snitch_alikeReplicas_readLikeRandomOnes() {
        LatencyProfile profile = BuiltInProfiles.named("lnkd-disk").orElseThrow();
        SimulationSpec.Builder spec =
                SimulationSpec.builder(profile, 3).trials(200_000).seed(21).readFanout(ReadFanout.TARGETED);
        SimulationResult random = ENGINE.run(spec.build());
        SimulationResult snitch =
                ENGINE.run(spec.replicaChoice(ReplicaChoice.snitch(0.1)).build());
        int comparisons = random.configurations().size();
        for (int c = 0; c < comparisons; c++) {
            ProportionEstimate expected = random.configurations().get(c).consistentAtCommit();
            ProportionEstimate found = snitch.configurations().get(c).consistentAtCommit();
            double p = (expected.estimate() + found.estimate()) / 2;
            double standardError = Math.sqrt(2 * p * (1 - p) / 200_000);
            assertThat(Math.abs(found.estimate() - expected.estimate()))
                    .as("%s", random.configurations().get(c).configuration())
                    .isLessThanOrEqualTo(SamplingTolerance.familyZ(comparisons) * standardError + 1e-12);
        }
    }

    @Test
    void snitch_withFanOutAll_isRefusedWithAReason() {
        assertThatThrownBy(() -> SimulationSpec.builder(ONE_SLOW_REPLICA, 3)
                        .replicaChoice(ReplicaChoice.snitch(1))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs the targeted read fan-out");
        assertThatThrownBy(() -> ReplicaChoice.parse("fastest", 1))
                .hasMessage("replica choice must be 'random' or 'snitch', was 'fastest'");
        assertThatThrownBy(() -> ReplicaChoice.snitch(-0.5))
                .hasMessageContaining("badness threshold must be finite and >= 0");
    }
}
