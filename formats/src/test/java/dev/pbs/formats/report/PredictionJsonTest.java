package dev.pbs.formats.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.montecarlo.QuorumExpansion;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.questions.ReportOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

class PredictionJsonTest {

    /** Non-expanding quorums with R = W = 1 of N = 3 never become consistent in 2/3 of trials. */
    private static SimulationResult neverConsistentRun() {
        return new WarsEngine()
                .run(SimulationSpec.builder(BuiltInProfiles.named("lnkd-ssd").orElseThrow(), 3)
                        .configuration(1, 1)
                        .trials(5000)
                        .threads(1)
                        .expansion(QuorumExpansion.NON_EXPANDING)
                        .visibilityGridMillis(0, 2.5)
                        .build());
    }

    @Test
    void toJson_windowBeyondRecordedRange_writesNullValueAndBeyondRange() {
        ReportOptions options = new ReportOptions(List.of(0.1, 0.9), List.of(50.0), List.of(1));

        JsonNode windows = PredictionJson.toJson(neverConsistentRun(), options)
                .get("configs")
                .get(0)
                .get("windows_ms");

        assertThat(windows.get(0).get("t_ms").isNumber()).isTrue();
        assertThat(windows.get(0).get("beyond_range").asBoolean()).isFalse();
        assertThat(windows.get(1).get("t_ms").isNull()).isTrue();
        assertThat(windows.get(1).get("beyond_range").asBoolean()).isTrue();
        assertThat(windows.get(1).get("ci95")).hasSize(2);
    }

    @Test
    void toJson_nonExpandingRun_recordsExpansionAndWholeAndFractionalTimes() {
        JsonNode root = PredictionJson.toJson(neverConsistentRun(), ReportOptions.DEFAULT);

        assertThat(root.get("quorum_expansion").asText()).isEqualTo("non_expanding");
        JsonNode visibility = root.get("configs").get(0).get("t_visibility");
        assertThat(visibility.get(0).get("t_ms").isIntegralNumber()).isTrue();
        assertThat(visibility.get(1).get("t_ms").doubleValue()).isEqualTo(2.5);
    }

    @Test
    void toText_sameResult_isValidJsonEndingInNewline() throws Exception {
        String text = PredictionJson.toText(neverConsistentRun(), ReportOptions.DEFAULT);

        assertThat(text).endsWith("}\n");
        assertThat(JsonMapping.mapper().readTree(text).get("configs")).hasSize(1);
    }

    @Test
    void render_windowBeyondRecordedRange_showsBeyond() {
        ReportOptions options = new ReportOptions(List.of(0.9), List.of(50.0), List.of(1));

        String table = PredictionTable.render(neverConsistentRun(), options);

        assertThat(table).contains("non-expanding quorums").contains("beyond");
    }

    @Test
    void toJson_kAndTStaleness_isTheComplementToThePowerKWithTheMappedInterval() {
        ReportOptions options = new ReportOptions(List.of(0.9), List.of(50.0), List.of(1, 3));

        JsonNode config = PredictionJson.toJson(neverConsistentRun(), options)
                .get("configs")
                .get(0);
        JsonNode visibility = config.get("t_visibility").get(0);
        JsonNode kThree = config.get("kt_staleness").get(2);

        assertThat(kThree.get("k").asInt()).isEqualTo(3);
        double stale = 1 - visibility.get("p_consistent").asDouble();
        assertThat(kThree.get("p_stale").asDouble()).isEqualTo(Math.pow(stale, 3));
        assertThat(kThree.get("ci95").get(0).asDouble())
                .isEqualTo(Math.pow(1 - visibility.get("ci95").get(1).asDouble(), 3));
        assertThat(kThree.get("ci95").get(1).asDouble())
                .isEqualTo(Math.pow(1 - visibility.get("ci95").get(0).asDouble(), 3));
    }
}
