package dev.pbs.service.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.profile.ProfileCatalog;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.errors.IllegalArgumentMapper;
import dev.pbs.service.errors.ProfileConflictMapper;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import io.dropwizard.testing.junit5.ResourceExtension;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DropwizardExtensionsSupport.class)
class ProfilesResourceTest {

    private static final String TOKEN = "s3cret";
    private static final ProfileStore STORE = ProfileStore.open(temporaryDirectory());
    private static final ResourceExtension RESOURCES = ResourceExtension.builder()
            .addResource(new ProfilesResource(STORE, new BearerToken(TOKEN)))
            .addProvider(new IllegalArgumentMapper())
            .addProvider(new ProfileConflictMapper())
            .build();

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("pbs-profiles-resource");
        } catch (IOException problem) {
            throw new UncheckedIOException(problem);
        }
    }

    private static Entity<String> profileBody(String name) {
        String json = ProfileJson.writeString(
                        ProfileCatalog.require("lnkd-ssd").toBuilder().build())
                .replace("\"lnkd-ssd\"", "\"" + name + "\"");
        return Entity.entity(json, MediaType.APPLICATION_JSON_TYPE);
    }

    private static Response put(String name, String authorization) {
        var request = RESOURCES.target("/v1/profiles/" + name).request();
        if (authorization != null) {
            request = request.header("Authorization", authorization);
        }
        return request.put(profileBody(name));
    }

    @Test
    void list_builtInsFirst_withOriginAndProvenance() {
        List<Map<String, String>> profiles =
                RESOURCES.target("/v1/profiles").request().get(new GenericType<List<Map<String, String>>>() {});

        assertThat(profiles)
                .extracting(profile -> profile.get("name"))
                .startsWith("lnkd-ssd", "lnkd-disk", "ymmr", "wan", "ec2-three-regions");
        assertThat(profiles.get(0))
                .containsEntry("origin", "built-in")
                .containsKey("provenance")
                .containsKey("description");
    }

    @Test
    void get_builtIn_isTheProfileFileFormat() {
        JsonNode profile = RESOURCES.target("/v1/profiles/wan").request().get(JsonNode.class);

        assertThat(ProfileJson.read(profile)).isEqualTo(ProfileCatalog.require("wan"));
    }

    @Test
    void get_unknownProfile_is404WithJsonBody() {
        Response response = RESOURCES.target("/v1/profiles/nope").request().get();

        assertThat(response.getStatus()).isEqualTo(404);
        assertThat(response.readEntity(JsonNode.class).get("message").asText()).contains("nope");
    }

    @Test
    void put_withoutToken_is401() {
        Response response = put("mine", null);

        assertThat(response.getStatus()).isEqualTo(401);
        assertThat(response.getHeaderString("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(response.readEntity(JsonNode.class).get("code").asInt()).isEqualTo(401);
    }

    @Test
    void put_withWrongToken_is403() {
        assertThat(put("mine", "Bearer wrong").getStatus()).isEqualTo(403);
        assertThat(put("mine", "Basic " + TOKEN).getStatus()).isEqualTo(401);
    }

    @Test
    void putAndDelete_builtIn_are409() {
        assertThat(put("lnkd-disk", "Bearer " + TOKEN).getStatus()).isEqualTo(409);
        Response delete = RESOURCES
                .target("/v1/profiles/ymmr")
                .request()
                .header("Authorization", "Bearer " + TOKEN)
                .delete();
        assertThat(delete.getStatus()).isEqualTo(409);
        assertThat(delete.readEntity(JsonNode.class).get("message").asText()).contains("built in");
    }

    @Test
    void put_thenGetReplaceAndDelete_withToken() {
        assertThat(put("uploaded-one", "Bearer " + TOKEN).getStatus()).isEqualTo(201);
        assertThat(put("uploaded-one", "Bearer " + TOKEN).getStatus()).isEqualTo(200);
        JsonNode stored =
                RESOURCES.target("/v1/profiles/uploaded-one").request().get(JsonNode.class);
        assertThat(stored.get("name").asText()).isEqualTo("uploaded-one");

        Response delete = RESOURCES
                .target("/v1/profiles/uploaded-one")
                .request()
                .header("Authorization", "Bearer " + TOKEN)
                .delete();
        assertThat(delete.getStatus()).isEqualTo(204);
        assertThat(RESOURCES.target("/v1/profiles/uploaded-one").request().get().getStatus())
                .isEqualTo(404);
    }

    @Test
    void put_invalidProfileOrName_is400NamingTheProblem() {
        Response badProfile = RESOURCES
                .target("/v1/profiles/bad")
                .request()
                .header("Authorization", "Bearer " + TOKEN)
                .put(Entity.json("{\"name\": \"bad\", \"default\": {\"w\": {\"type\": \"pareto\", \"xm_ms\": 1, "
                        + "\"alpha\": -1}, \"a\": {\"type\": \"constant\", \"value_ms\": 1}, \"r\": {\"type\": "
                        + "\"constant\", \"value_ms\": 1}, \"s\": {\"type\": \"constant\", \"value_ms\": 1}}}"));
        assertThat(badProfile.getStatus()).isEqualTo(400);
        assertThat(badProfile.readEntity(JsonNode.class).get("message").asText())
                .contains("default.w.alpha");

        assertThat(put(".hidden", "Bearer " + TOKEN).getStatus()).isEqualTo(400);
        Response malformed = RESOURCES
                .target("/v1/profiles/x")
                .request()
                .header("Authorization", "Bearer " + TOKEN)
                .put(Entity.json("{not json"));
        assertThat(malformed.getStatus()).isEqualTo(400);
        assertThat(malformed.readEntity(JsonNode.class).get("message").asText()).contains("malformed JSON");
    }
}
