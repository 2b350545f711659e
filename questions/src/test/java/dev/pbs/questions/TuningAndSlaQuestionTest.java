package dev.pbs.questions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.tuning.Objective;
import java.util.List;
import org.junit.jupiter.api.Test;

class TuningAndSlaQuestionTest {

    private static final LatencyProfile PROFILE = BuiltInProfiles.named("ymmr").orElseThrow();
    private static final QuestionLimits SERVICE = new QuestionLimits(8, 200_000, 2_000, 4);

    @Test
    void tuning_rangeText_spansItsValues() {
        TuningQuestion question = TuningQuestion.builder(PROFILE, SERVICE, Vocabulary.JSON)
                .replicas("3..5")
                .requirements(List.of("window@0.999<=250ms"))
                .levels(Levels.CASSANDRA)
                .seed(5L)
                .build();

        assertThat(question.tuning().smallestN()).isEqualTo(3);
        assertThat(question.tuning().largestN()).isEqualTo(5);
        assertThat(question.tuning().cassandraLevels()).isTrue();
        assertThat(question.tuning().objective()).isEqualTo(Objective.SUM);
        assertThat(question.tuning().requirements()).hasSize(1);
        assertThat(question.seeded()).isTrue();
    }

    @Test
    void tuning_rangeBeyondTheLimits_isRefusedInTheAskersWords() {
        assertThatThrownBy(() -> TuningQuestion.builder(PROFILE, SERVICE, Vocabulary.JSON)
                        .replicas("3..9")
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("'n' must be a range within 1..8, was 3..9");
        assertThatThrownBy(() -> TuningQuestion.builder(PROFILE, SERVICE, Vocabulary.JSON)
                        .replicas("2..7")
                        .build())
                .hasMessage("'n' may span at most 4 values, was 2..7");
        assertThatThrownBy(() -> TuningQuestion.builder(PROFILE, QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE)
                        .replicas("5..3")
                        .build())
                .hasMessage("--n must be a range within 1..16, was 5..3");
        assertThatThrownBy(() -> TuningQuestion.builder(PROFILE, QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE)
                        .replicas("three")
                        .build())
                .hasMessage("--n must be a number or a range such as 3..5, was 'three'");
    }

    @Test
    void sla_givesOnePredictionAtTimeZeroWithTheWindowAtP() {
        SlaQuestion question = SlaQuestion.builder(PROFILE, SERVICE, Vocabulary.JSON)
                .replicas(3L)
                .quorums("1", "1")
                .probability(0.99)
                .build();

        assertThat(question.probability()).isEqualTo(0.99);
        assertThat(question.prediction().simulation().configurations()).hasSize(1);
        assertThat(question.prediction().simulation().visibilityGridMillis()).containsExactly(0);
        assertThat(question.prediction().report().windows()).containsExactly(0.99);
    }

    @Test
    void sla_probabilityOutsideTheOpenInterval_isRefused() {
        assertThatThrownBy(() -> SlaQuestion.builder(PROFILE, SERVICE, Vocabulary.JSON)
                        .replicas(3L)
                        .quorums("1", "1")
                        .probability(1.0)
                        .build())
                .hasMessage("'p' must be a probability in (0, 1), was 1");
    }

    @Test
    void sla_quorumsForAProfileInNamedDatacenters_areRefusedPointingToLevels() {
        assertThatThrownBy(() -> SlaQuestion.builder(
                                BuiltInProfiles.named("ec2-three-regions").orElseThrow(),
                                QuestionLimits.COMMAND_LINE,
                                Vocabulary.JSON)
                        .replicas(9L)
                        .quorums("1", "1")
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("'r' is for (R, W), but the profile ec2-three-regions places its replicas in named "
                        + "datacenters (us-east:3,us-west:3,eu-west:3), so it is answered in consistency levels across "
                        + "them: use 'write_level' and 'read_level'");
    }

    @Test
    void limits_defaultTrialsAboveTheMost_areRefused() {
        assertThatThrownBy(() -> new QuestionLimits(8, 100, 1000, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("default trials");
    }
}
