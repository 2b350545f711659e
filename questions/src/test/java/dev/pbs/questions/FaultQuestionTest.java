package dev.pbs.questions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.OutageProcess;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ReadFanout;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fault options of a prediction question: how they resolve, and every refusal by name. */
class FaultQuestionTest {

    private static final LatencyProfile PROFILE =
            BuiltInProfiles.named("lnkd-disk").orElseThrow();
    private static final OutageProcess PROFILE_OUTAGES =
            new OutageProcess(Exponential.ofMean(1e7), Constant.of(20_000), 60_000, Constant.of(4_000));
    private static final LatencyProfile FAULTY = PROFILE.toBuilder()
            .faults(new Faults(null, PROFILE_OUTAGES, List.of(2)))
            .build();

    private static PredictionQuestionBuilder commandLine(LatencyProfile profile) {
        return PredictionQuestion.builder(profile, QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE)
                .replicas(3L);
    }

    private static PredictionQuestionBuilder json(LatencyProfile profile) {
        return PredictionQuestion.builder(profile, QuestionLimits.COMMAND_LINE, Vocabulary.JSON)
                .replicas(3L);
    }

    @Test
    void pauses_resolveToARenewalProcess_andReadsDefaultToTheTargetedFanout() {
        PredictionQuestion question = commandLine(PROFILE)
                .pauses(2000.0, 200.0, null)
                .faultyReplicas(List.of(3L))
                .build();

        Faults faults = question.simulation().profile().faults();
        assertThat(faults.pauses()).isEqualTo(new PauseProcess(Constant.of(1800), Constant.of(200)));
        assertThat(faults.outages()).isNull();
        assertThat(faults.replicas()).containsExactly(2);
        assertThat(question.simulation().readFanout()).isEqualTo(ReadFanout.TARGETED);

        PauseProcess random = commandLine(PROFILE)
                .pauses(2000.0, 200.0, "random")
                .build()
                .simulation()
                .profile()
                .faults()
                .pauses();
        assertThat(random.interval()).isEqualTo(Exponential.ofMean(1800));
    }

    @Test
    void outageOptions_replaceTheProfilesPartByPart() {
        Faults window = commandLine(FAULTY)
                .outages(null, null, 1000.0, null)
                .build()
                .simulation()
                .profile()
                .faults();
        assertThat(window.outages().hintWindowMillis()).isEqualTo(1000);
        assertThat(window.outages().hintReplayDelay()).isEqualTo(Constant.of(4_000));
        assertThat(window.replicas()).containsExactly(2);

        Faults fresh = commandLine(PROFILE)
                .outages(3_600_000.0, 20_000.0, null, 5_000.0)
                .build()
                .simulation()
                .profile()
                .faults();
        assertThat(fresh.outages())
                .isEqualTo(new OutageProcess(
                        Exponential.ofMean(3_600_000),
                        Constant.of(20_000),
                        OutageProcess.DEFAULT_HINT_WINDOW_MILLIS,
                        Constant.of(5_000)));
        assertThat(fresh.replicas()).isEmpty();

        assertThat(commandLine(FAULTY)
                        .healthy(true)
                        .build()
                        .simulation()
                        .profile()
                        .faults())
                .isEqualTo(Faults.NONE);
    }

    @Test
    void recovery_isTheClosedFormAtEachTime() {
        PredictionQuestion question =
                commandLine(FAULTY).recovery(120_000.0, List.of(0.0, 4_000.0)).build();

        RecoveryCurve recovery = question.recovery();
        assertThat(recovery.hintedFraction()).isEqualTo(0.5);
        assertThat(recovery.points())
                .extracting(RecoveryCurve.Point::consistent)
                .containsExactly(0.0, 0.5);
        assertThat(commandLine(FAULTY)
                        .recovery(20_000.0, null)
                        .build()
                        .recovery()
                        .sinceReturnMillis())
                .isEqualTo(RecoveryCurve.DEFAULT_TIMES_MILLIS);
        assertThat(commandLine(FAULTY).build().recovery()).isNull();
        assertThat(question.simulation().profile().faults().outages().fractionDown())
                .isCloseTo(20_000 / (1e7 + 20_000), within(1e-12));
    }

    @Test
    void badOptions_areNamedInTheAskersWords() {
        assertThatThrownBy(() -> commandLine(PROFILE).pauses(2000.0, null, null).build())
                .hasMessage("--pause-every needs --pause-for too");
        assertThatThrownBy(() -> json(PROFILE).pauses(200.0, 200.0, null).build())
                .hasMessage("'pause_every_ms' is the time from the start of one pause to the start of the next, so it "
                        + "must be longer than 'pause_for_ms' (200 ms), was 200 ms");
        assertThatThrownBy(() -> commandLine(PROFILE).pauses(2000.0, -1.0, null).build())
                .hasMessage("--pause-for must be above 0 and at most ten years in ms, was -1");
        assertThatThrownBy(() ->
                        commandLine(PROFILE).pauses(2000.0, 200.0, "sometimes").build())
                .hasMessage("--pause-timing must be regular or random, was 'sometimes'");
        assertThatThrownBy(
                        () -> commandLine(PROFILE).pauses(null, null, "random").build())
                .hasMessage("--pause-timing shapes the pauses --pause-every and --pause-for give: add them");
        assertThatThrownBy(() -> commandLine(PROFILE)
                        .outages(3_600_000.0, 20_000.0, null, null)
                        .build())
                .hasMessageStartingWith("--outage-every needs --hint-replay too");
        assertThatThrownBy(() ->
                        commandLine(PROFILE).outages(null, null, null, 100.0).build())
                .hasMessage("--hint-replay is about hints of writes made during outages: add --outage-every and "
                        + "--outage-for");
        assertThatThrownBy(() ->
                        commandLine(FAULTY).outages(null, null, -5.0, null).build())
                .hasMessage("--hint-window must be between 0 and ten years in ms, was -5");
        assertThatThrownBy(() -> commandLine(PROFILE)
                        .pauses(2000.0, 200.0, null)
                        .faultyReplicas(List.of(4L))
                        .build())
                .hasMessage("--faulty-replicas must name replicas from 1 to N = 3, had 4");
        assertThatThrownBy(() -> commandLine(PROFILE)
                        .pauses(2000.0, 200.0, null)
                        .faultyReplicas(List.of(1L, 1L))
                        .build())
                .hasMessage("--faulty-replicas names replica 1 twice");
        assertThatThrownBy(
                        () -> commandLine(PROFILE).faultyReplicas(List.of(1L)).build())
                .hasMessageStartingWith("--faulty-replicas names the replicas struck by faults, but the question "
                        + "gives none and the profile lnkd-disk has none");
        assertThatThrownBy(() -> commandLine(FAULTY)
                        .healthy(true)
                        .pauses(2000.0, 200.0, null)
                        .build())
                .hasMessage("--healthy simulates no fault, so it cannot be combined with --pause-every");
        assertThatThrownBy(() -> commandLine(PROFILE).recovery(20_000.0, null).build())
                .hasMessageStartingWith("--recovery-outage asks how a replica recovers from an outage through its "
                        + "hints, which needs outages");
        assertThatThrownBy(
                        () -> commandLine(FAULTY).recovery(null, List.of(1.0)).build())
                .hasMessageStartingWith("--recovery-times are times after a replica's return");
        assertThatThrownBy(() -> commandLine(FAULTY).recovery(0.0, null).build())
                .hasMessage("--recovery-outage must be above 0 and at most ten years in ms, was 0");
    }

    @Test
    void faults_withWhatTheyAreNotSimulatedWith_areRefusedByName() {
        assertThatThrownBy(() -> commandLine(FAULTY).readFanout(ReadFanout.ALL).build())
                .hasMessageStartingWith("--read-fanout must be targeted (Cassandra's read): faulty replicas (");
        assertThatThrownBy(() -> commandLine(FAULTY).speculativeRetry("99p").build())
                .hasMessageStartingWith("--speculative-retry must be NONE: faulty replicas");
        assertThatThrownBy(() -> commandLine(FAULTY).readRepair("blocking").build())
                .hasMessageStartingWith("--read-repair must be off: faulty replicas");
        assertThatThrownBy(() -> commandLine(FAULTY).coordinatorReplica(true).build())
                .hasMessageStartingWith("--coordinator-replica cannot be combined with faults");
        assertThatThrownBy(() -> json(FAULTY).sessions(10.0, null).build())
                .hasMessageStartingWith(
                        "'write_rate' asks for session guarantees, simulated for healthy replicas only");
        assertThatThrownBy(() -> commandLine(PROFILE)
                        .pauses(2000.0, 200.0, null)
                        .writeLevels(List.of("ONE"))
                        .readLevels(List.of("ONE"))
                        .build())
                .hasMessageStartingWith("--pause-every is about faulty replicas, simulated for (R, W) questions only");
        assertThatThrownBy(() -> TuningQuestion.builder(FAULTY, QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE)
                        .build())
                .hasMessageStartingWith("the profile lnkd-disk has faulty replicas (");
    }
}
