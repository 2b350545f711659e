package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The built-in {@code ec2-three-regions} (9 replicas in three named datacenters) through the whole
 * application, with the shipped limit of 16 replicas (the other tests' configuration allows 8): its
 * default prediction is in consistency levels, and the (R, W) questions it cannot answer (an N
 * that is not 9, the SLA window, recommendations) get a 400 saying why rather than a 5xx.
 */
class Ec2ThreeRegionsServiceTest {

    @RegisterExtension
    static final TestService SERVICE = TestService.standard().with("limits.maxReplicas", "16");

    @Test
    void prediction_defaultQuestion_isLocalQuorumFromUsEastReadInEveryRegion() {
        JsonNode served = SERVICE.client()
                .target(SERVICE.api("/predictions"))
                .request()
                .post(Entity.json("{\"profile\": \"ec2-three-regions\", \"seed\": 1}"), JsonNode.class);

        assertThat(served.get("n").asInt()).isEqualTo(9);
        assertThat(served.get("datacenters"))
                .extracting(JsonNode::asText)
                .containsExactly("us-east", "us-west", "eu-west");
        JsonNode configurations = served.get("configs");
        assertThat(configurations).hasSize(3);
        for (JsonNode configuration : configurations) {
            assertThat(configuration.get("write_level").asText()).isEqualTo("LOCAL_QUORUM");
            assertThat(configuration.get("read_level").asText()).isEqualTo("LOCAL_QUORUM");
            assertThat(configuration.get("write_dc").asText()).isEqualTo("us-east");
        }
        assertThat(configurations)
                .extracting(configuration -> configuration.get("read_dc").asText())
                .containsExactly("us-east", "us-west", "eu-west");
        assertThat(configurations.get(0).get("strict").asBoolean()).isTrue();
        // The write needs at least 40 ms (one way) to reach us-west, 54.7 ms to reach eu-west.
        assertThat(configurations
                        .get(1)
                        .get("t_visibility")
                        .get(0)
                        .get("p_consistent")
                        .asDouble())
                .isZero();
        assertThat(configurations
                        .get(2)
                        .get("t_visibility")
                        .get(0)
                        .get("p_consistent")
                        .asDouble())
                .isZero();
    }

    @Test
    void profiles_listAndReadTheBuiltIn() {
        JsonNode listed =
                SERVICE.client().target(SERVICE.api("/profiles")).request().get(JsonNode.class);
        JsonNode summary = null;
        for (JsonNode profile : listed) {
            if (profile.get("name").asText().equals("ec2-three-regions")) {
                summary = profile;
            }
        }
        assertThat(summary).isNotNull();
        assertThat(summary.get("origin").asText()).isEqualTo("built-in");
        assertThat(summary.get("provenance").asText()).contains("Communication Costs in Real-World Networks");

        JsonNode profile = SERVICE.client()
                .target(SERVICE.api("/profiles/ec2-three-regions"))
                .request()
                .get(JsonNode.class);
        assertThat(profile.get("datacenters").get("names"))
                .extracting(JsonNode::asText)
                .containsExactly("us-east", "us-west", "eu-west");
        assertThat(profile.get("datacenters").get("inter_dc_delays")).hasSize(6);
    }

    @Test
    void questionsInRAndW_are400SayingWhy() {
        assertRefused(
                SERVICE.client()
                        .target(SERVICE.api("/predictions"))
                        .request()
                        .post(Entity.json("{\"profile\": \"ec2-three-regions\", \"n\": 3, \"trials\": 1000}")),
                "'n' is 3, but the profile ec2-three-regions places 9 replicas (us-east:3,us-west:3,eu-west:3); "
                        + "leave it out");
        assertRefused(
                SERVICE.client()
                        .target(SERVICE.api("/predictions"))
                        .request()
                        .post(Entity.json("{\"profile\": \"ec2-three-regions\", \"r\": 1, \"w\": 1}")),
                "'r' is for (R, W), but the profile ec2-three-regions places its replicas in named datacenters");
        assertRefused(
                SERVICE.client()
                        .target(SERVICE.api("/sla/window"))
                        .queryParam("profile", "ec2-three-regions")
                        .queryParam("n", 9)
                        .queryParam("r", 1)
                        .queryParam("w", 1)
                        .request()
                        .get(),
                "'r' is for (R, W), but the profile ec2-three-regions places its replicas in named datacenters "
                        + "(us-east:3,us-west:3,eu-west:3), so it is answered in consistency levels across them: use "
                        + "'write_level' and 'read_level'");
    }

    @Test
    void recommendations_chooseLevelsForTheThreeRegions() {
        Response response = SERVICE.client()
                .target(SERVICE.api("/recommendations"))
                .request()
                .post(Entity.json("{\"profile\": \"ec2-three-regions\", \"n\": 9, \"trials\": 1000, "
                        + "\"write_level\": \"LOCAL_QUORUM\", \"read_level\": \"LOCAL_ONE\"}"));
        assertThat(response.getStatus()).isEqualTo(200);
        JsonNode answer = response.readEntity(JsonNode.class);
        assertThat(answer.get("levels").asText()).isEqualTo("datacenters");
        assertThat(answer.toString())
                .contains("LOCAL_QUORUM")
                .contains("us-west")
                .contains("eu-west");
    }

    private static void assertRefused(Response response, String message) {
        assertThat(response.getStatus()).isEqualTo(400);
        JsonNode error = response.readEntity(JsonNode.class);
        assertThat(error.get("code").asInt()).isEqualTo(400);
        assertThat(error.get("message").asText()).contains(message);
    }
}
