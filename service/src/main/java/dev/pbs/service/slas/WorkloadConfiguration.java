package dev.pbs.service.slas;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The cluster's workload, under {@code workload:} in a probe's YAML, for the severity of staleness:
 * how many stale reads a day each configuration gives, and how many versions behind. Every value
 * is required when the section is present:
 * <ul>
 *   <li>{@code readsPerSecond}: reads the cluster serves per second, at least 0;</li>
 *   <li>{@code writesPerSecond}: writes per second, at least 0;</li>
 *   <li>{@code keys}: the distinct keys those writes and reads spread over, evenly, at least 1
 *       (each key is then written {@code writesPerSecond / keys} times a second).</li>
 * </ul>
 */
public class WorkloadConfiguration {

    private Double readsPerSecond;
    private Double writesPerSecond;
    private Long keys;

    /**
     * The validated workload.
     *
     * @throws IllegalArgumentException naming the setting that is missing or out of range
     */
    public Workload toWorkload() {
        requireAtLeastZero("workload.readsPerSecond", readsPerSecond);
        requireAtLeastZero("workload.writesPerSecond", writesPerSecond);
        if (keys == null) {
            throw new IllegalArgumentException("workload.keys is missing");
        }
        if (keys < 1) {
            throw new IllegalArgumentException("workload.keys must be at least 1, was " + keys);
        }
        return new Workload(readsPerSecond, writesPerSecond, keys);
    }

    private static void requireAtLeastZero(String name, Double value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " is missing");
        }
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a number at least 0, was " + value);
        }
    }

    @JsonProperty
    public Double getReadsPerSecond() {
        return readsPerSecond;
    }

    @JsonProperty
    public void setReadsPerSecond(Double readsPerSecond) {
        this.readsPerSecond = readsPerSecond;
    }

    @JsonProperty
    public Double getWritesPerSecond() {
        return writesPerSecond;
    }

    @JsonProperty
    public void setWritesPerSecond(Double writesPerSecond) {
        this.writesPerSecond = writesPerSecond;
    }

    @JsonProperty
    public Long getKeys() {
        return keys;
    }

    @JsonProperty
    public void setKeys(Long keys) {
        this.keys = keys;
    }
}
