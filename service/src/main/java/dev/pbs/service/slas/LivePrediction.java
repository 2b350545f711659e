package dev.pbs.service.slas;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * What a probe's live profile predicts for its declared configurations, made at each refresh: the
 * figures behind the {@code pbs_predicted_*} and {@code pbs_sla_*} metrics. Times in
 * milliseconds; a window or latency beyond the simulated range is null. Every 95% interval holds
 * the measurement's own sampling (bootstrap replicates of the window's samples) and the Monte Carlo
 * noise; an entry kept before they did holds the Monte Carlo noise alone.
 *
 * @param profile the live profile predicted from
 * @param predictedAtEpochSeconds when (Unix time)
 * @param trials Monte Carlo trials per configuration
 * @param clock the moment every t of it (windows, P(consistent), the requirements on them) counts
 *     from: {@code acknowledgement}, when the client has the write's acknowledgement, or {@code
 *     commit}, the write's commit at its coordinator (an entry kept before the clock was recorded:
 *     commit)
 * @param clientRoundTripMillis after the acknowledgement, the mean client round trip between the
 *     commit and a read reaching its coordinator; null after commit
 * @param clientRoundTripSource after the acknowledgement, where that round trip comes from: {@code
 *     measured} (the window's own), {@code quietest-window} (the shortest a window of the probe
 *     measured, when this window's was longer: a busy host never makes a verdict fresher) or {@code
 *     configured}; null after commit
 * @param configurations one entry per declared configuration and read datacenter
 * @param problems why a declared configuration could not be predicted from this profile (for
 *     example a level the cluster's replication cannot serve); empty when all were
 */
@Schema(name = "LivePrediction", description = "A probe's declared configurations predicted from its live profile.")
public record LivePrediction(
        @JsonProperty("profile") String profile,
        @JsonProperty("predicted_at_epoch_seconds") long predictedAtEpochSeconds,
        @JsonProperty("trials") long trials,

        @Schema(
                allowableValues = {"acknowledgement", "commit"},
                description = "The moment every t of this prediction counts from: acknowledgement (when the"
                        + " client has the write's acknowledgement) or commit (the write's commit at its"
                        + " coordinator)")
        @JsonProperty("clock")
        String clock,

        @Schema(nullable = true) @JsonProperty("client_round_trip_ms")
        Double clientRoundTripMillis,

        @Schema(
                nullable = true,
                allowableValues = {"measured", "quietest-window", "configured"})
        @JsonProperty("client_round_trip_source")
        String clientRoundTripSource,

        @JsonProperty("configurations") List<Configuration> configurations,
        @JsonProperty("problems") List<String> problems) {

    public LivePrediction {
        clock = clock == null ? "commit" : clock;
        configurations = List.copyOf(configurations);
        problems = List.copyOf(problems);
    }

    /**
     * One configuration's prediction.
     *
     * @param datacenter the read datacenter, or null for a cluster without datacenters
     * @param slaMet whether every requirement is met over its whole interval (true when there are none)
     * @param slaStatus {@code met}, {@code missed} or {@code uncertain}: see the schema
     * @param workload the severity under the configured workload, or null when none is configured
     */
    @Schema(name = "LivePredictionConfiguration")
    public record Configuration(
            @JsonProperty("write_level") String writeLevel,
            @JsonProperty("read_level") String readLevel,

            @Schema(nullable = true) @JsonProperty("datacenter")
            String datacenter,

            @JsonProperty("n") int n,
            @JsonProperty("r") int r,
            @JsonProperty("w") int w,
            @JsonProperty("windows") List<Window> windows,
            @JsonProperty("consistency") List<Consistency> consistency,
            @JsonProperty("latency") List<Latency> latency,
            @JsonProperty("requirements") List<RequirementStatus> requirements,
            @JsonProperty("sla_met") boolean slaMet,

            @Schema(
                    allowableValues = {"met", "missed", "uncertain"},
                    description = "met: every requirement is met over its whole 95% interval; missed: one"
                            + " is missed over its whole interval; uncertain: otherwise, an interval"
                            + " straddles its requirement")
            @JsonProperty("sla_status")
            String slaStatus,

            @Schema(nullable = true) @JsonProperty("workload")
            Severity workload) {

        public Configuration {
            slaStatus = slaStatus != null ? slaStatus : slaMet ? "met" : "missed";
            windows = List.copyOf(windows);
            consistency = List.copyOf(consistency);
            latency = List.copyOf(latency);
            requirements = List.copyOf(requirements);
        }
    }

    /** The p-window (ms after the prediction's clock's origin) with its 95% interval; null values beyond the simulated range. */
    @Schema(name = "LivePredictionWindow")
    public record Window(
            @JsonProperty("p") double probability,
            @Schema(nullable = true) @JsonProperty("ms") Double millis,

            @Schema(nullable = true) @JsonProperty("lower_ms")
            Double lowerMillis,

            @Schema(nullable = true) @JsonProperty("upper_ms")
            Double upperMillis) {}

    /** P(consistent) for a read starting {@code t_ms} after the prediction's clock's origin, with its 95% interval. */
    @Schema(name = "LivePredictionConsistency")
    public record Consistency(
            @JsonProperty("t_ms") double tMillis,
            @JsonProperty("p") double probability,
            @JsonProperty("lower") double lower,
            @JsonProperty("upper") double upper) {}

    /** A latency percentile (ms) of reads or writes, with its 95% interval. */
    @Schema(name = "LivePredictionLatency")
    public record Latency(
            @Schema(allowableValues = {"read", "write"}) @JsonProperty("operation")
            String operation,

            @JsonProperty("percentile") double percentile,
            @Schema(nullable = true) @JsonProperty("ms") Double millis,

            @Schema(nullable = true) @JsonProperty("lower_ms")
            Double lowerMillis,

            @Schema(nullable = true) @JsonProperty("upper_ms")
            Double upperMillis) {}

    /**
     * One requirement: its verdict, and unless met what was predicted with its 95% interval.
     *
     * @param met whether it is met over its whole interval
     * @param status {@code met}, {@code missed} (over its whole interval) or {@code uncertain} (the
     *     interval straddles it); an entry kept before the verdict had three values: met or missed
     */
    @Schema(name = "LivePredictionRequirement")
    public record RequirementStatus(
            @JsonProperty("requirement") String requirement,
            @JsonProperty("met") boolean met,

            @Schema(allowableValues = {"met", "missed", "uncertain"}) @JsonProperty("status")
            String status,

            @Schema(nullable = true, example = "window@0.999=61.2ms > 50ms (95% 55.1ms to 68.0ms)")
            @JsonProperty("violation")
            String violation) {

        public RequirementStatus {
            status = status != null ? status : met ? "met" : "missed";
        }
    }

    /**
     * Staleness under the workload: each key written {@code writes_per_key_per_second} times a
     * second (Poisson), reads at random moments.
     *
     * @param staleReadProbability P(a read misses the newest committed write)
     * @param staleReadsPerDay the workload's reads per day times that probability (each with the ends
     *     of its 95% interval; null in an entry kept before intervals were recorded)
     * @param versionsBehind P(a read is at least k versions behind), k = 1, 2, 3
     */
    @Schema(name = "LivePredictionWorkload")
    public record Severity(
            @JsonProperty("writes_per_key_per_second") double writesPerKeyPerSecond,
            @JsonProperty("stale_read_probability") double staleReadProbability,

            @Schema(nullable = true) @JsonProperty("stale_read_probability_lower")
            Double staleReadProbabilityLower,

            @Schema(nullable = true) @JsonProperty("stale_read_probability_upper")
            Double staleReadProbabilityUpper,

            @JsonProperty("stale_reads_per_day") double staleReadsPerDay,

            @Schema(nullable = true) @JsonProperty("stale_reads_per_day_lower")
            Double staleReadsPerDayLower,

            @Schema(nullable = true) @JsonProperty("stale_reads_per_day_upper")
            Double staleReadsPerDayUpper,

            @JsonProperty("versions_behind") List<VersionsBehind> versionsBehind) {}

    /** P(a read is at least {@code k} versions behind). */
    @Schema(name = "LivePredictionVersionsBehind")
    public record VersionsBehind(
            @JsonProperty("k") int versions,
            @JsonProperty("p") double probability) {}
}
