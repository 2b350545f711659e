package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.service.PbsApplication;
import dev.pbs.service.PbsConfiguration;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The same question asked of the REST service and of the command line gets the same JSON. */
@ExtendWith(DropwizardExtensionsSupport.class)
class CommandLineMatchesServiceTest {

    private static final DropwizardAppExtension<PbsConfiguration> APP = new DropwizardAppExtension<>(
            PbsApplication.class,
            ResourceHelpers.resourceFilePath("test-pbs.yml"),
            ConfigOverride.config("dataDirectory", temporaryDirectory()));

    private static String temporaryDirectory() {
        try {
            return Files.createTempDirectory("pbs-cli-service").toString();
        } catch (IOException problem) {
            throw new UncheckedIOException(problem);
        }
    }

    private static String api(String path) {
        return "http://127.0.0.1:" + APP.getLocalPort() + "/api/v1" + path;
    }

    @Test
    void prediction_sameParametersAsTheCommandLine_givesTheSameJson() throws Exception {
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": \"ONE\", \"w\": 1, \"t_ms\": [0, 5, 50], "
                + "\"windows\": [0.99], \"percentiles\": [50, 99], \"k\": [1, 2], \"trials\": 40000, \"seed\": 7}";
        Response response = APP.client().target(api("/predictions")).request().post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode served = response.readEntity(JsonNode.class);

        StringWriter out = new StringWriter();
        int status = PbsCommandLine.execute(
                new PrintWriter(out),
                new PrintWriter(new StringWriter()),
                "predict",
                "--profile",
                "lnkd-disk",
                "--n",
                "3",
                "--r",
                "ONE",
                "--w",
                "1",
                "--t",
                "0,5,50",
                "--windows",
                "0.99",
                "--percentiles",
                "50,99",
                "--k",
                "1,2",
                "--trials",
                "40000",
                "--seed",
                "7",
                "--format",
                "json");
        assertThat(status).isZero();
        assertThat(served).isEqualTo(JsonMapping.mapper().readTree(out.toString()));
    }

    @Test
    void coordinatorReplicaShare_sameParametersAsTheCommandLine_givesTheSameJson() throws Exception {
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"read_fanout\": \"targeted\", "
                + "\"coordinator_replica_share\": {\"writes\": 0.67, \"reads\": 0.5}, \"t_ms\": [0, 5], "
                + "\"trials\": 20000, \"seed\": 7}";
        Response response = APP.client().target(api("/predictions")).request().post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode served = response.readEntity(JsonNode.class);
        assertThat(served.get("coordinator_replica_share").get("reads").asDouble())
                .isEqualTo(0.5);

        StringWriter out = new StringWriter();
        int status = PbsCommandLine.execute(
                new PrintWriter(out),
                new PrintWriter(new StringWriter()),
                "predict",
                "--profile",
                "lnkd-disk",
                "--n",
                "3",
                "--r",
                "1",
                "--w",
                "1",
                "--read-fanout",
                "targeted",
                "--coordinator-replica-share",
                "0.67,0.5",
                "--t",
                "0,5",
                "--trials",
                "20000",
                "--seed",
                "7",
                "--format",
                "json");
        assertThat(status).isZero();
        assertThat(served).isEqualTo(JsonMapping.mapper().readTree(out.toString()));
    }

    @Test
    void rareEventPrediction_sameParametersAsTheCommandLine_givesTheSameJson() throws Exception {
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"t_ms\": [0, 100], \"windows\": [0.999999], "
                + "\"stale_probabilities\": true, \"trials\": 40000, \"seed\": 7}";
        Response response = APP.client().target(api("/predictions")).request().post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode served = response.readEntity(JsonNode.class);
        assertThat(served.get("rare_events").get("method").asText()).isEqualTo("importance_sampling");
        assertThat(served.get("configs")
                        .get(0)
                        .get("t_visibility")
                        .get(1)
                        .get("stale")
                        .get("method")
                        .asText())
                .isEqualTo("importance_sampling");

        StringWriter out = new StringWriter();
        int status = PbsCommandLine.execute(
                new PrintWriter(out),
                new PrintWriter(new StringWriter()),
                "predict",
                "--profile",
                "lnkd-disk",
                "--n",
                "3",
                "--t",
                "0,100",
                "--windows",
                "0.999999",
                "--stale-probabilities",
                "--trials",
                "40000",
                "--seed",
                "7",
                "--format",
                "json");
        assertThat(status).isZero();
        assertThat(served).isEqualTo(JsonMapping.mapper().readTree(out.toString()));
    }

    @Test
    void speculativePrediction_sameParametersAsTheCommandLine_givesTheSameJson() throws Exception {
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"read_fanout\": \"targeted\", "
                + "\"speculative_retry\": \"99p\", \"read_repair\": \"blocking\", \"replica_choice\": \"snitch\", \"snitch_badness_threshold\": 0.5, "
                + "\"trials\": 40000, \"seed\": 7}";
        Response response = APP.client().target(api("/predictions")).request().post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode served = response.readEntity(JsonNode.class);
        assertThat(served.get("speculative_retry").asText()).isEqualTo("99p");
        JsonNode speculation = served.get("configs").get(0).get("speculation");
        assertThat(speculation.get("p_speculated").asDouble()).isBetween(0.005, 0.02);
        assertThat(served.get("read_repair").asText()).isEqualTo("blocking");
        assertThat(served.get("replica_choice").asText()).isEqualTo("snitch");
        assertThat(served.get("snitch_badness_threshold").asDouble()).isEqualTo(0.5);
        // R = 1 never repairs; R = 2 is asked for below through the command line's same JSON.
        assertThat(served.get("configs")
                        .get(0)
                        .get("read_repair")
                        .get(0)
                        .get("p_repair")
                        .asDouble())
                .isZero();

        StringWriter out = new StringWriter();
        int status = PbsCommandLine.execute(
                new PrintWriter(out),
                new PrintWriter(new StringWriter()),
                "predict",
                "--profile",
                "lnkd-disk",
                "--n",
                "3",
                "--r",
                "1",
                "--w",
                "1",
                "--read-fanout",
                "targeted",
                "--speculative-retry",
                "99p",
                "--read-repair",
                "blocking",
                "--replica-choice",
                "snitch",
                "--snitch-badness-threshold",
                "0.5",
                "--trials",
                "40000",
                "--seed",
                "7",
                "--format",
                "json");
        assertThat(status).isZero();
        assertThat(served).isEqualTo(JsonMapping.mapper().readTree(out.toString()));
    }

    @Test
    void sessionPrediction_sameParametersAsTheCommandLine_givesTheSameJson() throws Exception {
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 2, \"w\": 1, \"t_ms\": [0, 5], "
                + "\"read_fanout\": \"targeted\", \"read_repair\": \"blocking\", \"write_rate\": 200, "
                + "\"read_interval_ms\": 2, \"trials\": 20000, \"seed\": 7}";
        Response response = APP.client().target(api("/predictions")).request().post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode served = response.readEntity(JsonNode.class);
        JsonNode sessions = served.get("sessions");
        assertThat(sessions.get("write_rate").asInt()).isEqualTo(200);
        assertThat(sessions.get("read_interval_ms").asInt()).isEqualTo(2);
        assertThat(sessions.get("trials").asLong()).isEqualTo(20000);
        JsonNode configuration = sessions.get("configs").get(0);
        assertThat(configuration.get("monotonic_reads").get("p_violation").asDouble())
                .as("two of three replicas, repaired before the read returns: the next read asks one of them")
                .isZero();
        assertThat(configuration
                        .get("read_your_writes")
                        .get(1)
                        .get("p_read_own")
                        .asDouble())
                .isGreaterThan(configuration
                        .get("read_your_writes")
                        .get(0)
                        .get("p_read_own")
                        .asDouble());

        StringWriter out = new StringWriter();
        int status = PbsCommandLine.execute(
                new PrintWriter(out),
                new PrintWriter(new StringWriter()),
                "predict",
                "--profile=lnkd-disk",
                "--n=3",
                "--r=2",
                "--w=1",
                "--t=0,5",
                "--read-fanout=targeted",
                "--read-repair=blocking",
                "--write-rate=200",
                "--read-interval=2",
                "--trials=20000",
                "--seed=7",
                "--format=json");
        assertThat(status).isZero();
        assertThat(served).isEqualTo(JsonMapping.mapper().readTree(out.toString()));
    }

    @Test
    void recommendation_sameQuestionAsTheCommandLine_givesTheSameJson() throws Exception {
        String body = "{\"profile\": \"ymmr\", \"n\": 3, \"require\": [\"window@0.999<=250ms\"], "
                + "\"trials\": 100000, \"seed\": 5}";
        Response response =
                APP.client().target(api("/recommendations")).request().post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode served = response.readEntity(JsonNode.class);
        assertThat(served.get("feasible").get(0).get("r").asInt()).isEqualTo(2);
        assertThat(served.get("feasible").get(0).get("w").asInt()).isEqualTo(1);

        StringWriter out = new StringWriter();
        int status = PbsCommandLine.execute(
                new PrintWriter(out),
                new PrintWriter(new StringWriter()),
                "tune",
                "--profile",
                "ymmr",
                "--n",
                "3",
                "--require",
                "window@0.999<=250ms",
                "--trials",
                "100000",
                "--seed",
                "5",
                "--format",
                "json");
        assertThat(status).isZero();
        assertThat(served).isEqualTo(JsonMapping.mapper().readTree(out.toString()));
    }

    @Test
    void readPathRecommendation_sameQuestionAsTheCommandLine_givesTheSameJson() throws Exception {
        // The service's array of settings is the command line's comma-separated list.
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"read_fanout\": \"targeted\", "
                + "\"speculative_retry\": [\"NONE\", \"MIN(99p,20ms)\", \"ALWAYS\"], \"read_repair\": \"blocking\", "
                + "\"replica_choice\": \"snitch\", \"snitch_badness_threshold\": 0.5, "
                + "\"require\": [\"speculation<=0.05\", \"repair@5ms<=0.5\"], \"trials\": 20000, \"seed\": 5}";
        Response response =
                APP.client().target(api("/recommendations")).request().post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode served = response.readEntity(JsonNode.class);
        assertThat(served.get("read_path").get("speculative_retry"))
                .extracting(JsonNode::asText)
                .containsExactly("NONE", "MIN(99p,20ms)", "ALWAYS");
        assertThat(served.get("read_path").get("read_repair").asText()).isEqualTo("blocking");
        assertThat(served.get("feasible").size() + served.get("rejected").size())
                .isEqualTo(3 * 9);
        assertThat(served.get("rejected").toString()).contains("speculation=1 > 0.05");

        StringWriter out = new StringWriter();
        int status = PbsCommandLine.execute(
                new PrintWriter(out),
                new PrintWriter(new StringWriter()),
                "tune",
                "--profile",
                "lnkd-disk",
                "--n",
                "3",
                "--read-fanout",
                "targeted",
                "--speculative-retry",
                "NONE,MIN(99p,20ms)",
                "--speculative-retry",
                "ALWAYS",
                "--read-repair",
                "blocking",
                "--replica-choice",
                "snitch",
                "--snitch-badness-threshold",
                "0.5",
                "--require",
                "speculation<=0.05",
                "--require",
                "repair@5ms<=0.5",
                "--trials",
                "20000",
                "--seed",
                "5",
                "--format",
                "json");
        assertThat(status).isZero();
        assertThat(served).isEqualTo(JsonMapping.mapper().readTree(out.toString()));
    }

    @Test
    void levelRecommendation_sameQuestionAsTheCommandLine_givesTheSameJson() throws Exception {
        String body = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"write_level\": [\"ONE\", \"QUORUM\"], "
                + "\"read_level\": [\"ONE\", \"LOCAL_QUORUM\"], \"require\": [\"window@0.999<=10ms\"], "
                + "\"trials\": 20000, \"seed\": 5}";
        Response response =
                APP.client().target(api("/recommendations")).request().post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode served = response.readEntity(JsonNode.class);
        assertThat(served.get("levels").asText()).isEqualTo("datacenters");
        assertThat(served.get("feasible").size() + served.get("rejected").size())
                .isEqualTo(4);

        StringWriter out = new StringWriter();
        int status = PbsCommandLine.execute(
                new PrintWriter(out),
                new PrintWriter(new StringWriter()),
                "tune",
                "--profile",
                "lnkd-disk",
                "--n",
                "3",
                "--write-level",
                "ONE,QUORUM",
                "--read-level",
                "ONE,LOCAL_QUORUM",
                "--require",
                "window@0.999<=10ms",
                "--trials",
                "20000",
                "--seed",
                "5",
                "--format",
                "json");
        assertThat(status).isZero();
        assertThat(served).isEqualTo(JsonMapping.mapper().readTree(out.toString()));
    }
}
