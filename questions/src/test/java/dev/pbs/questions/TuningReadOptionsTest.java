package dev.pbs.questions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.tuning.TuningReadPath;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A tuning question's read options: predict's, resolved the same way, with several speculative retry settings. */
class TuningReadOptionsTest {

    private static final LatencyProfile PROFILE =
            BuiltInProfiles.named("lnkd-disk").orElseThrow();

    private static TuningQuestion.Builder commandLine() {
        return TuningQuestion.builder(PROFILE, QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE)
                .replicas("3");
    }

    private static TuningQuestion.Builder json() {
        return TuningQuestion.builder(PROFILE, QuestionLimits.COMMAND_LINE, Vocabulary.JSON)
                .replicas("3");
    }

    private static List<String> texts(TuningReadPath readPath) {
        return readPath.speculativeRetries().stream()
                .map(SpeculativeRetry::text)
                .toList();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "NONE,99p,ALWAYS,20ms          | NONE;99p;ALWAYS;20ms",
                "MIN(99p,20ms)                 | MIN(99p,20ms)",
                "NONE,MIN(99p,20ms),ALWAYS     | NONE;MIN(99p,20ms);ALWAYS",
                "max(99p, 20ms) , none         | max(99p, 20ms);none",
                "ALWAYS                        | ALWAYS",
                "NONE,,99p                     | NONE;;99p",
                "'NONE,'                       | NONE;",
                "MIN(99p,20ms)),ALWAYS         | MIN(99p,20ms));ALWAYS",
            })
    void split_cutsAtCommasOutsideParentheses(String text, String parts) {
        assertThat(TuningReadOptions.split(text)).containsExactly(parts.split(";", -1));
    }

    @Test
    void speculativeRetries_commaSeparatedAndRepeated_areSearchedInTheOrderGiven() {
        TuningReadPath readPath = commandLine()
                .readFanout(ReadFanout.TARGETED)
                .speculativeRetries(List.of("NONE,min(99p, 20ms)", "ALWAYS", "20ms"))
                .build()
                .tuning()
                .readPath();

        assertThat(texts(readPath)).containsExactly("NONE", "MIN(99p,20ms)", "ALWAYS", "20ms");
        assertThat(readPath.readFanout()).isEqualTo(ReadFanout.TARGETED);
        assertThat(readPath.readRepair()).isEqualTo(ReadRepair.OFF);
        assertThat(readPath.replicaChoice()).isEqualTo(ReplicaChoice.random());
    }

    @Test
    void noReadOption_isThePapersReadPath() {
        assertThat(commandLine().build().tuning().readPath()).isEqualTo(TuningReadPath.PAPER);
    }

    @Test
    void readRepairAndSnitch_reachTheReadPath() {
        TuningReadPath readPath = json().readFanout(ReadFanout.TARGETED)
                .readRepair("BLOCKING")
                .replicaChoice("snitch", 0.5)
                .build()
                .tuning()
                .readPath();

        assertThat(readPath.readRepair()).isEqualTo(ReadRepair.BLOCKING);
        assertThat(readPath.replicaChoice()).isEqualTo(ReplicaChoice.snitch(0.5));
        assertThat(texts(readPath)).containsExactly("NONE");
    }

    @Test
    void profileWithAReadPath_isTunedWithItUnlessTheQuestionSetsOne() {
        ReadPath measured = new ReadPath(SpeculativeRetry.parse("99p"), ReadRepair.BLOCKING, ReplicaChoice.snitch(1));
        LatencyProfile probed = PROFILE.toBuilder("probed").readPath(measured).build();

        TuningReadPath asMeasured = TuningQuestion.builder(probed, QuestionLimits.COMMAND_LINE, Vocabulary.JSON)
                .replicas("3")
                .build()
                .tuning()
                .readPath();
        assertThat(asMeasured)
                .isEqualTo(new TuningReadPath(
                        ReadFanout.TARGETED,
                        List.of(measured.speculativeRetry()),
                        measured.readRepair(),
                        measured.replicaChoice()));

        // Any read option of the question replaces the whole read path, as for predict.
        TuningReadPath asked = TuningQuestion.builder(probed, QuestionLimits.COMMAND_LINE, Vocabulary.JSON)
                .replicas("3")
                .speculativeRetries(List.of("NONE"))
                .build()
                .tuning()
                .readPath();
        assertThat(asked).isEqualTo(TuningReadPath.PAPER);
    }

    @Test
    void badSettings_areRefusedNamingTheOptionAndTheProblem() {
        assertThatThrownBy(() -> json().readFanout(ReadFanout.TARGETED)
                        .speculativeRetries(List.of("NONE,often"))
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageStartingWith("'speculative_retry' is not understood: speculative retry 'often'");
        assertThatThrownBy(() ->
                        commandLine().speculativeRetries(List.of("NONE,99p")).build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageStartingWith("--speculative-retry asks one more replica than R")
                .hasMessageEndingWith("add --read-fanout targeted");
        assertThatThrownBy(() -> commandLine()
                        .readFanout(ReadFanout.TARGETED)
                        .speculativeRetries(List.of("ALWAYS", "NONE,always"))
                        .build())
                .hasMessage("--speculative-retry lists ALWAYS twice ('ALWAYS' and 'always')");
        assertThatThrownBy(() -> commandLine()
                        .readFanout(ReadFanout.TARGETED)
                        .speculativeRetries(List.of("NONE,,99p"))
                        .build())
                .hasMessage("--speculative-retry has an empty setting in 'NONE,,99p': separate settings with single "
                        + "commas, such as NONE,99p,ALWAYS");
        assertThatThrownBy(() -> json().speculativeRetries(List.of()).build())
                .hasMessageStartingWith("'speculative_retry' needs at least one setting (NONE, ALWAYS");
        assertThatThrownBy(() -> json().readFanout(ReadFanout.TARGETED)
                        .speculativeRetries(List.of("NONE,1ms,2ms,3ms,4ms,5ms,6ms,7ms,8ms"))
                        .build())
                .hasMessage("'speculative_retry' may list at most 8 settings, had 9");
        assertThatThrownBy(() -> json().readRepair("sometimes").build())
                .hasMessage("'read_repair' must be blocking, none or off, was 'sometimes'");
        assertThatThrownBy(() -> json().replicaChoice("fastest", null).build())
                .hasMessage("'replica_choice' must be random or snitch, was 'fastest'");
    }

    @Test
    void blockingRepair_withMoreRequirementTimesThanItCounts_isRefused() {
        List<String> requirements = new ArrayList<>();
        for (int t = 1; t <= 100; t++) {
            requirements.add("consistency@" + t + "ms>=0.5");
        }
        assertThatThrownBy(() -> commandLine()
                        .readRepair("blocking")
                        .requirements(requirements)
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("--read-repair blocking is counted at every time of --require, which may then hold at "
                        + "most 100 times, not 101");
    }

    @Test
    void levelsAcrossDatacenters_refuseWhatPredictRefuses() {
        LatencyProfile regions = BuiltInProfiles.named("ec2-three-regions").orElseThrow();
        assertThatThrownBy(() -> TuningQuestion.builder(regions, QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE)
                        .speculativeRetries(List.of("NONE,ALWAYS"))
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("--speculative-retry is modelled for (R, W) questions only so far, not for consistency "
                        + "levels across datacenters");
        assertThatThrownBy(() -> TuningQuestion.builder(regions, QuestionLimits.COMMAND_LINE, Vocabulary.JSON)
                        .readRepair("blocking")
                        .build())
                .hasMessageStartingWith("'read_repair' blocking is modelled for (R, W) questions only");
        assertThat(TuningQuestion.builder(regions, QuestionLimits.COMMAND_LINE, Vocabulary.JSON)
                        .speculativeRetries(List.of("NONE"))
                        .readRepair("off")
                        .build()
                        .isLevels())
                .isTrue();
        // Cassandra's NONE reads again on a digest mismatch, which levels do not model yet.
        assertThatThrownBy(() -> TuningQuestion.builder(regions, QuestionLimits.COMMAND_LINE, Vocabulary.JSON)
                        .readRepair("none")
                        .build())
                .hasMessageStartingWith("'read_repair' none is modelled for (R, W) questions only");
    }
}
