package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.readpath.ReplicaChoice;
import java.util.OptionalDouble;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The coordinator's own replica (the co-located variant with a profile's local path): its own
 * delays and the probability that reads ask it first, against answers worked out by hand.
 */
class CoordinatorReplicaPathTest {

    private static final WarsEngine ENGINE = new WarsEngine();
    private static final int TRIALS = 60_000;

    /**
     * N = 3, R = W = 1, targeted reads. Remote replicas: W = 10, A = 0, R = 20, S = 0 ms; the local
     * replica: W = A = 0, R = 2, S = 1 ms. The write commits at 0 through its coordinator's own
     * replica. A read served by its coordinator's own replica (at 2 ms) is fresh at t = 0 only if
     * that node also coordinated the write (1/3), and from t = 8 on (10 - 2) always; a read sent to
     * a remote replica arrives at 20 ms, after the write (10 ms), so it is always fresh. With
     * preference p for the local replica, P(consistent at 0) = p / 3 + (1 - p); uniform targets
     * ask the local replica with probability 1/3: 1/9 + 2/3 = 7/9. Read latency: 3 ms locally,
     * 20 ms remotely.
     */
    @ParameterizedTest
    @CsvSource({"1.0, 0.3333333", "0.0, 1.0", "0.5, 0.6666667", "-1, 0.7777778"})
    void localReadPreference_oneOfThree_matchesHandWorkedProbability(double preference, double expected) {
        ConfigurationResult oneOne = readOneOfThree(preference, ReplicaChoice.random(), 17);
        assertThat(oneOne.visibility().get(2).consistent().successes()).isEqualTo(TRIALS);
        assertThat(oneOne.writeLatency(99.9).valueMillis()).isZero();
        assertLocalShare(oneOne, expected, preference < 0 ? 1.0 / 3 : preference);
    }

    /**
     * The dynamic snitch with the same profile: its scores (3 ms locally, 20 remotely) would put the
     * own replica first in every read (P(consistent at 0) = 1/3, as with preference 1); a measured
     * local read preference p decides the own replica's place instead, so P(consistent at 0) is
     * p / 3 + (1 - p) as without the snitch.
     */
    @ParameterizedTest
    @CsvSource({"1.0, 0.3333333", "0.0, 1.0", "0.75, 0.5", "-1, 0.3333333"})
    void snitch_measuredLocalReadPreference_decidesTheOwnReplicasPlace(double preference, double expected) {
        ConfigurationResult oneOne =
                readOneOfThree(preference, ReplicaChoice.snitch(ReplicaChoice.CASSANDRA_BADNESS_THRESHOLD), 19);
        assertLocalShare(oneOne, expected, preference < 0 ? 1 : preference);
    }

    /** R = W = 1 of 3 on {@link #profile} (preference below 0: none measured), at t = 0, 7.9 and 8 ms. */
    private static ConfigurationResult readOneOfThree(double preference, ReplicaChoice choice, long seed) {
        LatencyProfile profile = profile(preference < 0 ? OptionalDouble.empty() : OptionalDouble.of(preference));
        return ENGINE.run(SimulationSpec.builder(profile, 3)
                        .configuration(1, 1)
                        .trials(TRIALS)
                        .seed(seed)
                        .readFanout(ReadFanout.TARGETED)
                        .coordinatorReplica(true)
                        .replicaChoice(choice)
                        .visibilityGridMillis(0, 7.9, 8)
                        .build())
                .configuration(1, 1)
                .orElseThrow();
    }

    /**
     * P(consistent at 0) is {@code expected}, and {@code localShare} of the reads take the local 3
     * ms, the rest the remote 20: the middle of each part shows which.
     */
    private static void assertLocalShare(ConfigurationResult oneOne, double expected, double localShare) {
        ProportionEstimate atCommit = oneOne.visibility().get(0).consistent();
        assertThat(SamplingTolerance.compatible(atCommit.successes(), atCommit.trials(), expected, 3))
                .as("P(consistent at 0) %s, expected %s", atCommit.estimate(), expected)
                .isTrue();
        if (localShare > 0) {
            assertThat(oneOne.readLatency(100 * localShare / 2).valueMillis()).isCloseTo(3, within(0.01));
        }
        if (localShare < 1) {
            assertThat(oneOne.readLatency(100 * (1 + localShare) / 2).valueMillis())
                    .isCloseTo(20, within(0.05));
        }
    }

    /**
     * R = 2 of 3 with the local replica always first: every read asks its own replica and one
     * remote one, so it waits for the remote one (20 ms); with the local replica always last, two
     * remote replicas (20 ms). R = 3 asks every replica whatever the preference.
     */
    @ParameterizedTest
    @CsvSource({"1.0, 2", "0.0, 2", "1.0, 3", "0.0, 3"})
    void localReadPreference_quorumReads_alwaysWaitForARemoteReplica(double preference, int r) {
        SimulationResult result = ENGINE.run(SimulationSpec.builder(profile(OptionalDouble.of(preference)), 3)
                .configuration(r, 1)
                .trials(10_000)
                .seed(3)
                .readFanout(ReadFanout.TARGETED)
                .coordinatorReplica(true)
                .build());
        ConfigurationResult configuration = result.configuration(r, 1).orElseThrow();
        assertThat(configuration.readLatency(1).valueMillis()).isCloseTo(20, within(0.05));
        // A remote replica's read arrives after its write: fresh at once.
        assertThat(configuration.visibility().get(0).consistent().successes()).isEqualTo(10_000);
    }

    private static LatencyProfile profile(OptionalDouble preference) {
        return LatencyProfile.builder("local-path")
                .provenance("test, ms")
                .defaults(new MessageDelays(Constant.of(10), Constant.of(0), Constant.of(20), Constant.of(0)))
                .coordinatorReplica(new CoordinatorReplicaPath(
                        new MessageDelays(Constant.of(0), Constant.of(0), Constant.of(2), Constant.of(1)), preference))
                .build();
    }
}
