package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The whole application on random loopback ports. */
class PbsApplicationTest {

    @RegisterExtension
    static final TestService SERVICE = TestService.standard();

    @Test
    void prediction_withoutRAndW_coversEveryConfiguration() {
        JsonNode served = SERVICE.client()
                .target(SERVICE.api("/predictions"))
                .request()
                .post(Entity.json("{\"profile\": \"ymmr\", \"n\": 2}"), JsonNode.class);

        assertThat(served.get("configs")).hasSize(4);
        assertThat(served.get("trials").asLong()).isEqualTo(2000);
        assertThat(served.get("seed").asLong()).isEqualTo(42);
    }

    /** dc1:3, dc2:3, 1 ms on every local message and 20 ms between the datacenters. */
    private static final String TWO_DATACENTERS = "{\"name\": \"two-dc\", \"default\": {"
            + "\"w\": {\"type\": \"constant\", \"value_ms\": 1}, \"a\": {\"type\": \"constant\", \"value_ms\": 1}, "
            + "\"r\": {\"type\": \"constant\", \"value_ms\": 1}, \"s\": {\"type\": \"constant\", \"value_ms\": 1}}, "
            + "\"datacenters\": {\"names\": [\"dc1\", \"dc2\"], \"replica_dc\": [\"dc1\", \"dc1\", \"dc1\", \"dc2\", "
            + "\"dc2\", \"dc2\"], \"inter_dc_delay\": {\"type\": \"constant\", \"value_ms\": 20}}}";

    @Test
    void prediction_levelsAcrossDatacenters_answerPerLevelAndDatacenterPair() {
        JsonNode served = SERVICE.client()
                .target(SERVICE.api("/predictions"))
                .request()
                .post(
                        Entity.json("{\"profile_inline\": " + TWO_DATACENTERS + ", \"write_level\": \"LOCAL_QUORUM\", "
                                + "\"read_level\": [\"LOCAL_ONE\", \"LOCAL_QUORUM\"], \"write_dc\": \"dc1\", "
                                + "\"read_dc\": [\"dc2\"], \"t_ms\": [0, 21, 22]}"),
                        JsonNode.class);

        assertThat(served.get("n").asInt()).isEqualTo(6);
        assertThat(served.get("datacenters")).extracting(JsonNode::asText).containsExactly("dc1", "dc2");
        assertThat(served.get("configs")).hasSize(2);
        JsonNode localOne = served.get("configs").get(0);
        assertThat(localOne.get("write_level").asText()).isEqualTo("LOCAL_QUORUM");
        assertThat(localOne.get("read_level").asText()).isEqualTo("LOCAL_ONE");
        assertThat(localOne.get("read_dc").asText()).isEqualTo("dc2");
        // Commit at 2; the forwarder in dc2 has the write at 21, the others at 22; a dc2 read
        // reaches them 1 ms after it starts: stale until t = 18 or 19, fresh from then on.
        assertThat(localOne.get("t_visibility").get(0).get("p_consistent").asDouble())
                .isZero();
        assertThat(localOne.get("t_visibility").get(1).get("p_consistent").asDouble())
                .isEqualTo(1.0);
    }

    @Test
    void prediction_badLevels_are400NamingTheProblem() {
        String[][] cases = {
            {"{\"profile_inline\": " + TWO_DATACENTERS + ", \"read_dc\": \"dc9\"}", "'read_dc' names datacenter 'dc9'"},
            {
                "{\"profile_inline\": " + TWO_DATACENTERS + ", \"write_level\": \"LOCAL_TWO\"}",
                "'write_level' must be one of"
            },
            {"{\"profile_inline\": " + TWO_DATACENTERS + ", \"n\": 3}", "'n' is 3, but the profile two-dc places 6"},
            {"{\"profile_inline\": " + TWO_DATACENTERS + ", \"levels\": \"most\"}", "'levels' must be \"all\""},
            {
                "{\"profile_inline\": " + TWO_DATACENTERS + ", \"write_level\": 3}",
                "'write_level' must be a string or an array"
            },
        };
        for (String[] bad : cases) {
            Response response = SERVICE.client()
                    .target(SERVICE.api("/predictions"))
                    .request()
                    .post(Entity.json(bad[0]));
            assertThat(response.getStatus()).as(bad[0]).isEqualTo(400);
            assertThat(response.readEntity(JsonNode.class).get("message").asText())
                    .as(bad[0])
                    .contains(bad[1]);
        }
    }

    @Test
    void recommendation_levelsAcrossDatacenters_chooseThePairThatHoldsInEveryReadDatacenter() {
        Response response = SERVICE.client()
                .target(SERVICE.api("/recommendations"))
                .request()
                .post(Entity.json(
                        "{\"profile_inline\": " + TWO_DATACENTERS + ", \"require\": [\"consistency@0ms>=1\"], "
                                + "\"write_level\": [\"LOCAL_QUORUM\", \"EACH_QUORUM\"], \"read_level\": \"LOCAL_QUORUM\", "
                                + "\"seed\": 3}"));

        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode served = response.readEntity(JsonNode.class);
        assertThat(served.get("levels").asText()).isEqualTo("datacenters");
        assertThat(served.get("n_max").asInt()).isEqualTo(6);
        assertThat(served.get("datacenters")).extracting(JsonNode::asText).containsExactly("dc1", "dc2");
        assertThat(served.get("read_dcs")).extracting(JsonNode::asText).containsExactly("dc1", "dc2");
        assertThat(served.get("feasible")).hasSize(1);
        JsonNode chosen = served.get("feasible").get(0);
        assertThat(chosen.get("write_level").asText()).isEqualTo("EACH_QUORUM");
        assertThat(chosen.get("read_level").asText()).isEqualTo("LOCAL_QUORUM");
        assertThat(chosen.get("write_dc").asText()).isEqualTo("dc1");
        assertThat(chosen.get("read_dcs"))
                .extracting(read -> read.get("read_dc").asText())
                .containsExactly("dc1", "dc2");
        // The commit waits for dc2's second acknowledgement: 1 + 20 + 1 + 1 + 20 = 43 ms.
        assertThat(chosen.get("metrics").get("write_p999_ms").asDouble()).isBetween(42.9, 43.1);
        JsonNode local = served.get("rejected").get(0);
        assertThat(local.get("write_level").asText()).isEqualTo("LOCAL_QUORUM");
        assertThat(local.get("violations").get(0).asText()).isEqualTo("reads from dc2: consistency@0ms=0 < 1");
    }

    @Test
    void recommendation_badLevels_are400NamingTheProblem() {
        String[][] cases = {
            {"{\"profile_inline\": " + TWO_DATACENTERS + ", \"read_dc\": \"dc9\"}", "'read_dc' names datacenter 'dc9'"},
            {
                "{\"profile_inline\": " + TWO_DATACENTERS + ", \"write_level\": \"LOCAL_TWO\"}",
                "'write_level' must be one of"
            },
            {"{\"profile_inline\": " + TWO_DATACENTERS + ", \"n\": 3}", "'n' is 3, but the profile two-dc places 6"},
            {"{\"profile_inline\": " + TWO_DATACENTERS + ", \"n\": \"3..6\"}", "'n' is a range (3..6)"},
            {"{\"profile_inline\": " + TWO_DATACENTERS + ", \"levels\": \"cassandra\"}", "'levels' is for (N, R, W)"},
            {
                "{\"profile_inline\": " + TWO_DATACENTERS + ", \"write_dc\": [\"dc1\", \"dc2\"]}",
                "'write_dc' names one datacenter when tuning"
            },
            {
                "{\"profile_inline\": " + TWO_DATACENTERS + ", \"read_level\": [\"ONE\", 2]}",
                "'read_level' must hold strings"
            },
            {"{\"profile\": \"lnkd-disk\", \"write_level\": \"ONE\"}", "'n' is required"},
        };
        for (String[] bad : cases) {
            Response response = SERVICE.client()
                    .target(SERVICE.api("/recommendations"))
                    .request()
                    .post(Entity.json(bad[0]));
            assertThat(response.getStatus()).as(bad[0]).isEqualTo(400);
            assertThat(response.readEntity(JsonNode.class).get("message").asText())
                    .as(bad[0])
                    .contains(bad[1]);
        }
    }

    @Test
    void slaWindow_levels_answerTheLongestReadDatacenterOrTheOneNamed() {
        Response upload = SERVICE.client()
                .target(SERVICE.api("/profiles/two-dc"))
                .request()
                .header("Authorization", "Bearer test-token")
                .put(Entity.json(TWO_DATACENTERS));
        assertThat(upload.getStatus()).isBetween(200, 201);

        JsonNode longest = slaWindow("write_level", "LOCAL_QUORUM", "read_level", "LOCAL_ONE");
        // Commit at 2; dc2's replicas have the write at 21 and 22 and a dc2 read reaches one 1 ms
        // after it starts: consistent from t = 18 or 19 (model note section 7).
        assertThat(longest.get("read_dc").asText()).isEqualTo("dc2");
        assertThat(longest.get("write_dc").asText()).isEqualTo("dc1");
        assertThat(longest.get("write_level").asText()).isEqualTo("LOCAL_QUORUM");
        assertThat(longest.get("read_level").asText()).isEqualTo("LOCAL_ONE");
        assertThat(longest.get("t_ms").asDouble()).isBetween(17.9, 19.1);
        assertThat(longest.get("n").asInt()).isEqualTo(6);
        assertThat(longest.get("r").asInt()).isEqualTo(1);
        assertThat(longest.get("w").asInt()).isEqualTo(2);
        assertThat(longest.get("strict").asBoolean()).isFalse();

        JsonNode local = slaWindow("write_level", "LOCAL_QUORUM", "read_level", "LOCAL_ONE", "read_dc", "dc1");
        // Every dc1 replica has the write at 1 ms, before it commits.
        assertThat(local.get("read_dc").asText()).isEqualTo("dc1");
        assertThat(local.get("t_ms").asDouble()).isZero();

        for (String[] bad : new String[][] {
            {"write_level", "LOCAL_SERIAL", "'write_level' must be one of"},
            {"read_dc", "dc9", "'read_dc' names datacenter 'dc9'"},
            {"r", "1", "'r' is for (R, W)"},
            {"n", "3", "'n' is 3, but the profile two-dc places 6"},
            {"write_dc", "", "query parameter 'write_dc' is empty"},
        }) {
            Response response = SERVICE.client()
                    .target(SERVICE.api("/sla/window"))
                    .queryParam("profile", "two-dc")
                    .queryParam(bad[0], bad[1])
                    .request()
                    .get();
            assertThat(response.getStatus()).as("%s=%s", bad[0], bad[1]).isEqualTo(400);
            assertThat(response.readEntity(JsonNode.class).get("message").asText())
                    .as("%s=%s", bad[0], bad[1])
                    .contains(bad[2]);
        }
    }

    private static JsonNode slaWindow(String... parameters) {
        var target = SERVICE.client()
                .target(SERVICE.api("/sla/window"))
                .queryParam("profile", "two-dc")
                .queryParam("p", 0.99);
        for (int i = 0; i < parameters.length; i += 2) {
            target = target.queryParam(parameters[i], parameters[i + 1]);
        }
        return target.request().get(JsonNode.class);
    }

    @Test
    void slaWindow_partialQuorum_isPositiveWithInterval() {
        JsonNode window = SERVICE.client()
                .target(SERVICE.api("/sla/window"))
                .queryParam("profile", "lnkd-disk")
                .queryParam("n", 3)
                .queryParam("r", 1)
                .queryParam("w", 1)
                .queryParam("p", 0.99)
                .queryParam("trials", 100000)
                .request()
                .get(JsonNode.class);

        assertThat(window.get("t_ms").asDouble()).isBetween(15.0, 30.0);
        assertThat(window.get("ci95").get(0).asDouble())
                .isLessThanOrEqualTo(window.get("t_ms").asDouble());
        assertThat(window.get("ci95").get(1).asDouble())
                .isGreaterThanOrEqualTo(window.get("t_ms").asDouble());
        assertThat(window.get("strict").asBoolean()).isFalse();
    }

    @Test
    void slaWindow_strictQuorumAndBadParameters() {
        JsonNode strict = SERVICE.client()
                .target(SERVICE.api("/sla/window"))
                .queryParam("profile", "wan")
                .queryParam("n", 3)
                .queryParam("r", "QUORUM")
                .queryParam("w", "QUORUM")
                .request()
                .get(JsonNode.class);
        assertThat(strict.get("t_ms").asDouble()).isZero();
        assertThat(strict.get("strict").asBoolean()).isTrue();

        for (String[] bad : new String[][] {
            {"p", "1"}, {"p", "zero"}, {"n", "99"}, {"r", "9"}, {"profile", "../x"}, {"n", ""}, {"trials", "-5"}
        }) {
            java.util.Map<String, String> parameters = new java.util.LinkedHashMap<>(
                    java.util.Map.of("profile", "lnkd-disk", "n", "3", "r", "1", "w", "1"));
            parameters.put(bad[0], bad[1]);
            var target = SERVICE.client().target(SERVICE.api("/sla/window"));
            for (var parameter : parameters.entrySet()) {
                target = target.queryParam(parameter.getKey(), parameter.getValue());
            }
            Response response = target.request().get();
            assertThat(response.getStatus()).as("%s=%s", bad[0], bad[1]).isBetween(400, 499);
            assertThat(response.readEntity(JsonNode.class).get("message").asText())
                    .isNotBlank();
        }
    }

    @Test
    void uploadedProfile_isUsableForPredictions() {
        String profile = "{\"name\": \"slow-write\", \"provenance\": \"test\", \"default\": {"
                + "\"w\": {\"type\": \"exponential\", \"mean_ms\": 10}, \"a\": {\"type\": \"constant\", \"value_ms\": 0.5},"
                + "\"r\": {\"type\": \"constant\", \"value_ms\": 0.5}, \"s\": {\"type\": \"constant\", \"value_ms\": 0.5}}}";
        Response upload = SERVICE.client()
                .target(SERVICE.api("/profiles/slow-write"))
                .request()
                .header("Authorization", "Bearer test-token")
                .put(Entity.json(profile));
        assertThat(upload.getStatus()).isEqualTo(201);

        JsonNode prediction = SERVICE.client()
                .target(SERVICE.api("/predictions"))
                .request()
                .post(Entity.json("{\"profile\": \"slow-write\", \"n\": 3, \"r\": 1, \"w\": 1}"), JsonNode.class);
        assertThat(prediction.get("profile").get("name").asText()).isEqualTo("slow-write");
    }

    @Test
    void badPrediction_isA4xxWithJsonNamingTheField() {
        Response response = SERVICE.client()
                .target(SERVICE.api("/predictions"))
                .request()
                .post(Entity.json("{\"profile\": \"lnkd-disk\", \"n\": 3, \"trials\": 1000000000}"));

        assertThat(response.getStatus()).isEqualTo(400);
        JsonNode error = response.readEntity(JsonNode.class);
        assertThat(error.get("code").asInt()).isEqualTo(400);
        assertThat(error.get("message").asText()).contains("trials");
    }

    @Test
    void oversizedBody_is413() {
        String huge = "{\"profile\": \"" + "x".repeat(1 << 20) + "\", \"n\": 3}";
        Response response =
                SERVICE.client().target(SERVICE.api("/predictions")).request().post(Entity.json(huge));

        assertThat(response.getStatus()).isEqualTo(413);
        assertThat(response.readEntity(JsonNode.class).get("code").asInt()).isEqualTo(413);
    }

    @Test
    void healthCheck_runsTheEngine() {
        JsonNode health =
                SERVICE.client().target(SERVICE.admin("/healthcheck")).request().get(JsonNode.class);

        assertThat(health.get("engine").get("healthy").asBoolean()).isTrue();
    }

    @Test
    void errorsMadeByJettyItself_haveTheJsonBodyToo() throws Exception {
        // A client each: Jetty closes the connection after such errors, and a shared client could
        // send the second request on the closed one.
        java.net.http.HttpResponse<String> tooLong = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(
                                        java.net.URI.create(SERVICE.api("/profiles/" + "a".repeat(20_000))))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
        java.net.http.HttpResponse<String> badAccept = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(java.net.URI.create(SERVICE.api("/predictions")))
                                .header("Accept", "///;;;q=x")
                                .header("Content-Type", "application/json")
                                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}"))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());

        for (java.net.http.HttpResponse<String> response : java.util.List.of(tooLong, badAccept)) {
            assertThat(response.statusCode()).isBetween(400, 499);
            JsonNode body = JsonMapping.mapper().readTree(response.body());
            assertThat(body.get("code").asInt()).isEqualTo(response.statusCode());
            assertThat(body.get("message").asText()).isNotBlank();
        }
        assertThat(tooLong.statusCode()).isEqualTo(414);
    }

    @Test
    void profilePathWithMatrixParameters_isRefusedInsteadOfStoredUnderAnotherName() throws Exception {
        java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(java.net.URI.create(SERVICE.api("/profiles/lnkd-copy;b")))
                                .header("Authorization", "Bearer test-token")
                                .PUT(java.net.http.HttpRequest.BodyPublishers.ofString("{}"))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(JsonMapping.mapper().readTree(response.body()).get("message").asText())
                .contains("';'");
        Response missing = SERVICE.client()
                .target(SERVICE.api("/profiles/lnkd-copy"))
                .request()
                .get();
        assertThat(missing.getStatus()).isEqualTo(404);
        missing.close();
    }

    @Test
    void recommendation_badQuestions_are400NamingTheProblem() {
        String[][] cases = {
            {"{\"profile\": \"ymmr\", \"n\": 3, \"require\": [\"window@2<=5ms\"]}", "window@2<=5ms"},
            {"{\"profile\": \"ymmr\", \"n\": \"3..9\"}", "'n' must be a range within 1..8"},
            {"{\"profile\": \"ymmr\", \"n\": \"2..7\"}", "at most 4 values"},
            {"{\"profile\": \"ymmr\", \"n\": 3, \"objective\": \"fast\"}", "objective"},
            {"{\"profile\": \"ymmr\", \"n\": 3, \"require\": \"w>=2\"}", "'require' must be an array"},
            {"{\"profile\": \"ymmr\"}", "'n' is required"},
            {"{\"profile\": \"ymmr\", \"n\": 3, \"speculative_retry\": \"99p\"}", "'speculative_retry' asks one more"},
            {
                "{\"profile\": \"ymmr\", \"n\": 3, \"read_fanout\": \"targeted\", \"speculative_retry\": [\"NONE\", 7]}",
                "'speculative_retry' must hold strings"
            },
            {
                "{\"profile\": \"ymmr\", \"n\": 3, \"read_fanout\": \"targeted\", \"speculative_retry\": \"NONE,soon\"}",
                "'speculative_retry' is not understood: speculative retry 'soon'"
            },
            {
                "{\"profile\": \"ymmr\", \"n\": 3, \"read_fanout\": \"targeted\", \"speculative_retry\": []}",
                "'speculative_retry' needs at least one setting"
            },
            {
                "{\"profile\": \"ymmr\", \"n\": 3, \"read_fanout\": \"targeted\", "
                        + "\"speculative_retry\": [\"ALWAYS\", \"always\"]}",
                "'speculative_retry' lists ALWAYS twice"
            },
            {"{\"profile\": \"ymmr\", \"n\": 3, \"read_fanout\": \"sideways\"}", "'read_fanout' must be"},
            {"{\"profile\": \"ymmr\", \"n\": 3, \"read_repair\": true}", "'read_repair' must be a string"},
            {
                "{\"profile\": \"ymmr\", \"n\": 3, \"read_repair\": \"lazy\"}",
                "'read_repair' must be blocking, none or off"
            },
            {"{\"profile\": \"ymmr\", \"n\": 3, \"replica_choice\": \"snitch\"}", "'replica_choice' snitch orders"},
            {
                "{\"profile\": \"ymmr\", \"n\": 3, \"read_fanout\": \"targeted\", \"replica_choice\": \"snitch\", "
                        + "\"snitch_badness_threshold\": \"high\"}",
                "'snitch_badness_threshold' must be a finite number"
            },
            {"{\"profile\": \"ymmr\", \"n\": 3, \"require\": [\"speculation<=5%\"]}", "speculation<=5%"},
            {"{\"profile\": \"ymmr\", \"n\": 3, \"require\": [\"repair<=0.1\"]}", "repair@<ms><=<fraction>"},
            {
                "{\"profile\": \"ec2-three-regions\", \"speculative_retry\": \"ALWAYS\"}",
                "'speculative_retry' is modelled"
            },
        };
        for (String[] bad : cases) {
            Response response = SERVICE.client()
                    .target(SERVICE.api("/recommendations"))
                    .request()
                    .post(Entity.json(bad[0]));
            assertThat(response.getStatus()).as(bad[0]).isEqualTo(400);
            assertThat(response.readEntity(JsonNode.class).get("message").asText())
                    .as(bad[0])
                    .contains(bad[1]);
        }
    }

    @Test
    void dashboardPage_isServedAtTheRootWithItsScriptsAndUplotFromTheJar() {
        String root = SERVICE.url("");
        Response page = SERVICE.client().target(root + "/").request().get();
        assertThat(page.getStatus()).isEqualTo(200);
        assertThat(page.readEntity(String.class))
                .contains("<title>pbs")
                .contains("/app.js")
                .contains("/vendor/uplot/uPlot.iife.min.js")
                .doesNotContain("https://");
        for (String asset : new String[] {
            "/app.js",
            "/charts.js",
            "/sla.js",
            "/sla-datacenters.js",
            "/faults.js",
            "/live.js",
            "/history.js",
            "/style.css",
            "/vendor/uplot/uPlot.iife.min.js",
            "/vendor/uplot/uPlot.min.css"
        }) {
            // Reading the body returns the connection to the client's small pool.
            Response response = SERVICE.client().target(root + asset).request().get();
            assertThat(response.getStatus()).as(asset).isEqualTo(200);
            assertThat(response.readEntity(String.class)).as(asset).isNotEmpty();
        }
    }
}
