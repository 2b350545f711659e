package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code coordinator_replica_share} through {@code POST /api/v1/predictions}, on the whole
 * application: a number or an object of two, shares 0 and 1 answering as {@code coordinator_replica}
 * false and true, the share in the answer and in the cache key, the profile's measured share as the
 * default, and every bad value or combination a 400 naming the field.
 */
class CoordinatorReplicaSharePredictionsTest {

    @RegisterExtension
    static final TestService SERVICE = TestService.standard();

    private static final String BASE = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, "
            + "\"read_fanout\": \"targeted\", \"t_ms\": [0, 5], \"trials\": 5000, \"seed\": 7, ";

    private static Response post(String body) {
        return SERVICE.client().target(SERVICE.api("/predictions")).request().post(Entity.json(body));
    }

    private static JsonNode answer(String body) throws IOException {
        Response response = post(body);
        String text = response.readEntity(String.class);
        assertThat(response.getStatus()).as(text).isEqualTo(200);
        return JsonMapping.readTree(text);
    }

    private static double consistentAtCommit(JsonNode prediction) {
        return prediction
                .get("configs")
                .get(0)
                .get("t_visibility")
                .get(0)
                .get("p_consistent")
                .asDouble();
    }

    @Test
    void prediction_shareAsNumberOrObject_isSimulatedAndEchoed() throws IOException {
        JsonNode uniform = answer(BASE + "\"coordinator_replica_share\": 0.67}");
        assertThat(uniform.get("coordinator_replica").asBoolean()).isTrue();
        assertThat(uniform.get("coordinator_replica_share").get("writes").asDouble())
                .isEqualTo(0.67);
        assertThat(uniform.get("coordinator_replica_share").get("reads").asDouble())
                .isEqualTo(0.67);

        JsonNode split = answer(BASE + "\"coordinator_replica_share\": {\"writes\": 1, \"reads\": 0.25}}");
        assertThat(split.get("coordinator_replica_share").get("writes").asDouble())
                .isEqualTo(1.0);
        assertThat(split.get("coordinator_replica_share").get("reads").asDouble())
                .isEqualTo(0.25);
        // The cache key holds the share: the same seed with another share is another answer.
        JsonNode other = answer(BASE + "\"coordinator_replica_share\": {\"writes\": 1, \"reads\": 0.75}}");
        assertThat(other.get("coordinator_replica_share").get("reads").asDouble())
                .isEqualTo(0.75);
        assertThat(consistentAtCommit(other)).isNotEqualTo(consistentAtCommit(split));
    }

    @Test
    void prediction_sharesZeroAndOne_answerAsTheShorthand() throws IOException {
        JsonNode one = answer(BASE + "\"coordinator_replica_share\": 1}");
        JsonNode always = answer(BASE + "\"coordinator_replica\": true}");
        assertThat(one).isEqualTo(always);
        assertThat(one.has("coordinator_replica_share")).isFalse();
        JsonNode zero = answer(BASE + "\"coordinator_replica_share\": {\"writes\": 0, \"reads\": 0}}");
        JsonNode never = answer(BASE + "\"coordinator_replica\": false}");
        assertThat(zero).isEqualTo(never).isEqualTo(answer(BASE.substring(0, BASE.length() - 2) + "}"));
        assertThat(zero.get("coordinator_replica").asBoolean()).isFalse();
    }

    @Test
    void prediction_profileWithAMeasuredShare_usesItUnlessTheRequestSaysOtherwise() throws IOException {
        String measured = "{\"name\": \"measured\", \"provenance\": \"test\", \"default\": {"
                + "\"w\": {\"type\": \"exponential\", \"mean_ms\": 5}, \"a\": {\"type\": \"constant\", \"value_ms\": 0.5},"
                + "\"r\": {\"type\": \"constant\", \"value_ms\": 0.5}, \"s\": {\"type\": \"constant\", \"value_ms\": 0.5}},"
                + "\"coordinator_replica_share\": {\"writes\": 0.5, \"reads\": 0.4}}";
        String question = "{\"profile_inline\": " + measured + ", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 2000, "
                + "\"seed\": 3";
        JsonNode byDefault = answer(question + "}");
        assertThat(byDefault.get("coordinator_replica_share").get("writes").asDouble())
                .isEqualTo(0.5);
        assertThat(byDefault.get("coordinator_replica_share").get("reads").asDouble())
                .isEqualTo(0.4);
        JsonNode apart = answer(question + ", \"coordinator_replica\": false}");
        assertThat(apart.get("coordinator_replica").asBoolean()).isFalse();
        assertThat(apart.has("coordinator_replica_share")).isFalse();
        assertThat(answer(question + ", \"coordinator_replica_share\": 0.1}")
                        .get("coordinator_replica_share")
                        .get("reads")
                        .asDouble())
                .isEqualTo(0.1);
    }

    @Test
    void prediction_badShares_are400NamingTheField() throws IOException {
        String[][] cases = {
            // JSON types
            {BASE + "\"coordinator_replica_share\": \"0.5\"}", "'coordinator_replica_share' must be a number from 0"},
            {BASE + "\"coordinator_replica_share\": [0.5, 0.5]}", "'coordinator_replica_share' must be a number"},
            {BASE + "\"coordinator_replica_share\": true}", "'coordinator_replica_share' must be a number"},
            {
                BASE + "\"coordinator_replica_share\": {\"writes\": 0.5}}",
                "'coordinator_replica_share' needs both \"writes\" and \"reads\", had no \"reads\""
            },
            {
                BASE + "\"coordinator_replica_share\": {\"writes\": \"half\", \"reads\": 0.5}}",
                "'coordinator_replica_share' \"writes\" must be a number from 0 to 1, was \"half\""
            },
            {
                BASE + "\"coordinator_replica_share\": {\"writes\": 0.5, \"reads\": 0.5, \"scans\": 1}}",
                "'coordinator_replica_share' has an unknown field 'scans'"
            },
            // values
            {
                BASE + "\"coordinator_replica_share\": 1.5}",
                "'coordinator_replica_share' must hold shares between 0 and 1, had 1.5"
            },
            {
                BASE + "\"coordinator_replica_share\": -0.5}",
                "'coordinator_replica_share' must hold shares between 0 and 1, had -0.5"
            },
            {
                BASE + "\"coordinator_replica_share\": 1e999}",
                "'coordinator_replica_share' must hold shares between 0 and 1, had Infinity"
            },
            {
                BASE + "\"coordinator_replica_share\": {\"writes\": 0.5, \"reads\": 2}}",
                "'coordinator_replica_share' must hold shares between 0 and 1, had 2 for reads"
            },
            // combinations
            {
                BASE + "\"coordinator_replica\": true, \"coordinator_replica_share\": 0.5}",
                "'coordinator_replica' cannot be combined with 'coordinator_replica_share'"
            },
            {
                BASE + "\"coordinator_replica\": false, \"coordinator_replica_share\": 0}",
                "'coordinator_replica' cannot be combined with 'coordinator_replica_share'"
            },
            {
                BASE + "\"coordinator_replica_share\": 0.5, \"write_rate\": 10}",
                "'coordinator_replica_share' cannot be combined with 'write_rate'"
            },
            {
                BASE + "\"coordinator_replica_share\": 0.5, \"pause_every_ms\": 2000, \"pause_for_ms\": 200}",
                "'coordinator_replica_share' cannot be combined with faults"
            },
        };
        for (String[] bad : cases) {
            Response response = post(bad[0]);
            String text = response.readEntity(String.class);
            assertThat(response.getStatus()).as("%s: %s", bad[0], text).isEqualTo(400);
            JsonNode error = JsonMapping.readTree(text);
            assertThat(error.get("code").asInt()).isEqualTo(400);
            assertThat(error.get("message").asText())
                    .as(bad[0])
                    .contains(bad[1])
                    .doesNotContain("\n");
            assertThat(text).doesNotContain("Exception").doesNotContain("\tat ");
        }
    }
}
