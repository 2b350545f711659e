package dev.pbs.service.api;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One profile in {@code GET /api/v1/profiles}.
 *
 * @param origin {@code built-in} or {@code uploaded}
 */
public record ProfileSummary(@JsonProperty("name") String name, @JsonProperty("description") String description,
        @JsonProperty("provenance") String provenance, @JsonProperty("origin") String origin) {
}
