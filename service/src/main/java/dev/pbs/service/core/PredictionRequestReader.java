package dev.pbs.service.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.service.PbsConfiguration;

/**
 * Reads prediction requests against the stored profiles and the configured limits, with every
 * simulation on {@code threads} threads.
 */
public final class PredictionRequestReader {

    private final ProfileStore profiles;
    private final PbsConfiguration.Limits limits;
    private final int threads;

    public PredictionRequestReader(ProfileStore profiles, PbsConfiguration.Limits limits, int threads) {
        this.profiles = profiles;
        this.limits = limits;
        this.threads = threads;
    }

    /** @throws dev.pbs.service.errors.ApiProblem 4xx naming the first problem found */
    public PredictionRequest read(JsonNode body) {
        return PredictionRequest.parse(body, name -> profiles.find(name).map(ProfileStore.StoredProfile::profile),
                limits, threads);
    }
}
