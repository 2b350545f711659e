package dev.pbs.questions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.LevelConfiguration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How often a prediction's coordinators run on replicas: the shorthand, a share, or neither (then
 * the profile's measured share, else none), and what each cannot be combined with.
 */
class CoordinatorReplicaShareQuestionTest {

    private static final LatencyProfile DISK =
            BuiltInProfiles.named("lnkd-disk").orElseThrow();
    /** lnkd-disk as measured on 3 nodes with 2 replicas per key and round-robin routing. */
    private static final LatencyProfile MEASURED = DISK.toBuilder("measured")
            .coordinatorReplicaShare(CoordinatorReplicaShare.uniform(2.0 / 3))
            .build();
    /** dc1:2, dc2:1, dc3 without replicas. */
    private static final LatencyProfile EDGE = LatencyProfile.builder("edge")
            .provenance("test")
            .defaults(MessageDelays.all(Constant.of(1)))
            .topology(DatacenterTopology.named(
                    List.of("dc1", "dc2", "dc3"),
                    new int[] {0, 0, 1},
                    Constant.of(20),
                    List.of(),
                    CoordinatorPlacement.RANDOM))
            .build();

    private static PredictionQuestionBuilder question(LatencyProfile profile, Vocabulary vocabulary) {
        return PredictionQuestion.builder(profile, QuestionLimits.COMMAND_LINE, vocabulary)
                .replicas(3L)
                .trials(1000L);
    }

    private static CoordinatorReplicaShare shareOf(PredictionQuestionBuilder builder) {
        return builder.build().simulation().coordinatorReplicaShare();
    }

    @Test
    void share_given_isSimulated_andTheShorthandIsOneOrZero() {
        assertThat(shareOf(
                        question(DISK, Vocabulary.JSON).coordinatorReplicaShare(CoordinatorReplicaShare.of(0.67, 0.5))))
                .isEqualTo(CoordinatorReplicaShare.of(0.67, 0.5));
        assertThat(shareOf(question(DISK, Vocabulary.JSON).coordinatorReplicaShare(0.25, 0.25)))
                .isEqualTo(CoordinatorReplicaShare.uniform(0.25));
        assertThat(shareOf(question(DISK, Vocabulary.JSON).coordinatorReplica(true)))
                .isEqualTo(CoordinatorReplicaShare.ALWAYS);
        assertThat(shareOf(question(DISK, Vocabulary.JSON).coordinatorReplica(false)))
                .isEqualTo(CoordinatorReplicaShare.NEVER);
        assertThat(shareOf(question(DISK, Vocabulary.JSON))).isEqualTo(CoordinatorReplicaShare.NEVER);
    }

    @Test
    void neitherGiven_takesTheProfilesMeasuredShare_whichEitherFieldOverrides() {
        assertThat(shareOf(question(MEASURED, Vocabulary.COMMAND_LINE)))
                .isEqualTo(CoordinatorReplicaShare.uniform(2.0 / 3));
        assertThat(shareOf(question(MEASURED, Vocabulary.COMMAND_LINE).coordinatorReplica(false)))
                .isEqualTo(CoordinatorReplicaShare.NEVER);
        assertThat(shareOf(question(MEASURED, Vocabulary.COMMAND_LINE).coordinatorReplica(true)))
                .isEqualTo(CoordinatorReplicaShare.ALWAYS);
        assertThat(shareOf(question(MEASURED, Vocabulary.COMMAND_LINE)
                        .coordinatorReplicaShare(CoordinatorReplicaShare.of(0, 0.1))))
                .isEqualTo(CoordinatorReplicaShare.of(0, 0.1));
        // Levels too.
        PredictionQuestion levels = question(MEASURED, Vocabulary.COMMAND_LINE)
                .writeLevels(List.of("ONE"))
                .readLevels(List.of("ONE"))
                .build();
        assertThat(levels.levelSimulation().coordinatorReplicaShare())
                .isEqualTo(CoordinatorReplicaShare.uniform(2.0 / 3));
    }

    @Test
    void bothGiven_isRefusedNamingBoth() {
        assertThatThrownBy(() -> question(DISK, Vocabulary.COMMAND_LINE)
                        .coordinatorReplica(true)
                        .coordinatorReplicaShare(CoordinatorReplicaShare.uniform(0.5))
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("--coordinator-replica cannot be combined with --coordinator-replica-share: give one of "
                        + "them (--coordinator-replica is a share of 1 for writes and reads)");
        assertThatThrownBy(() -> question(DISK, Vocabulary.JSON)
                        .coordinatorReplica(false)
                        .coordinatorReplicaShare(0.5, 0.5)
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageStartingWith("'coordinator_replica' cannot be combined with 'coordinator_replica_share'");
    }

    @ParameterizedTest(name = "writes {0}, reads {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "1.5| 1.5| --coordinator-replica-share must hold shares between 0 and 1, had 1.5",
                "1.5| 0.5| --coordinator-replica-share must hold shares between 0 and 1, had 1.5 for writes",
                "0.5| -0.25| --coordinator-replica-share must hold shares between 0 and 1, had -0.25 for reads",
                "NaN| 0.5| --coordinator-replica-share must hold shares between 0 and 1, had NaN for writes",
                "Infinity| Infinity| --coordinator-replica-share must hold shares between 0 and 1, had Infinity",
                "| 0.5| --coordinator-replica-share needs both the share of writes and the share of reads",
            })
    void shareOutsideZeroToOne_isRefusedNamingTheField(Double writes, Double reads, String expected) {
        assertThatThrownBy(() -> question(DISK, Vocabulary.COMMAND_LINE)
                        .coordinatorReplicaShare(writes, reads)
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage(expected);
    }

    @Test
    void faultsAndSessions_refuseAShareGiven_andRunAMeasuredOneWithCoordinatorsApart() {
        assertThatThrownBy(() -> question(DISK, Vocabulary.COMMAND_LINE)
                        .readFanout(dev.pbs.montecarlo.ReadFanout.TARGETED)
                        .pauses(2000.0, 200.0, null)
                        .coordinatorReplicaShare(CoordinatorReplicaShare.of(0.5, 0))
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageStartingWith("--coordinator-replica-share cannot be combined with faults: faulty replicas");
        // The profile's measured share is a default the question did not give: faulty replicas and
        // session guarantees, simulated with the coordinator apart from the replicas, run that way.
        assertThat(question(MEASURED, Vocabulary.JSON)
                        .readFanout(dev.pbs.montecarlo.ReadFanout.TARGETED)
                        .pauses(2000.0, 200.0, null)
                        .build()
                        .simulation()
                        .coordinatorReplicaShare())
                .isEqualTo(CoordinatorReplicaShare.NEVER);
        assertThat(question(MEASURED, Vocabulary.COMMAND_LINE)
                        .sessions(10.0, null)
                        .build()
                        .simulation()
                        .coordinatorReplicaShare())
                .isEqualTo(CoordinatorReplicaShare.NEVER);
        // Given as 0, the measured share is left out and both are simulated.
        assertThat(question(MEASURED, Vocabulary.COMMAND_LINE)
                        .sessions(10.0, null)
                        .coordinatorReplicaShare(CoordinatorReplicaShare.NEVER)
                        .build()
                        .sessions())
                .isNotNull();
        assertThat(question(MEASURED, Vocabulary.COMMAND_LINE)
                        .readFanout(dev.pbs.montecarlo.ReadFanout.TARGETED)
                        .pauses(2000.0, 200.0, null)
                        .coordinatorReplica(false)
                        .build()
                        .simulation()
                        .profile()
                        .faults()
                        .any())
                .isTrue();
    }

    @Test
    void levels_partialShare_needsReplicasWhereCoordinatorsRun() {
        PredictionQuestion matrix = question(EDGE, Vocabulary.JSON)
                .replicas(null)
                .writeLevels(List.of("ONE"))
                .readLevels(List.of("ONE"))
                .datacenterMatrix(true)
                .coordinatorReplicaShare(CoordinatorReplicaShare.of(0.5, 0.5))
                .build();
        assertThat(matrix.levelSimulation().configurations())
                .extracting(LevelConfiguration::writeDatacenter, LevelConfiguration::readDatacenter)
                .doesNotContain(org.assertj.core.groups.Tuple.tuple(2, 0))
                .hasSize(4);
        assertThat(matrix.levelSimulation().coordinatorReplicaShare()).isEqualTo(CoordinatorReplicaShare.uniform(0.5));
        assertThatThrownBy(() -> question(EDGE, Vocabulary.COMMAND_LINE)
                        .replicas(null)
                        .writeLevels(List.of("ONE"))
                        .readLevels(List.of("ONE"))
                        .readDatacenters(List.of("dc3"))
                        .coordinatorReplicaShare(CoordinatorReplicaShare.of(0, 0.1))
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("--read-dc names datacenter 'dc3', which holds no replica of the key for its coordinator "
                        + "to run on (--coordinator-replica-share)");
    }
}
