package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.report.PredictionJson;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.Vocabulary;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Faulty replicas through {@code POST /api/v1/predictions}, on the whole application: the fault
 * fields reach the question under their JSON names, the answer is the one {@code ./pbs predict}
 * gives, the recovery curve follows its closed form, and every bad value or combination is a 400
 * naming the field.
 */
class FaultPredictionsTest {

    @RegisterExtension
    static final TestService SERVICE = TestService.standard();

    private static Response post(String body) {
        return SERVICE.client().target(SERVICE.api("/predictions")).request().post(Entity.json(body));
    }

    private static JsonNode answer(String body) throws IOException {
        Response response = post(body);
        String text = response.readEntity(String.class);
        assertThat(response.getStatus()).as(text).isEqualTo(200);
        return JsonMapping.readTree(text);
    }

    @Test
    void prediction_pausesOfOneReplica_isWhatThePredictCommandAnswers() throws IOException {
        JsonNode served = answer("{\"profile\": \"lnkd-disk\", \"n\": 3, \"pause_every_ms\": 2000, "
                + "\"pause_for_ms\": 200, \"pause_timing\": \"regular\", \"faulty_replicas\": [3], "
                + "\"t_ms\": [0, 10, 100], \"trials\": 20000, \"seed\": 11}");

        PredictionQuestion question = PredictionQuestion.builder(
                        BuiltInProfiles.named("lnkd-disk").orElseThrow(),
                        new PbsConfiguration.Limits().questionLimits(),
                        Vocabulary.COMMAND_LINE)
                .replicas(3L)
                .timesMillis(List.of(0.0, 10.0, 100.0))
                .trials(20_000L)
                .seed(11L)
                .pauses(2000.0, 200.0, "regular")
                .faultyReplicas(List.of(3L))
                .build();
        JsonNode computed = JsonMapping.readTree(JsonMapping.text(PredictionJson.answer(
                new WarsEngine().run(question.simulation()), null, question.report(), question.recovery())));
        assertThat(served).isEqualTo(computed);

        // Targeted reads, the default with faults; a tenth of the time replica 3 is paused.
        assertThat(served.get("read_fanout").asText()).isEqualTo("targeted");
        assertThat(served.get("faults").asText()).contains("replicas 3");
        assertThat(served.has("recovery")).isFalse();
        assertThat(served.get("configs")).hasSize(9).allSatisfy(config -> {
            JsonNode effects = config.get("fault_effects");
            assertThat(effects.get("p_write_unavailable").get("p").asDouble()).isZero();
            assertThat(effects.get("p_read_unavailable").get("p").asDouble()).isZero();
            assertThat(effects.get("p_read_waited_for_pause").get("p").asDouble())
                    .as("R=%s W=%s", config.get("r"), config.get("w"))
                    .isPositive();
        });
    }

    @Test
    void prediction_outagesWithRecovery_answersTheRecoveryCurveOfItsClosedForm() throws IOException {
        JsonNode served = answer("{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, "
                + "\"outage_every_ms\": 3600000, \"outage_for_ms\": 20000, \"hint_window_ms\": 10000, "
                + "\"hint_replay_ms\": 5000, \"recovery_outage_ms\": 20000, "
                + "\"recovery_times_ms\": [0, 4999, 5000, 60000], \"trials\": 5000, \"seed\": 3}");

        JsonNode recovery = served.get("recovery");
        assertThat(recovery.get("outage_ms").asDouble()).isEqualTo(20000);
        // Half the outage's writes were hinted (window 10 s of 20 s); they arrive 5 s after the return.
        assertThat(recovery.get("hinted_fraction").asDouble()).isEqualTo(0.5);
        assertThat(recovery.get("points"))
                .extracting(point -> point.get("since_return_ms").asDouble())
                .containsExactly(0.0, 4999.0, 5000.0, 60000.0);
        assertThat(recovery.get("points"))
                .extracting(point -> point.get("p_consistent").asDouble())
                .containsExactly(0.0, 0.0, 0.5, 0.5);
        JsonNode effects = served.get("configs").get(0).get("fault_effects");
        // Down 20 s an hour on each replica: W = 1 finds one of three up all but (20/3620)^3 of the time.
        assertThat(effects.get("p_write_unavailable").get("p").asDouble()).isCloseTo(0, within(0.001));
    }

    @Test
    void prediction_seededQuestionsThatDifferOnlyInTheirFaults_areNotServedFromOneAnother() throws IOException {
        String pause = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 5000, \"seed\": 5, "
                + "\"pause_every_ms\": 2000, \"pause_for_ms\": ";
        JsonNode short_ = answer(pause + "20}");
        JsonNode long_ = answer(pause + "1000}");
        JsonNode healthy = answer("{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 5000, "
                + "\"seed\": 5, \"healthy\": true}");

        assertThat(short_.get("faults")).isNotEqualTo(long_.get("faults"));
        assertThat(waited(long_)).isGreaterThan(waited(short_));
        assertThat(healthy.has("faults")).isFalse();
        assertThat(healthy.get("configs").get(0).has("fault_effects")).isFalse();
        assertThat(answer(pause + "1000}")).isEqualTo(long_);
    }

    private static double waited(JsonNode prediction) {
        return prediction
                .get("configs")
                .get(0)
                .get("fault_effects")
                .get("p_read_waited_for_pause")
                .get("p")
                .asDouble();
    }

    @Test
    void prediction_badFaultFields_are400NamingTheField() throws IOException {
        String base = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"trials\": 1000, ";
        String pause = base + "\"pause_every_ms\": 2000, \"pause_for_ms\": 200, ";
        String outage = base + "\"outage_every_ms\": 3600000, \"outage_for_ms\": 20000, \"hint_replay_ms\": 5000, ";
        String[][] cases = {
            // JSON types
            {base + "\"pause_every_ms\": \"2s\", \"pause_for_ms\": 200}", "'pause_every_ms' must be a finite number"},
            {pause + "\"pause_timing\": 1}", "'pause_timing' must be a string"},
            {pause + "\"faulty_replicas\": 3}", "'faulty_replicas' must be an array of numbers"},
            {pause + "\"faulty_replicas\": [\"3\"]}", "'faulty_replicas' must hold only numbers"},
            {pause + "\"faulty_replicas\": [1.5]}", "'faulty_replicas' must hold whole numbers"},
            {base + "\"healthy\": \"yes\"}", "'healthy' must be true or false"},
            {outage + "\"recovery_outage_ms\": [20000]}", "'recovery_outage_ms' must be a finite number"},
            {outage + "\"recovery_outage_ms\": 20000, \"recovery_times_ms\": 5}", "'recovery_times_ms' must be an array"
            },
            // values
            {base + "\"pause_every_ms\": 2000}", "'pause_every_ms' needs 'pause_for_ms' too"},
            {base + "\"pause_for_ms\": 200}", "'pause_for_ms' needs 'pause_every_ms' too"},
            {base + "\"pause_every_ms\": 200, \"pause_for_ms\": 200}", "'pause_every_ms' is the time from the start"},
            {base + "\"pause_every_ms\": 2000, \"pause_for_ms\": 0}", "'pause_for_ms' must be above 0"},
            {base + "\"pause_every_ms\": -5, \"pause_for_ms\": 1}", "'pause_every_ms' must be above 0"},
            {
                base + "\"pause_every_ms\": 1e300, \"pause_for_ms\": 1}",
                "'pause_every_ms' must be above 0 and at most ten"
            },
            {pause + "\"pause_timing\": \"sometimes\"}", "'pause_timing' must be regular or random"},
            {base + "\"pause_timing\": \"random\"}", "'pause_timing' shapes the pauses"},
            {pause + "\"faulty_replicas\": [4]}", "'faulty_replicas' must name replicas from 1 to N = 3, had 4"},
            {pause + "\"faulty_replicas\": [0]}", "'faulty_replicas' must name replicas from 1 to N = 3, had 0"},
            {pause + "\"faulty_replicas\": [2, 2]}", "'faulty_replicas' names replica 2 twice"},
            {pause + "\"faulty_replicas\": []}", "'faulty_replicas' needs at least one value"},
            {base + "\"faulty_replicas\": [1]}", "'faulty_replicas' names the replicas struck by faults"},
            {base + "\"outage_every_ms\": 3600000, \"outage_for_ms\": 20000}", "needs 'hint_replay_ms' too"},
            {base + "\"outage_for_ms\": 20000}", "'outage_for_ms' needs 'outage_every_ms' too"},
            {base + "\"hint_window_ms\": 1000}", "'hint_window_ms' is about hints of writes made during outages"},
            {outage + "\"hint_window_ms\": -1}", "'hint_window_ms' must be between 0 and ten years"},
            {
                base + "\"outage_every_ms\": 3600000, \"outage_for_ms\": 20000, \"hint_replay_ms\": -5000}",
                "'hint_replay_ms' must be between 0 and ten years"
            },
            // combinations
            {pause + "\"healthy\": true}", "'healthy' simulates no fault, so it cannot be combined with"},
            {pause + "\"read_fanout\": \"all\"}", "'read_fanout' must be targeted"},
            {pause + "\"speculative_retry\": \"99p\"}", "'speculative_retry' must be NONE"},
            {pause + "\"read_repair\": \"blocking\"}", "'read_repair' must be off"},
            {pause + "\"write_rate\": 10}", "'write_rate' asks for session guarantees"},
            {pause + "\"coordinator_replica\": true}", "'coordinator_replica' cannot be combined with faults"},
            {pause + "\"write_level\": \"ONE\"}", "'pause_every_ms' is about faulty replicas"},
            {pause + "\"recovery_outage_ms\": 20000}", "'recovery_outage_ms' asks how a replica recovers"},
            {base + "\"recovery_times_ms\": [0, 10]}", "'recovery_times_ms' are times after a replica's return"},
            {outage + "\"recovery_outage_ms\": 0}", "'recovery_outage_ms' must be above 0"},
            {outage + "\"recovery_outage_ms\": 20000, \"recovery_times_ms\": [-1]}", "'recovery_times_ms' must hold"},
            {outage + "\"recovery_outage_ms\": 20000, \"recovery_times_ms\": []}", "'recovery_times_ms' needs at least"
            },
        };
        for (String[] bad : cases) {
            Response response = post(bad[0]);
            String text = response.readEntity(String.class);
            assertThat(response.getStatus()).as("%s: %s", bad[0], text).isEqualTo(400);
            JsonNode error = JsonMapping.readTree(text);
            assertThat(error.get("code").asInt()).isEqualTo(400);
            assertThat(error.get("message").asText()).as(bad[0]).contains(bad[1]);
        }
    }

    /** Faults that leave a configuration never available: no trial counts, and nothing fails. */
    @Test
    void prediction_replicasAlmostAlwaysDown_answersNullEstimatesRatherThanAnError() throws IOException {
        JsonNode served = answer("{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 3, \"w\": 3, \"t_ms\": [0, 10], "
                + "\"outage_every_ms\": 0.001, \"outage_for_ms\": 1e10, \"hint_replay_ms\": 0, \"trials\": 2000, "
                + "\"seed\": 1}");

        JsonNode config = served.get("configs").get(0);
        assertThat(config.get("fault_effects")
                        .get("p_write_unavailable")
                        .get("p")
                        .asDouble())
                .isEqualTo(1.0);
        assertThat(config.get("t_visibility").get(0).get("p_consistent").isNull())
                .as("%s", config.get("t_visibility"))
                .isTrue();
        assertThat(config.get("kt_staleness"))
                .isNotEmpty()
                .allSatisfy(point -> assertThat(point.get("p_stale").isNull())
                        .as("%s", point)
                        .isTrue());
    }
}
