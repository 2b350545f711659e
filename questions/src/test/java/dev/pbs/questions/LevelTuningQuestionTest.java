package dev.pbs.questions;

import static dev.pbs.model.quorum.ConsistencyLevel.EACH_QUORUM;
import static dev.pbs.model.quorum.ConsistencyLevel.LOCAL_ONE;
import static dev.pbs.model.quorum.ConsistencyLevel.LOCAL_QUORUM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.montecarlo.tuning.LevelPair;
import dev.pbs.montecarlo.tuning.LevelTuningSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tuning and SLA questions about consistency levels across datacenters. */
class LevelTuningQuestionTest {

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

    private static TuningQuestion.Builder tuning(Vocabulary vocabulary) {
        return TuningQuestion.builder(EDGE, QuestionLimits.COMMAND_LINE, vocabulary);
    }

    @Test
    void namedTopology_triesEveryPossiblePairFromTheFirstDatacenterForEveryReadDatacenter() {
        TuningQuestion question = tuning(Vocabulary.COMMAND_LINE).build();

        assertThat(question.isLevels()).isTrue();
        LevelTuningSpec spec = question.levelTuning();
        assertThat(spec.replicas().replicaCount()).isEqualTo(3);
        assertThat(spec.writeDatacenter()).isZero();
        assertThat(spec.readDatacenters()).containsExactly(0, 1, 2);
        // Every level can be used somewhere: LOCAL reads stay, as dc1 and dc2 allow them.
        assertThat(spec.candidates()).hasSize(8 * 8);
        assertThat(spec.candidates()).contains(new LevelPair(EACH_QUORUM, LOCAL_ONE));
        // dc3 cannot serve LOCAL_ONE or LOCAL_QUORUM reads: 8 write levels x 2 such reads are left out there.
        assertThat(spec.configurations()).hasSize(8 * 8 * 3 - 8 * 2);
    }

    @Test
    void namedLevelsAndDatacenters_restrictTheCandidates() {
        LevelTuningSpec spec = tuning(Vocabulary.JSON)
                .writeLevels(List.of("local_quorum", "EACH_QUORUM"))
                .readLevels(List.of("LOCAL_ONE"))
                .writeDatacenters(List.of("dc2"))
                .readDatacenters(List.of("dc2", "dc1"))
                .replicas(3L)
                .seed(3L)
                .build()
                .levelTuning();

        assertThat(spec.candidates())
                .containsExactly(new LevelPair(LOCAL_QUORUM, LOCAL_ONE), new LevelPair(EACH_QUORUM, LOCAL_ONE));
        assertThat(spec.writeDatacenter()).isEqualTo(1);
        assertThat(spec.readDatacenters()).containsExactly(1, 0);
        assertThat(spec.seed()).isEqualTo(3);
    }

    @Test
    void levelsOnAProfileWithoutDatacenters_areOneDatacenterOfN() {
        TuningQuestion question = TuningQuestion.builder(
                        BuiltInProfiles.named("lnkd-disk").orElseThrow(),
                        QuestionLimits.COMMAND_LINE,
                        Vocabulary.COMMAND_LINE)
                .replicas("3")
                .readLevels(List.of("ONE", "QUORUM"))
                .build();

        assertThat(question.levelTuning().replicas().names()).containsExactly("dc1");
        assertThat(question.levelTuning().candidates()).hasSize(8 * 2);
    }

    @Test
    void badLevelQuestions_areRefusedInTheAskersWords() {
        assertRefused(
                tuning(Vocabulary.COMMAND_LINE).readLevels(List.of("LOCAL_ONE")),
                "--read-level: LOCAL_ONE in datacenter dc3 is not possible: it holds no replica of the key (reads are "
                        + "tried in every datacenter unless --read-dc names some)");
        assertRefused(
                tuning(Vocabulary.JSON).writeLevels(List.of("LOCAL_ONE")).writeDatacenters(List.of("dc3")),
                "'write_level': LOCAL_ONE in datacenter dc3 is not possible: it holds no replica of the key");
        assertRefused(
                tuning(Vocabulary.COMMAND_LINE).writeDatacenters(List.of("dc1", "dc2")),
                "--write-dc names one datacenter when tuning (the write's coordinator), had 2: dc1, dc2");
        assertRefused(
                tuning(Vocabulary.COMMAND_LINE).readDatacenters(List.of("dc9")),
                "--read-dc names datacenter 'dc9', which is not one of the profile's: dc1, dc2, dc3");
        assertRefused(
                tuning(Vocabulary.COMMAND_LINE).readLevels(List.of("SERIAL")),
                "--read-level must be one of ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM, "
                        + "was 'SERIAL'");
        assertRefused(
                tuning(Vocabulary.JSON).replicas(5L),
                "'n' is 5, but the profile edge places 3 replicas (dc1:2,dc2:1,dc3:0); leave it out");
        assertRefused(
                tuning(Vocabulary.COMMAND_LINE).replicas("3..4"),
                "--n is a range (3..4), but tuning consistency levels keeps N fixed: the replicas the profile "
                        + "places; leave it out");
        assertRefused(
                tuning(Vocabulary.COMMAND_LINE).levels(Levels.CASSANDRA),
                "--levels is for (N, R, W) tuning; with consistency levels across datacenters every (write level, "
                        + "read level) pair the topology allows is tried, unless --write-level or --read-level name "
                        + "some");
        assertRefused(
                tuning(Vocabulary.COMMAND_LINE)
                        .readLevels(List.of("LOCAL_QUORUM"))
                        .readDatacenters(List.of("dc3")),
                "--read-level: LOCAL_QUORUM in datacenter dc3 is not possible: it holds no replica of the key");
    }

    @Test
    void tooManyCombinations_areRefusedNamingHowToAskForFewer() {
        LatencyProfile tenDatacenters = LatencyProfile.builder("ten")
                .provenance("test")
                .defaults(MessageDelays.all(Constant.of(1)))
                .topology(DatacenterTopology.named(
                        List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j"),
                        new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
                        Constant.of(20),
                        List.of(),
                        CoordinatorPlacement.RANDOM))
                .build();

        assertThatThrownBy(() -> TuningQuestion.builder(
                                tenDatacenters, QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE)
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageStartingWith(
                        "that is 640 (write level, read level, read datacenter) combinations, more " + "than the "
                                + dev.pbs.montecarlo.LevelSimulationSpec.MAX_CONFIGURATIONS + " one run evaluates");
    }

    @Test
    void slaWithLevels_readsEveryDatacenterByDefault_andRefusesRAndW() {
        SlaQuestion question = SlaQuestion.builder(EDGE, QuestionLimits.COMMAND_LINE, Vocabulary.JSON)
                .levels("EACH_QUORUM", "ONE", null, null)
                .build();

        assertThat(question.isLevels()).isTrue();
        assertThat(question.prediction().levelSimulation().configurations())
                .extracting(configuration -> configuration.readDatacenter())
                .containsExactly(0, 1, 2);
        assertThat(question.prediction()
                        .levelSimulation()
                        .configurations()
                        .get(0)
                        .writeLevel())
                .isEqualTo(ConsistencyLevel.EACH_QUORUM);

        assertThatThrownBy(() -> SlaQuestion.builder(EDGE, QuestionLimits.COMMAND_LINE, Vocabulary.JSON)
                        .quorums("1", "1")
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("'r' is for (R, W), but the profile edge places its replicas in named datacenters "
                        + "(dc1:2,dc2:1,dc3:0), so it is answered in consistency levels across them: use 'write_level' "
                        + "and 'read_level'");
    }

    private static void assertRefused(TuningQuestion.Builder builder, String message) {
        assertThatThrownBy(builder::build)
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageContaining(message);
    }
}
