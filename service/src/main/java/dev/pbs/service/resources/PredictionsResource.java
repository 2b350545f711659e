package dev.pbs.service.resources;

import dev.pbs.service.PbsConfiguration;
import dev.pbs.service.core.PredictionRequest;
import dev.pbs.service.core.PredictionService;
import dev.pbs.service.core.ProfileStore;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;

/** {@code POST /api/v1/predictions}: the JSON of {@code ./pbs predict --format json}. */
@Path("/v1/predictions")
@Produces(MediaType.APPLICATION_JSON)
public final class PredictionsResource {

    private final ProfileStore profiles;
    private final PredictionService predictions;
    private final PbsConfiguration.Limits limits;
    private final int threads;

    public PredictionsResource(ProfileStore profiles, PredictionService predictions, PbsConfiguration.Limits limits,
            int threads) {
        this.profiles = profiles;
        this.predictions = predictions;
        this.limits = limits;
        this.threads = threads;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    public Response predict(InputStream body) {
        PredictionRequest request = PredictionRequest.parse(RequestBodies.readJson(body),
                name -> profiles.find(name).map(ProfileStore.StoredProfile::profile), limits, threads);
        return Response.ok(predictions.predictionJson(request), MediaType.APPLICATION_JSON_TYPE).build();
    }
}
