package dev.pbs.questions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.LevelSimulationSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Prediction questions in consistency levels with the coordinator on a replica. */
class LevelPredictionQuestionTest {

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
        return PredictionQuestion.builder(profile, QuestionLimits.COMMAND_LINE, vocabulary);
    }

    @Test
    void coordinatorReplica_withLevels_buildsALevelSimulationWithTheFlag() {
        LatencyProfile profile = BuiltInProfiles.named("ec2-three-regions").orElseThrow();
        PredictionQuestion question = question(profile, Vocabulary.COMMAND_LINE)
                .coordinatorReplica(true)
                .trials(1000L)
                .build();

        assertThat(question.isLevels()).isTrue();
        LevelSimulationSpec simulation = question.levelSimulation();
        assertThat(simulation.coordinatorReplica()).isTrue();
        assertThat(simulation.configurations()).isNotEmpty();
        assertThat(question(profile, Vocabulary.COMMAND_LINE)
                        .trials(1000L)
                        .build()
                        .levelSimulation()
                        .coordinatorReplica())
                .isFalse();
    }

    @Test
    void coordinatorReplica_onAProfileWithoutDatacenters_isOneDatacenter() {
        PredictionQuestion question = question(
                        BuiltInProfiles.named("lnkd-disk").orElseThrow(), Vocabulary.JSON)
                .replicas(3L)
                .writeLevels(List.of("ONE"))
                .readLevels(List.of("LOCAL_ONE"))
                .coordinatorReplica(true)
                .build();

        assertThat(question.levelSimulation().coordinatorReplica()).isTrue();
        assertThat(question.levelSimulation().replicas().replicaCount()).isEqualTo(3);
    }

    @Test
    void coordinatorReplica_matrix_leavesOutTheDatacenterWithoutReplicas() {
        PredictionQuestion question = question(EDGE, Vocabulary.JSON)
                .writeLevels(List.of("ONE"))
                .readLevels(List.of("ONE"))
                .datacenterMatrix(true)
                .coordinatorReplica(true)
                .build();

        assertThat(question.levelSimulation().configurations())
                .extracting(LevelConfiguration::writeDatacenter, LevelConfiguration::readDatacenter)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(0, 0),
                        org.assertj.core.groups.Tuple.tuple(0, 1),
                        org.assertj.core.groups.Tuple.tuple(1, 0),
                        org.assertj.core.groups.Tuple.tuple(1, 1));
        // Without the variant dc3 may coordinate: 3 x 3 pairs.
        assertThat(question(EDGE, Vocabulary.JSON)
                        .writeLevels(List.of("ONE"))
                        .readLevels(List.of("ONE"))
                        .datacenterMatrix(true)
                        .build()
                        .levelSimulation()
                        .configurations())
                .hasSize(9);
    }

    @Test
    void coordinatorReplica_inANamedDatacenterWithoutReplicas_isRefusedNamingBoth() {
        assertThatThrownBy(() -> question(EDGE, Vocabulary.COMMAND_LINE)
                        .writeLevels(List.of("ONE"))
                        .readLevels(List.of("ONE"))
                        .writeDatacenters(List.of("dc1"))
                        .readDatacenters(List.of("dc3"))
                        .coordinatorReplica(true)
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("--read-dc names datacenter 'dc3', which holds no replica of the key for its coordinator "
                        + "to run on (--coordinator-replica)");
        assertThatThrownBy(() -> question(EDGE, Vocabulary.JSON)
                        .writeLevels(List.of("ONE"))
                        .readLevels(List.of("ONE"))
                        .writeDatacenters(List.of("dc3"))
                        .coordinatorReplica(true)
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("'write_dc' names datacenter 'dc3', which holds no replica of the key for its coordinator "
                        + "to run on ('coordinator_replica')");
    }
}
