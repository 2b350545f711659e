package dev.pbs.service.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.service.PbsConfiguration;

/** Reads recommendation requests against the stored profiles and the configured limits. */
public final class RecommendationRequestReader {

    private final ProfileStore profiles;
    private final PbsConfiguration.Limits limits;
    private final int threads;

    public RecommendationRequestReader(ProfileStore profiles, PbsConfiguration.Limits limits, int threads) {
        this.profiles = profiles;
        this.limits = limits;
        this.threads = threads;
    }

    /** @throws dev.pbs.service.errors.ApiProblem 4xx naming the first problem found */
    public RecommendationRequest read(JsonNode body) {
        return RecommendationRequest.parse(body,
                name -> profiles.find(name).map(ProfileStore.StoredProfile::profile), limits, threads);
    }
}
