package dev.pbs.service.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * {@code GET /api/v1/sla/window}: how long after commit a read must start to be consistent with
 * probability p, in milliseconds, with its distribution-free 95% interval.
 *
 * @param tMillis the window, or null when it lies beyond the largest simulated delay
 * @param ci95 the interval's ends in ms (an end may be null when beyond range)
 */
public record SlaWindow(@JsonProperty("profile") String profile, @JsonProperty("n") int n, @JsonProperty("r") int r,
        @JsonProperty("w") int w, @JsonProperty("p") double p, @JsonProperty("t_ms") Double tMillis,
        @JsonProperty("ci95") List<Double> ci95, @JsonProperty("beyond_range") boolean beyondRange,
        @JsonProperty("strict") boolean strict, @JsonProperty("trials") long trials, @JsonProperty("seed") long seed) {
}
