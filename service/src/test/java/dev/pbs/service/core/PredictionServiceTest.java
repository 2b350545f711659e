package dev.pbs.service.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.wire.Prediction;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.service.PbsConfiguration;
import dev.pbs.service.errors.ApiProblem;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PredictionServiceTest {

    private static PredictionRequest request(String json) throws Exception {
        return PredictionRequest.parse(JsonMapping.mapper().readTree(json), BuiltInProfiles::named,
                new PbsConfiguration.Limits(), 1);
    }

    @Test
    void prediction_sameSeededRequestTwice_isServedFromTheCache() throws Exception {
        PredictionService service = new PredictionService(1, 0, 8);
        String body = "{\"profile\": \"lnkd-ssd\", \"n\": 3, \"trials\": 5000, \"seed\": 3}";

        Prediction first = service.prediction(request(body));
        Prediction second = service.prediction(request(body));

        assertThat(second).isSameAs(first);
        assertThat(service.cacheHits()).isEqualTo(1);
        assertThat(service.cacheMisses()).isEqualTo(1);
    }

    @Test
    void prediction_withoutSeed_isNotCached() throws Exception {
        PredictionService service = new PredictionService(1, 0, 8);
        String body = "{\"profile\": \"lnkd-ssd\", \"n\": 3, \"trials\": 5000}";

        service.prediction(request(body));
        service.prediction(request(body));

        assertThat(service.cacheHits()).isZero();
        assertThat(request(body).cacheKey()).isEqualTo(Optional.empty());
    }

    @Test
    void simulate_whenEverySlotIsTaken_refusesAtOnceWith503AndRetryAfter() throws Exception {
        PredictionService service = new PredictionService(1, 0, 0);
        SimulationSpec slow = SimulationSpec.builder(BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
                .trials(10_000_000).threads(1).build();
        CompletableFuture<?> running = CompletableFuture.runAsync(() -> service.simulate(slow));
        try {
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (service.simulationsInProgress() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(service.simulationsInProgress()).isEqualTo(1);
            SimulationSpec small = SimulationSpec.builder(BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
                    .trials(1000).build();
            assertThatThrownBy(() -> service.simulate(small)).isInstanceOfSatisfying(ApiProblem.class, problem -> {
                assertThat(problem.getResponse().getStatus()).isEqualTo(503);
                assertThat(problem.getResponse().getHeaderString("Retry-After")).isEqualTo("1");
            });
            assertThat(service.refusedRequests()).isEqualTo(1);
        } finally {
            running.join();
        }
        assertThat(service.simulationsInProgress()).isZero();
    }
}
