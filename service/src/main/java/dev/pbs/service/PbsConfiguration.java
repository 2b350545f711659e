package dev.pbs.service;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.probes.ProbeConfiguration;
import dev.pbs.service.state.StateConfiguration;
import io.dropwizard.core.Configuration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The service's configuration (see the commented {@code pbs.yml} in the jar for every option and
 * its default). Builds what the application needs, so resources never read raw configuration.
 */
public class PbsConfiguration extends Configuration {

    /** Where uploaded profiles are kept; created when missing. Env PBS_DATA_DIR. */
    @NotEmpty
    private String dataDirectory = "./pbs-data";

    /** Bearer token for mutating calls; empty refuses them all. Env PBS_API_TOKEN. */
    private String apiToken = "";

    @Valid
    private Limits limits = new Limits();

    /** Where profiles, probes and histories are kept: the data directory (default) or Cassandra (fleet mode). */
    private StateConfiguration state = new StateConfiguration();

    @JsonProperty
    public StateConfiguration getState() {
        return state;
    }

    @JsonProperty
    public void setState(StateConfiguration state) {
        this.state = state == null ? new StateConfiguration() : state;
    }

    /** Probes of live Cassandra clusters (see {@link ProbeConfiguration}); none by default. */
    @Valid
    private List<ProbeConfiguration> probes = new ArrayList<>();

    @JsonProperty
    public List<ProbeConfiguration> getProbes() {
        return probes;
    }

    @JsonProperty
    public void setProbes(List<ProbeConfiguration> probes) {
        this.probes = probes == null ? new ArrayList<>() : probes;
    }

    @JsonProperty
    public String getDataDirectory() {
        return dataDirectory;
    }

    @JsonProperty
    public void setDataDirectory(String dataDirectory) {
        this.dataDirectory = dataDirectory;
    }

    @JsonProperty
    public String getApiToken() {
        return apiToken;
    }

    @JsonProperty
    public void setApiToken(String apiToken) {
        this.apiToken = apiToken == null ? "" : apiToken.trim();
    }

    @JsonProperty
    public Limits getLimits() {
        return limits;
    }

    @JsonProperty
    public void setLimits(Limits limits) {
        this.limits = limits;
    }

    public Path dataPath() {
        return Path.of(dataDirectory);
    }

    /** What one request may ask for, and how many simulations run at once. */
    public static class Limits {

        /** Largest N a request may ask for. */
        @Min(1)
        @Max(1024)
        private int maxReplicas = 16;

        /** Most trials one request may ask for. */
        @Min(1)
        @Max(2_000_000_000L)
        private long maxTrials = 10_000_000;

        /** Trials when a request gives none (as ./pbs predict). */
        @Min(1)
        @Max(2_000_000_000L)
        private long defaultTrials = 1_000_000;

        /** Simulations running at once; each uses every core, so 1 suits a small machine. */
        @Min(1)
        @Max(64)
        private int concurrentSimulations = 1;

        /** Simulations waiting for a slot; more are refused with 503 and Retry-After. */
        @Min(0)
        @Max(1024)
        private int queuedSimulations = 4;

        /** Answers to requests with an explicit seed kept for identical requests. */
        @Min(0)
        @Max(100_000)
        private int cachedPredictions = 256;

        /** The most values of N one tuning request may span ({@code "3..6"} spans 4). */
        public static final int MAX_REPLICA_COUNTS = 4;

        /** The bounds every question to the service is checked against. */
        public QuestionLimits questionLimits() {
            return new QuestionLimits(maxReplicas, maxTrials, defaultTrials, MAX_REPLICA_COUNTS);
        }

        @JsonProperty
        public int getMaxReplicas() {
            return maxReplicas;
        }

        @JsonProperty
        public void setMaxReplicas(int maxReplicas) {
            this.maxReplicas = maxReplicas;
        }

        @JsonProperty
        public long getMaxTrials() {
            return maxTrials;
        }

        @JsonProperty
        public void setMaxTrials(long maxTrials) {
            this.maxTrials = maxTrials;
        }

        @JsonProperty
        public long getDefaultTrials() {
            return defaultTrials;
        }

        @JsonProperty
        public void setDefaultTrials(long defaultTrials) {
            this.defaultTrials = defaultTrials;
        }

        @JsonProperty
        public int getConcurrentSimulations() {
            return concurrentSimulations;
        }

        @JsonProperty
        public void setConcurrentSimulations(int concurrentSimulations) {
            this.concurrentSimulations = concurrentSimulations;
        }

        @JsonProperty
        public int getQueuedSimulations() {
            return queuedSimulations;
        }

        @JsonProperty
        public void setQueuedSimulations(int queuedSimulations) {
            this.queuedSimulations = queuedSimulations;
        }

        @JsonProperty
        public int getCachedPredictions() {
            return cachedPredictions;
        }

        @JsonProperty
        public void setCachedPredictions(int cachedPredictions) {
            this.cachedPredictions = cachedPredictions;
        }
    }
}
