package dev.pbs.formats.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.cassandra.cluster.ClockReading;
import dev.pbs.cassandra.cluster.NodePause;
import dev.pbs.cassandra.cluster.SignalTiming;
import dev.pbs.cassandra.fidelity.FidelitySettings;
import dev.pbs.cassandra.fidelity.PauseCell;
import dev.pbs.cassandra.fidelity.PauseFidelityResult;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.model.profile.BuiltInProfiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PauseFidelityReportTest {

    /** One comparison (TwoPointComparison) with the read's and the write's p99. */
    private static ObservedStaleness comparison(double offset, double readP99Predicted) {
        return TwoPointComparison.of(
                offset,
                List.of(
                        new ObservedStaleness.LatencyComparison("read", 99, 160.0, readP99Predicted, 0.05),
                        new ObservedStaleness.LatencyComparison("write", 99, 27.0, 27.7, 0.02)));
    }

    private static PauseFidelityResult result() {
        FidelitySettings settings = new FidelitySettings(
                3, 10, 5, 1000, 10, FidelitySettings.DEFAULT_DELAYS_MILLIS, Path.of("cluster"), 31);
        PauseCell cell = new PauseCell(settings, 2, Duration.ofSeconds(2), Duration.ofMillis(200));
        NodePause pause = new NodePause(
                2,
                new SignalTiming(new ClockReading(1_000_000, 0), new ClockReading(1_000_500, 500_000)),
                new SignalTiming(new ClockReading(1_200_000, 200_000_000), new ClockReading(1_200_400, 200_400_000)));
        return new PauseFidelityResult(
                cell,
                BuiltInProfiles.named("lnkd-ssd").orElseThrow(),
                comparison(0.0058, 37.0),
                comparison(0.0137, 168.2),
                comparison(0.0122, 37.4),
                List.of(pause, pause, pause),
                Duration.ofSeconds(686));
    }

    @Test
    void text_namesTheCellAndEachComparisonWithItsFigures() {
        String text = PauseFidelityReport.text(result());

        assertThat(text)
                .startsWith("pbs fidelity --fault pause: node 2 (127.0.0.32) paused 200 ms every 2000 ms, 3 pauses"
                        + " made; 686 s in all")
                .contains("healthy, against the healthy profile: RMSE 0.0058")
                .contains("node pausing, predicted with the pauses: RMSE 0.0137 (from t = 40 ms on 0.0137)")
                .contains("node pausing, predicted without them: RMSE 0.0122")
                .contains("read p99: observed 160.00 ms, predicted 168.20 ms")
                .contains("read p99: observed 160.00 ms, predicted 37.40 ms");
        assertThat(text.indexOf("predicted with the pauses"))
                .isLessThan(text.indexOf("predicted 168.20"))
                .isGreaterThan(text.indexOf("predicted 37.00"));
    }

    @Test
    void json_carriesTheFiguresByName() throws Exception {
        JsonNode json = JsonMapping.mapper().readTree(PauseFidelityReport.json(result()));

        assertThat(json.get("fault").asText()).isEqualTo("pause");
        assertThat(json.get("node").asInt()).isEqualTo(2);
        assertThat(json.get("every_ms").asDouble()).isEqualTo(2000);
        assertThat(json.get("for_ms").asDouble()).isEqualTo(200);
        assertThat(json.get("pauses_made").asInt()).isEqualTo(3);
        assertThat(json.get("writes").asInt()).isEqualTo(1000);
        assertThat(json.get("elapsed_s").asLong()).isEqualTo(686);
        assertThat(json.get("healthy").get("rmse").asDouble()).isCloseTo(0.0058, within(1e-9));
        JsonNode withPauses = json.get("paused_with_pauses");
        assertThat(withPauses.get("rmse").asDouble()).isCloseTo(0.0137, within(1e-9));
        assertThat(withPauses.get("noise_floor").asDouble()).isPositive();
        // The tail, from 40 ms: the point at 100 ms alone.
        assertThat(withPauses.get("tail_from_ms").asDouble()).isEqualTo(40);
        assertThat(withPauses.get("rmse_tail").asDouble()).isCloseTo(0.0137, within(1e-9));
        assertThat(withPauses.get("points")).hasSize(2);
        assertThat(withPauses.get("points").get(1).get("t_ms").asDouble()).isEqualTo(100);
        assertThat(withPauses.get("points").get(1).get("observed").asDouble()).isEqualTo(0.987);
        assertThat(withPauses.get("points").get(1).get("reads").asLong()).isEqualTo(1000);
        assertThat(withPauses.get("latencies").get(0).get("predicted_ms").asDouble())
                .isEqualTo(168.2);
        assertThat(json.get("paused_without_pauses").get("rmse").asDouble()).isCloseTo(0.0122, within(1e-9));
    }
}
