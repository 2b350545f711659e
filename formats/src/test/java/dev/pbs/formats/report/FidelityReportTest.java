package dev.pbs.formats.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.cassandra.calibration.TracingCost;
import dev.pbs.cassandra.fidelity.FidelityResult;
import dev.pbs.cassandra.fidelity.FidelitySettings;
import dev.pbs.cassandra.fidelity.ProfileChoice;
import dev.pbs.cassandra.fidelity.ReadPathComparison;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.probe.ClientLatencies;
import dev.pbs.cassandra.probe.NodeHealth;
import dev.pbs.cassandra.probe.ProbeCounters;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.WarsRecorder;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ProportionEstimate;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FidelityReportTest {

    private static final LatencyProfile PROFILE =
            BuiltInProfiles.named("lnkd-ssd").orElseThrow();

    /** One comparison (TwoPointComparison) with the read's p99. */
    private static ObservedStaleness comparison(double offset, double readP99Predicted) {
        return TwoPointComparison.of(
                offset, List.of(new ObservedStaleness.LatencyComparison("read", 99, 16.0, readP99Predicted, 0.05)));
    }

    private static ProbeSnapshot snapshot() {
        NodeHealth health = new NodeHealth();
        health.know("127.0.0.1", true);
        WarsRecorder recorder = new WarsRecorder();
        return new ProbeSnapshot(
                "test-cluster",
                "5.0.6",
                "datacenter1",
                3,
                Instant.parse("2026-12-01T10:00:00Z"),
                Instant.parse("2026-12-01T10:01:00Z"),
                new ProbeCounters(100, 100, 0, 0, 20, 20, 0, 0),
                recorder.snapshot(),
                health.report(),
                recorder.localSnapshot(),
                recorder.readTargets(),
                new ClientLatencies().snapshot());
    }

    private static FidelitySettings settings() {
        return new FidelitySettings(3, 10, 5, 1000, 10, FidelitySettings.DEFAULT_DELAYS_MILLIS, Path.of("cluster"), 51);
    }

    /** Subtracted as the default (1 point high), the traced delays as kept beside it (3 points high). */
    private static FidelityResult subtractedAgainstKept() {
        return new FidelityResult(
                settings(),
                snapshot(),
                new FidelityResult.Prediction(ProfileChoice.CALIBRATED, PROFILE, comparison(0.01, 16.5)),
                new FidelityResult.Prediction(ProfileChoice.AS_TRACED, PROFILE, comparison(0.03, 19.0)),
                Optional.of(new TracingCost(
                        new TracingCost.PathCost(0.41, 1),
                        new TracingCost.PathCost(0.92, 1.5),
                        new TracingCost.PathCost(0.55, 1),
                        new TracingCost.PathCost(1.37, 1.25))),
                Duration.ofSeconds(300),
                Optional.empty());
    }

    @Test
    void json_namesTheProfileThePredictionUsedAndCarriesTheOtherBesideIt() throws Exception {
        JsonNode json = JsonMapping.mapper().readTree(FidelityReport.json(subtractedAgainstKept()));

        assertThat(json.get("profile").asText()).isEqualTo("calibrated");
        assertThat(json.get("rmse_t_visibility").asDouble()).isCloseTo(0.01, within(1e-9));
        JsonNode other = json.get("other_profile");
        assertThat(other.get("profile").asText()).isEqualTo("as_traced");
        assertThat(other.get("observation").get("rmse_t_visibility").asDouble()).isCloseTo(0.03, within(1e-9));
        assertThat(other.get("observation")
                        .get("latencies")
                        .get(0)
                        .get("predicted_ms")
                        .asDouble())
                .isEqualTo(19.0);
        JsonNode cost = json.get("tracing_cost");
        assertThat(cost.get("own_write").get("cost_ms").asDouble()).isEqualTo(0.41);
        assertThat(cost.get("other_write").get("cost_ms").asDouble()).isEqualTo(0.92);
        assertThat(cost.get("other_write").get("stretch").asDouble()).isEqualTo(1.5);
        assertThat(cost.get("own_read").get("cost_ms").asDouble()).isEqualTo(0.55);
        assertThat(cost.get("other_read").get("cost_ms").asDouble()).isEqualTo(1.37);
        assertThat(cost.get("other_read").get("stretch").asDouble()).isEqualTo(1.25);
        assertThat(json.has("tracing_cost_subtracted")).isFalse();
    }

    @Test
    void json_leavesTheCostOutWhenNothingWasTakenOff() throws Exception {
        FidelityResult subtracted = subtractedAgainstKept();
        FidelityResult dividedOut = new FidelityResult(
                subtracted.settings(),
                subtracted.measurement(),
                new FidelityResult.Prediction(ProfileChoice.CALIBRATED, PROFILE, subtracted.comparison()),
                subtracted.other(),
                Optional.empty(),
                subtracted.elapsed(),
                Optional.empty());

        JsonNode json = JsonMapping.mapper().readTree(FidelityReport.json(dividedOut));

        assertThat(json.get("profile").asText()).isEqualTo("calibrated");
        assertThat(json.has("tracing_cost")).isFalse();
    }

    @Test
    void json_givesAllReadsMismatchesAndRepairsFromTheMetersBesideTheTracedSample() throws Exception {
        FidelityResult base = subtractedAgainstKept();
        ReadPathComparison readPath = new ReadPathComparison(
                200,
                ProportionEstimate.of(0, 200),
                0,
                List.of(new ReadPathComparison.Repair(
                        0, ProportionEstimate.of(20, 100), 0.3, ProportionEstimate.of(2, 100), 0.05)),
                0.1,
                0.03,
                Optional.empty(),
                Optional.of(new ReadPathComparison.AllReads(
                        ProportionEstimate.of(1046, 10000), 0.1026, ProportionEstimate.of(169, 10000), 0.0283)));
        FidelityResult withReadPath = new FidelityResult(
                base.settings(),
                base.measurement(),
                base.prediction(),
                base.other(),
                base.tracingCost(),
                base.elapsed(),
                Optional.of(readPath));

        JsonNode traces =
                JsonMapping.mapper().readTree(FidelityReport.json(withReadPath)).get("read_path_traces");

        assertThat(traces.get("repairs").get(0).get("p_mismatch").asDouble()).isEqualTo(0.2);
        JsonNode all = traces.get("all_reads");
        assertThat(all.get("reads").asLong()).isEqualTo(10000);
        assertThat(all.get("mismatched").get("observed").asDouble()).isEqualTo(0.1046);
        assertThat(all.get("mismatched").get("predicted").asDouble()).isEqualTo(0.1026);
        assertThat(all.get("mismatched").get("ci95").get(0).asDouble()).isBetween(0.09, 0.1046);
        assertThat(all.get("repaired").get("observed").asDouble()).isEqualTo(0.0169);
        assertThat(all.get("repaired").get("predicted").asDouble()).isEqualTo(0.0283);
        assertThat(FidelityReport.text(withReadPath))
                .contains("All 10000 reads, traced or not, by the coordinators' meters: mismatched 0.1046");
    }

    @Test
    void text_saysWhichProfileThePredictionUsedAndGivesTheOther() {
        String text = FidelityReport.text(subtractedAgainstKept());

        assertThat(text)
                .contains("Predicted from the measured profile with tracing's own cost taken off per message (own "
                        + "replica's W 0.410 ms, then divided by 1.00; other replicas' W and A 0.920 ms, then divided "
                        + "by 1.50;")
                .contains("The profile with the traced delays as kept: RMSE 0.0300");
        assertThat(text.indexOf("Predicted from the measured profile"))
                .isLessThan(text.indexOf("The profile with the traced delays as kept"));
    }
}
