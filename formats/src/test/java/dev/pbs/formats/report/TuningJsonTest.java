package dev.pbs.formats.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.RequirementParser;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.montecarlo.tuning.TuningReadPath;
import dev.pbs.montecarlo.tuning.TuningResult;
import dev.pbs.montecarlo.tuning.TuningSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tuning answer's JSON and table with and without Cassandra's read path. */
class TuningJsonTest {

    private static final LatencyProfile PROFILE =
            BuiltInProfiles.named("lnkd-ssd").orElseThrow();

    private static TuningResult tune(TuningReadPath readPath, String... requirements) {
        return new Tuner()
                .tune(new TuningSpec(
                        PROFILE,
                        3,
                        3,
                        Arrays.stream(requirements)
                                .map(RequirementParser::parse)
                                .toList(),
                        Objective.SUM,
                        false,
                        4000,
                        3,
                        1,
                        readPath));
    }

    private static List<JsonNode> candidates(JsonNode answer) {
        List<JsonNode> all = new ArrayList<>();
        answer.get("feasible").forEach(all::add);
        answer.get("rejected").forEach(all::add);
        answer.get("frontier").forEach(all::add);
        return all;
    }

    @Test
    void papersReadPath_writesNoReadPathFields() {
        TuningResult result = tune(TuningReadPath.PAPER, "window@0.999<=5ms");
        JsonNode answer = TuningJson.toJson(result);

        assertThat(answer.has("read_path")).isFalse();
        assertThat(candidates(answer)).allSatisfy(candidate -> {
            assertThat(candidate.has("speculative_retry")).isFalse();
            assertThat(candidate.get("metrics").has("p_speculated")).isFalse();
            assertThat(candidate.get("metrics").has("read_repair")).isFalse();
        });
        assertThat(TuningTable.render(result)).doesNotContain("read path").doesNotContain("speculative retry");
    }

    @Test
    void severalSettings_nameEachCandidatesSettingAndItsSpeculatedFraction() {
        TuningResult result = tune(
                new TuningReadPath(
                        ReadFanout.TARGETED,
                        List.of(new SpeculativeRetry.None(), SpeculativeRetry.parse("ALWAYS")),
                        ReadRepair.OFF,
                        ReplicaChoice.random()),
                "speculation<=0.05");
        JsonNode answer = TuningJson.toJson(result);

        JsonNode readPath = answer.get("read_path");
        assertThat(readPath.get("read_fanout").asText()).isEqualTo("targeted");
        assertThat(readPath.get("speculative_retry"))
                .extracting(JsonNode::asText)
                .containsExactly("NONE", "ALWAYS");
        assertThat(readPath.get("read_repair").asText()).isEqualTo("off");
        assertThat(readPath.get("replica_choice").asText()).isEqualTo("random");
        assertThat(readPath.has("snitch_badness_threshold")).isFalse();
        assertThat(candidates(answer)).allSatisfy(candidate -> {
            String setting = candidate.get("speculative_retry").asText();
            assertThat(setting).isIn("NONE", "ALWAYS");
            double speculated = candidate.get("metrics").get("p_speculated").asDouble();
            assertThat(speculated)
                    .isEqualTo(setting.equals("ALWAYS") && candidate.get("r").asInt() < 3 ? 1.0 : 0.0);
        });
        assertThat(answer.get("rejected")).hasSize(6);
        assertThat(answer.get("rejected").get(0).get("violations").get(0).asText())
                .isEqualTo("speculation=1 > 0.05");
        assertThat(TuningTable.render(result))
                .contains("read path: read fan-out targeted, speculative retry searched over NONE, ALWAYS")
                .contains("speculative retry")
                .contains("speculated");
    }

    @Test
    void blockingRepair_reportsTheRepairedFractionAtEachRequirementTime() {
        TuningResult result = tune(
                new TuningReadPath(
                        ReadFanout.TARGETED,
                        List.of(new SpeculativeRetry.None()),
                        ReadRepair.BLOCKING,
                        ReplicaChoice.snitch(0.5)),
                "repair@2.5ms<=1");
        JsonNode answer = TuningJson.toJson(result);

        assertThat(answer.get("read_path").get("snitch_badness_threshold").asDouble())
                .isEqualTo(0.5);
        assertThat(candidates(answer)).allSatisfy(candidate -> {
            assertThat(candidate.has("speculative_retry")).isFalse();
            JsonNode repair = candidate.get("metrics").get("read_repair");
            assertThat(repair).extracting(point -> point.get("t_ms").toString()).containsExactly("0", "2.5");
            if (candidate.get("r").asInt() == 1) {
                assertThat(repair.get(0).get("p_repair").asDouble()).isZero();
            }
        });
        assertThat(TuningTable.render(result))
                .contains("blocking read repair, replicas chosen by the dynamic snitch (badness threshold 0.5)")
                .doesNotContain("speculated");
    }
}
