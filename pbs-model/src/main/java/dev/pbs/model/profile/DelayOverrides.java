package dev.pbs.model.profile;

import dev.pbs.model.distribution.LatencyDistribution;

/**
 * Per-replica replacements for some of the default delays; a {@code null} component keeps the
 * default. Models heterogeneous replicas: one slow disk, one distant replica.
 */
public record DelayOverrides(
        LatencyDistribution write,
        LatencyDistribution acknowledgement,
        LatencyDistribution read,
        LatencyDistribution response) {

    /** Overrides nothing. */
    public static final DelayOverrides NONE = new DelayOverrides(null, null, null, null);

    public boolean isEmpty() {
        return write == null && acknowledgement == null && read == null && response == null;
    }
}
