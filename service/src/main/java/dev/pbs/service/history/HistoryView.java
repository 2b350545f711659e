package dev.pbs.service.history;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.WarsMessage;
import dev.pbs.service.slas.LivePrediction;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * A probe's history as {@code GET /api/v1/probes/{name}/history} answers it, oldest entry first.
 *
 * @param probe the probe's name
 * @param capacity the most entries kept
 * @param spacingSeconds the least time between two entries
 * @param entries what was kept
 */
@Schema(name = "ProbeHistory", description = "A probe's last live profiles, their predictions and drift.")
public record HistoryView(
        @JsonProperty("probe") String probe,
        @JsonProperty("capacity") int capacity,
        @JsonProperty("spacing_seconds") long spacingSeconds,
        @JsonProperty("entries") List<Entry> entries) {

    /**
     * One kept refresh; the profile itself is in the entry's file, summarised here.
     *
     * @param delays each message's measured delays
     * @param prediction the declared configurations' prediction, or null when none are declared
     * @param drift each message against the reference week, or null when there was none yet
     */
    @Schema(name = "ProbeHistoryEntry")
    public record Entry(
            @JsonProperty("published_at_epoch_seconds") long publishedAtEpochSeconds,
            @JsonProperty("profile") String profile,
            @JsonProperty("delays") List<Delays> delays,

            @Schema(nullable = true) @JsonProperty("prediction")
            LivePrediction prediction,

            @Schema(nullable = true) @JsonProperty("drift") List<DriftView> drift) {

        static Entry of(HistoryEntry entry) {
            List<Delays> delays = new ArrayList<>();
            for (WarsMessage message : WarsMessage.values()) {
                LatencyDistribution distribution = message.of(entry.profile().defaults());
                delays.add(new Delays(
                        message.letter(),
                        distribution instanceof Empirical measured ? measured.count() : 0,
                        distribution.inverseSurvivalProbability(0.5),
                        distribution.inverseSurvivalProbability(0.01)));
            }
            return new Entry(
                    entry.publishedAtEpochSeconds(), entry.profile().name(), delays, entry.prediction(), entry.drift());
        }
    }

    /** One message's delays in a kept profile (its defaults, pooled over replicas). */
    @Schema(name = "ProbeHistoryDelays")
    public record Delays(
            @Schema(allowableValues = {"W", "A", "R", "S"}) @JsonProperty("message")
            String message,

            @JsonProperty("samples") long samples,
            @JsonProperty("median_ms") double medianMillis,
            @JsonProperty("p99_ms") double p99Millis) {}
}
