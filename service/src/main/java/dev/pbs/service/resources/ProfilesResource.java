package dev.pbs.service.resources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.api.ProfileSummary;
import dev.pbs.service.core.ProfileName;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.errors.ApiProblem;
import dev.pbs.service.profiles.ProfileJson;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;

/** {@code /api/v1/profiles}: list, read, upload and delete latency profiles. */
@Path("/v1/profiles")
@Produces(MediaType.APPLICATION_JSON)
public final class ProfilesResource {

    private final ProfileStore store;
    private final BearerToken token;

    public ProfilesResource(ProfileStore store, BearerToken token) {
        this.store = store;
        this.token = token;
    }

    @GET
    public List<ProfileSummary> list() {
        return store.list().stream().map(stored -> new ProfileSummary(stored.profile().name(),
                stored.profile().description(), stored.profile().provenance(), stored.origin())).toList();
    }

    @GET
    @Path("/{name}")
    public JsonNode get(@PathParam("name") String name) {
        return ProfileJson.write(find(name));
    }

    /** Creates (201) or replaces (200) an uploaded profile; the body is a profile file. */
    @PUT
    @Path("/{name}")
    @Consumes(MediaType.WILDCARD)
    public Response put(@PathParam("name") String name, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            InputStream body) {
        token.require(authorization);
        ProfileName.require(name);
        LatencyProfile profile = ProfileJson.read(RequestBodies.readJson(body));
        ProfileStore.Result result = store.put(name, profile);
        JsonNode written = ProfileJson.write(store.find(name).orElseThrow().profile());
        return Response.status(result == ProfileStore.Result.CREATED ? 201 : 200).entity(written).build();
    }

    @DELETE
    @Path("/{name}")
    public Response delete(@PathParam("name") String name, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        token.require(authorization);
        ProfileName.require(name);
        if (!store.delete(name)) {
            throw ApiProblem.of(404, "no profile named '" + name + "'");
        }
        return Response.noContent().build();
    }

    private LatencyProfile find(String name) {
        ProfileName.require(name);
        return store.find(name).map(ProfileStore.StoredProfile::profile)
                .orElseThrow(() -> ApiProblem.of(404, "no profile named '" + name + "'"));
    }
}
