package dev.pbs.questions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class PredictionQuestionTest {

    private static final LatencyProfile PROFILE =
            BuiltInProfiles.named("lnkd-disk").orElseThrow();
    private static final QuestionLimits SERVICE = new QuestionLimits(8, 200_000, 2_000, 4);

    private static PredictionQuestionBuilder json() {
        return PredictionQuestion.builder(PROFILE, SERVICE, Vocabulary.JSON);
    }

    private static PredictionQuestionBuilder commandLine() {
        return PredictionQuestion.builder(PROFILE, QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE);
    }

    @Test
    void build_onlyN_takesTheCommandLineDefaultsAndTheLimitsDefaultTrials() {
        PredictionQuestion question = json().replicas(3L).build();

        SimulationSpec simulation = question.simulation();
        assertThat(simulation.configurations()).hasSize(9);
        assertThat(simulation.trials()).isEqualTo(2_000);
        assertThat(simulation.seed()).isEqualTo(PredictionQuestion.DEFAULT_SEED);
        assertThat(simulation.visibilityGridMillis()).containsExactly(0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000);
        assertThat(simulation.readFanout()).isEqualTo(ReadFanout.ALL);
        assertThat(question.report()).isEqualTo(ReportOptions.DEFAULT);
        assertThat(question.seeded()).isFalse();
    }

    @Test
    void build_everyValueGiven_carriesThemToTheSimulation() {
        PredictionQuestion question = commandLine()
                .replicas(5L)
                .quorums("ONE", "QUORUM")
                .timesMillis(List.of(0.0, 7.5))
                .windows(List.of(0.9))
                .percentiles(List.of(99.0))
                .versionsBehind(List.of(2L))
                .trials(1234L)
                .seed(-9L)
                .threads(2)
                .readFanout(ReadFanout.TARGETED)
                .coordinatorReplica(true)
                .build();

        SimulationSpec simulation = question.simulation();
        assertThat(simulation.configurations())
                .singleElement()
                .satisfies(configuration -> assertThat(configuration.r()).isEqualTo(1))
                .satisfies(configuration -> assertThat(configuration.w()).isEqualTo(3));
        assertThat(simulation.visibilityGridMillis()).containsExactly(0, 7.5);
        assertThat(simulation.trials()).isEqualTo(1234);
        assertThat(simulation.seed()).isEqualTo(-9);
        assertThat(simulation.threads()).isEqualTo(2);
        assertThat(simulation.readFanout()).isEqualTo(ReadFanout.TARGETED);
        assertThat(simulation.coordinatorReplica()).isTrue();
        assertThat(question.report()).isEqualTo(new ReportOptions(List.of(0.9), List.of(99.0), List.of(2)));
        assertThat(question.seeded()).isTrue();
    }

    @Test
    void build_nAboveTheLimit_namesTheFieldInEachVocabulary() {
        assertThatThrownBy(() -> json().replicas(9L).build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("'n' must be between 1 and 8, was 9");
        assertThatThrownBy(() -> commandLine().replicas(0L).build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("--n must be between 1 and 1024, was 0");
    }

    @Test
    void build_missingN_isRequired() {
        assertThatThrownBy(() -> json().build()).hasMessage("'n' is required");
    }

    @Test
    void build_onlyOneQuorum_asksForBoth() {
        assertThatThrownBy(() -> json().replicas(3L).quorums("1", null).build())
                .hasMessage("give both 'r' and 'w', or neither for every (R, W); only 'r' was given");
        assertThatThrownBy(() -> commandLine().replicas(3L).quorums(null, "1").build())
                .hasMessage("give both --r and --w, or neither for every (R, W); only --w was given");
    }

    @Test
    void build_allWithQuorums_isRefused() {
        assertThatThrownBy(() -> commandLine()
                        .replicas(3L)
                        .quorums("1", "1")
                        .everyConfiguration(true)
                        .build())
                .hasMessage("--all cannot be combined with --r and --w");
    }

    @Test
    void build_everyConfigurationOfALargeN_asksForOne() {
        assertThatThrownBy(() -> commandLine().replicas(17L).build())
                .hasMessage("every (R, W) of N=17 is 289 configurations, more than the 256 one run evaluates: "
                        + "give --r and --w");
    }

    @Test
    void build_badReportValues_nameTheFieldAndTheValue() {
        assertThatThrownBy(() -> json().replicas(3L).timesMillis(List.of(-1.0)).build())
                .hasMessage("'t_ms' must hold times after commit >= 0 ms, had -1");
        assertThatThrownBy(() -> json().replicas(3L).windows(List.of(1.5)).build())
                .hasMessage("'windows' must hold probabilities in (0, 1], had 1.5");
        assertThatThrownBy(() -> json().replicas(3L).percentiles(List.of(0.0)).build())
                .hasMessage("'percentiles' must hold percentiles in (0, 100], had 0");
        assertThatThrownBy(() -> json().replicas(3L).versionsBehind(List.of(0L)).build())
                .hasMessage("'k' must hold whole numbers k >= 1, had 0");
        assertThatThrownBy(() -> json().replicas(3L).windows(List.of()).build())
                .hasMessage("'windows' needs at least one value");
    }

    @Test
    void build_trialsAboveTheLimit_namesTheLimit() {
        assertThatThrownBy(() -> json().replicas(3L).trials(200_001L).build())
                .hasMessage("'trials' must be between 1 and 200000, was 200001");
    }

    @Test
    void build_speculativeRetry_reachesTheSimulationInCassandrasSpelling() {
        SimulationSpec simulation = json().replicas(3L)
                .readFanout(ReadFanout.TARGETED)
                .speculativeRetry("min(99p, 20ms)")
                .build()
                .simulation();
        assertThat(simulation.speculativeRetry().text()).isEqualTo("MIN(99p,20ms)");
        assertThat(json().replicas(3L).build().simulation().speculativeRetry().speculates())
                .isFalse();
    }

    @Test
    void build_readRepair_blockingReachesTheSimulationAndBadValuesAreNamed() {
        assertThat(json().replicas(3L)
                        .readRepair("BLOCKING")
                        .build()
                        .simulation()
                        .readRepair())
                .isEqualTo(dev.pbs.model.readpath.ReadRepair.BLOCKING);
        assertThat(json().replicas(3L).build().simulation().readRepair())
                .isEqualTo(dev.pbs.model.readpath.ReadRepair.OFF);
        assertThat(json().replicas(3L).readRepair("none").build().simulation().readRepair())
                .isEqualTo(dev.pbs.model.readpath.ReadRepair.NONE);
        assertThatThrownBy(() -> json().replicas(3L).readRepair("async").build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("'read_repair' must be blocking, none or off, was 'async'");
        List<Double> manyTimes = java.util.stream.IntStream.range(0, 101)
                .mapToObj(t -> (double) t)
                .toList();
        assertThatThrownBy(() -> commandLine()
                        .replicas(3L)
                        .readRepair("blocking")
                        .timesMillis(manyTimes)
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("--read-repair blocking is counted at every time of --t, which may then hold at most 100 "
                        + "times, not 101");
        assertThatThrownBy(() -> commandLine()
                        .replicas(3L)
                        .writeLevels(List.of("ONE"))
                        .readLevels(List.of("QUORUM"))
                        .readRepair("blocking")
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageContaining("--read-repair blocking is modelled for (R, W) questions only");
    }

    @Test
    void build_writeRate_asksForSessionGuaranteesAndEachMistakeIsNamed() {
        assertThat(json().replicas(3L).build().sessions()).isNull();
        dev.pbs.montecarlo.SessionSpec sessions =
                json().replicas(3L).sessions(50.0, 10.0).build().sessions();
        assertThat(sessions).isEqualTo(new dev.pbs.montecarlo.SessionSpec(10, 50, SERVICE.defaultTrials()));
        assertThat(commandLine().replicas(3L).sessions(50.0, null).build().sessions())
                .as("back-to-back reads by default; at most the session simulation's default trials")
                .isEqualTo(new dev.pbs.montecarlo.SessionSpec(0, 50, dev.pbs.montecarlo.SessionSpec.DEFAULT_TRIALS));
        assertThatThrownBy(() -> json().replicas(3L).sessions(null, 10.0).build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage(
                        "'read_interval_ms' is for session guarantees: give 'write_rate' too, the writes per second "
                                + "to the key from all clients");
        assertThatThrownBy(() -> commandLine().replicas(3L).sessions(0.0, null).build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("--write-rate must be above 0 and at most 100000 writes per second, was 0.0");
        assertThatThrownBy(() -> json().replicas(3L).sessions(5.0, -1.0).build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessage("'read_interval_ms' must be between 0 and 3600000 ms, was -1.0");
        assertThatThrownBy(() -> json().replicas(3L)
                        .coordinatorReplica(true)
                        .sessions(5.0, null)
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageContaining("'coordinator_replica' cannot be combined with 'write_rate'");
        assertThatThrownBy(() -> commandLine()
                        .replicas(3L)
                        .writeLevels(List.of("ONE"))
                        .readLevels(List.of("QUORUM"))
                        .sessions(5.0, null)
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageContaining("--write-rate asks for session guarantees, simulated for (R, W) questions only");
    }

    @Test
    void build_replicaChoice_snitchWithItsThresholdAndEachMistakeNamed() {
        SimulationSpec simulation = json().replicas(3L)
                .readFanout(ReadFanout.TARGETED)
                .replicaChoice("SNITCH", 0.1)
                .build()
                .simulation();
        assertThat(simulation.replicaChoice()).isEqualTo(dev.pbs.model.readpath.ReplicaChoice.snitch(0.1));
        assertThat(json().replicas(3L)
                        .readFanout(ReadFanout.TARGETED)
                        .replicaChoice("snitch", null)
                        .build()
                        .simulation()
                        .replicaChoice()
                        .badnessThreshold())
                .isEqualTo(1.0);
        assertThatThrownBy(
                        () -> json().replicas(3L).replicaChoice("nearest", null).build())
                .hasMessage("'replica_choice' must be random or snitch, was 'nearest'");
        assertThatThrownBy(() ->
                        commandLine().replicas(3L).replicaChoice("snitch", null).build())
                .hasMessageContaining("--replica-choice snitch orders the R replicas a read asks")
                .hasMessageEndingWith("add --read-fanout targeted");
        assertThatThrownBy(() -> commandLine()
                        .replicas(3L)
                        .readFanout(ReadFanout.TARGETED)
                        .replicaChoice(null, 0.5)
                        .build())
                .hasMessage("--snitch-badness-threshold is the dynamic snitch's: add --replica-choice snitch");
        assertThatThrownBy(() -> json().replicas(3L)
                        .readFanout(ReadFanout.TARGETED)
                        .replicaChoice("snitch", -1.0)
                        .build())
                .hasMessage("'snitch_badness_threshold' must be a finite number >= 0 (Cassandra's default 1.0), was "
                        + "-1.0");
    }

    @Test
    void build_profileWithAReadPath_readsAsItsClusterUnlessTheQuestionSetsOne() {
        dev.pbs.model.readpath.ReadPath measured = new dev.pbs.model.readpath.ReadPath(
                dev.pbs.model.readpath.SpeculativeRetry.parse("99p"),
                dev.pbs.model.readpath.ReadRepair.BLOCKING,
                dev.pbs.model.readpath.ReplicaChoice.snitch(1));
        LatencyProfile probed = PROFILE.toBuilder("probed").readPath(measured).build();
        SimulationSpec asMeasured = PredictionQuestion.builder(probed, SERVICE, Vocabulary.JSON)
                .replicas(3L)
                .build()
                .simulation();
        assertThat(asMeasured.readFanout()).isEqualTo(ReadFanout.TARGETED);
        assertThat(asMeasured.speculativeRetry()).isEqualTo(measured.speculativeRetry());
        assertThat(asMeasured.readRepair()).isEqualTo(measured.readRepair());
        assertThat(asMeasured.replicaChoice()).isEqualTo(measured.replicaChoice());
        // Any read option of the question replaces the whole read path.
        SimulationSpec asked = PredictionQuestion.builder(probed, SERVICE, Vocabulary.JSON)
                .replicas(3L)
                .readFanout(ReadFanout.ALL)
                .build()
                .simulation();
        assertThat(asked.readFanout()).isEqualTo(ReadFanout.ALL);
        assertThat(asked.speculativeRetry().speculates()).isFalse();
        assertThat(asked.readRepair()).isEqualTo(dev.pbs.model.readpath.ReadRepair.OFF);
    }

    @Test
    void build_badSpeculativeRetry_namesTheFieldTheValueAndWhatItNeeds() {
        assertThatThrownBy(() -> json().replicas(3L)
                        .readFanout(ReadFanout.TARGETED)
                        .speculativeRetry("often")
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageStartingWith("'speculative_retry' is not understood: speculative retry 'often'");
        assertThatThrownBy(
                        () -> commandLine().replicas(3L).speculativeRetry("99p").build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageContaining("--speculative-retry asks one more replica than R")
                .hasMessageEndingWith("add --read-fanout targeted");
        assertThatThrownBy(() -> commandLine()
                        .replicas(3L)
                        .writeLevels(List.of("ONE"))
                        .readLevels(List.of("ONE"))
                        .speculativeRetry("ALWAYS")
                        .build())
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageContaining("--speculative-retry is modelled for (R, W) questions only");
    }
}
