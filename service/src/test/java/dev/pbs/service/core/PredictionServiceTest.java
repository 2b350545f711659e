package dev.pbs.service.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.formats.wire.Prediction;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.PredictionQuestionBuilder;
import dev.pbs.questions.Vocabulary;
import dev.pbs.service.PbsConfiguration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class PredictionServiceTest {

    private static PredictionQuestion request(long seed, boolean seeded) {
        return PredictionQuestion.builder(
                        BuiltInProfiles.named("lnkd-ssd").orElseThrow(),
                        new PbsConfiguration.Limits().questionLimits(),
                        Vocabulary.JSON)
                .replicas(3L)
                .trials(5000L)
                .seed(seeded ? seed : null)
                .build();
    }

    @Test
    void prediction_sameSeededRequestTwice_isServedFromTheCache() throws Exception {
        PredictionService service = new PredictionService(1, 0, 8);
        Prediction first = service.prediction(request(3, true));
        Prediction second = service.prediction(request(3, true));

        assertThat(second).isSameAs(first);
        assertThat(service.cacheHits()).isEqualTo(1);
        assertThat(service.cacheMisses()).isEqualTo(1);
    }

    @Test
    void cacheKeys_questionsThatDifferOnlyInTheReadPathOrSessions_differ() {
        dev.pbs.model.profile.LatencyProfile profile =
                BuiltInProfiles.named("lnkd-ssd").orElseThrow();
        java.util.function.Function<java.util.List<String>, String> tuning =
                retries -> QuestionKeys.of(dev.pbs.questions.TuningQuestion.builder(
                                profile, new PbsConfiguration.Limits().questionLimits(), Vocabulary.JSON)
                        .replicas(3L)
                        .requirements(java.util.List.of("window@0.999<=50ms"))
                        .readFanout(dev.pbs.montecarlo.ReadFanout.TARGETED)
                        .speculativeRetries(retries)
                        .seed(1L)
                        .build());
        assertThat(tuning.apply(java.util.List.of("NONE"))).isNotEqualTo(tuning.apply(java.util.List.of("ALWAYS")));
        assertThat(tuning.apply(java.util.List.of("NONE", "ALWAYS")))
                .isNotEqualTo(tuning.apply(java.util.List.of("ALWAYS", "NONE")));
        PredictionQuestion plain = request(3, true);
        PredictionQuestion sessions = PredictionQuestion.builder(
                        profile, new PbsConfiguration.Limits().questionLimits(), Vocabulary.JSON)
                .replicas(3L)
                .trials(5000L)
                .seed(3L)
                .sessions(10.0, null)
                .build();
        assertThat(QuestionKeys.of(plain)).isNotEqualTo(QuestionKeys.of(sessions));
    }

    /** The faults reach the key through the simulated profile (ProfileJson writes its faults), the recovery itself. */
    @Test
    void cacheKeys_questionsThatDifferOnlyInTheirFaultsOrRecovery_differ() {
        Function<UnaryOperator<PredictionQuestionBuilder>, String> key =
                faults -> QuestionKeys.of(faults.apply(PredictionQuestion.builder(
                                        BuiltInProfiles.named("lnkd-ssd").orElseThrow(),
                                        new PbsConfiguration.Limits().questionLimits(),
                                        Vocabulary.JSON)
                                .replicas(3L)
                                .trials(5000L)
                                .seed(3L))
                        .build());
        String pauses = key.apply(question -> question.pauses(2000.0, 200.0, null));

        assertThat(key.apply(question -> question.pauses(2000.0, 200.0, null))).isEqualTo(pauses);
        assertThat(pauses)
                .isNotEqualTo(key.apply(question -> question))
                .isNotEqualTo(key.apply(question -> question.pauses(2000.0, 201.0, null)))
                .isNotEqualTo(key.apply(question -> question.pauses(2000.0, 200.0, "random")))
                .isNotEqualTo(key.apply(
                        question -> question.pauses(2000.0, 200.0, null).faultyReplicas(List.of(3L))));
        UnaryOperator<PredictionQuestionBuilder> outages =
                question -> question.outages(3_600_000.0, 20_000.0, null, 5000.0);
        String recovery = key.apply(question -> outages.apply(question).recovery(20_000.0, List.of(0.0, 5000.0)));
        assertThat(recovery)
                .isNotEqualTo(key.apply(outages))
                .isNotEqualTo(key.apply(question -> outages.apply(question).recovery(10_000.0, List.of(0.0, 5000.0))))
                .isNotEqualTo(key.apply(question -> outages.apply(question).recovery(20_000.0, List.of(0.0, 6000.0))))
                .isNotEqualTo(key.apply(question -> question.outages(3_600_000.0, 20_000.0, null, 6000.0)
                        .recovery(20_000.0, List.of(0.0, 5000.0))));
    }

    @Test
    void prediction_withoutSeed_isNotCached() throws Exception {
        PredictionService service = new PredictionService(1, 0, 8);
        service.prediction(request(0, false));
        service.prediction(request(0, false));

        assertThat(service.cacheHits()).isZero();
        assertThat(service.cacheMisses()).isZero();
    }

    @Test
    void simulate_whenEverySlotIsTaken_refusesAtOnceWithRetryAfter() throws Exception {
        PredictionService service = new PredictionService(1, 0, 0);
        SimulationSpec slow = SimulationSpec.builder(
                        BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
                .trials(10_000_000)
                .threads(1)
                .build();
        CompletableFuture<?> running = CompletableFuture.runAsync(() -> service.simulate(slow));
        try {
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (service.simulationsInProgress() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(service.simulationsInProgress()).isEqualTo(1);
            SimulationSpec small = SimulationSpec.builder(
                            BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
                    .trials(1000)
                    .build();
            assertThatThrownBy(() -> service.simulate(small))
                    .isInstanceOfSatisfying(SimulationCapacityException.class, problem -> {
                        assertThat(problem.retryAfterSeconds()).isEqualTo(1);
                        assertThat(problem).hasMessageContaining("busy");
                    });
            assertThat(service.refusedRequests()).isEqualTo(1);
        } finally {
            running.join();
        }
        assertThat(service.simulationsInProgress()).isZero();
    }
}
