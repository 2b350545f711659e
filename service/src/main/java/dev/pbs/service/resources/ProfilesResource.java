package dev.pbs.service.resources;

import dev.pbs.formats.profile.ProfileDocument;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.formats.wire.ProfileSummary;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.core.ProfileName;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.errors.ApiProblem;
import dev.pbs.service.openapi.ApiDocumentation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
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
@Tag(name = "profiles", description = "Latency profiles: built-in (read-only) and uploaded")
public final class ProfilesResource {

    private static final String NAME_RULES = "Profile name: 1 to 64 ASCII letters, digits, '.', '_' and '-', "
            + "starting with a letter or digit; no '..'; not ending in .tmp or .json.";
    private static final String NAME_PATTERN = "^[A-Za-z0-9][A-Za-z0-9._-]*$";
    /** Names that can be read: stored names, and the live profiles of probes, {@code cassandra:<probe>}. */
    private static final String READABLE_NAME_PATTERN = "^(cassandra:)?[A-Za-z0-9][A-Za-z0-9._-]*$";

    private final ProfileStore store;
    private final BearerToken token;

    public ProfilesResource(ProfileStore store, BearerToken token) {
        this.store = store;
        this.token = token;
    }

    @GET
    @Operation(
            operationId = "listProfiles",
            summary = "List profiles",
            description = "Every stored profile, built-in and uploaded, by name.")
    @ApiResponse(
            responseCode = "200",
            description = "The profiles.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            array = @ArraySchema(schema = @Schema(implementation = ProfileSummary.class))))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    public List<ProfileSummary> list() {
        return store.list().stream()
                .map(stored -> new ProfileSummary(
                        stored.profile().name(),
                        stored.profile().description(),
                        stored.profile().provenance(),
                        stored.origin()))
                .toList();
    }

    @GET
    @Path("/{name}")
    @Operation(
            operationId = "getProfile",
            summary = "Read a profile",
            description = "The whole profile in the profile-file format.")
    @ApiResponse(
            responseCode = "200",
            description = "The profile.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ProfileDocument.class)))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "404", ref = ApiDocumentation.NOT_FOUND)
    public ProfileDocument get(
            @Parameter(
                            description = NAME_RULES + " Live probe profiles are named cassandra:<probe>.",
                            example = "lnkd-disk",
                            schema = @Schema(pattern = READABLE_NAME_PATTERN))
                    @PathParam("name")
                    String name) {
        return ProfileJson.document(find(name));
    }

    /** Creates (201) or replaces (200) an uploaded profile; the body is a profile file. */
    @PUT
    @Path("/{name}")
    @Consumes(MediaType.WILDCARD)
    @Operation(
            operationId = "putProfile",
            summary = "Upload a profile",
            description = "Creates or replaces an uploaded profile, kept across restarts. Built-in profiles cannot "
                    + "be replaced. Needs the bearer token.",
            security = @SecurityRequirement(name = ApiDocumentation.BEARER))
    @ApiResponse(
            responseCode = "200",
            description = "Replaced; the profile as stored.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ProfileDocument.class)))
    @ApiResponse(
            responseCode = "201",
            description = "Created; the profile as stored.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ProfileDocument.class)))
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "401", ref = ApiDocumentation.UNAUTHORIZED)
    @ApiResponse(responseCode = "403", ref = ApiDocumentation.FORBIDDEN)
    @ApiResponse(responseCode = "409", ref = ApiDocumentation.CONFLICT)
    @ApiResponse(responseCode = "413", ref = ApiDocumentation.PAYLOAD_TOO_LARGE)
    public Response put(
            @Parameter(
                            description = NAME_RULES,
                            example = "my-cluster",
                            schema = @Schema(pattern = NAME_PATTERN, maxLength = ProfileName.MAX_LENGTH))
                    @PathParam("name")
                    String name,
            @Parameter(hidden = true) @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @RequestBody(
                            required = true,
                            description = "A profile file (at most 1 MiB).",
                            content =
                                    @Content(
                                            mediaType = MediaType.APPLICATION_JSON,
                                            schema = @Schema(implementation = ProfileDocument.class)))
                    InputStream body) {
        token.require(authorization);
        ProfileName.require(name);
        LatencyProfile profile = ProfileJson.read(RequestBodies.readJson(body));
        ProfileStore.Result result = store.put(name, profile);
        ProfileDocument written =
                ProfileJson.document(store.find(name).orElseThrow().profile());
        return Response.status(result == ProfileStore.Result.CREATED ? 201 : 200)
                .entity(written)
                .build();
    }

    @DELETE
    @Path("/{name}")
    @Operation(
            operationId = "deleteProfile",
            summary = "Delete an uploaded profile",
            description = "Built-in profiles cannot be deleted. Needs the bearer token.",
            security = @SecurityRequirement(name = ApiDocumentation.BEARER))
    @ApiResponse(responseCode = "204", description = "Deleted.")
    @ApiResponse(responseCode = "400", ref = ApiDocumentation.BAD_REQUEST)
    @ApiResponse(responseCode = "401", ref = ApiDocumentation.UNAUTHORIZED)
    @ApiResponse(responseCode = "403", ref = ApiDocumentation.FORBIDDEN)
    @ApiResponse(responseCode = "404", ref = ApiDocumentation.NOT_FOUND)
    @ApiResponse(responseCode = "409", ref = ApiDocumentation.CONFLICT)
    public Response delete(
            @Parameter(
                            description = NAME_RULES,
                            example = "my-cluster",
                            schema = @Schema(pattern = NAME_PATTERN, maxLength = ProfileName.MAX_LENGTH))
                    @PathParam("name")
                    String name,
            @Parameter(hidden = true) @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        token.require(authorization);
        ProfileName.require(name);
        if (!store.delete(name)) {
            throw ApiProblem.of(404, "no profile named '" + name + "'");
        }
        return Response.noContent().build();
    }

    private LatencyProfile find(String name) {
        if (name == null || !name.startsWith(ProfileStore.LIVE_PREFIX)) {
            ProfileName.require(name);
        }
        return store.find(name)
                .map(ProfileStore.StoredProfile::profile)
                .orElseThrow(() -> ApiProblem.of(404, "no profile named '" + name + "'"));
    }
}
