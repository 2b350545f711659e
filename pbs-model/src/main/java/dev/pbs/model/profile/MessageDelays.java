package dev.pbs.model.profile;

import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LatencySampler;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The four one-way delays of the WARS model for one replica, in milliseconds.
 *
 * @param write W: the write request travels from the coordinator to the replica and is applied
 * @param acknowledgement A: the replica's acknowledgement travels back to the coordinator
 * @param read R: a read request travels from the coordinator to the replica
 * @param response S: the replica's read response travels back
 */
public record MessageDelays(
        LatencyDistribution write,
        LatencyDistribution acknowledgement,
        LatencyDistribution read,
        LatencyDistribution response) {

    public MessageDelays {
        Objects.requireNonNull(write, "W (write) distribution is missing");
        Objects.requireNonNull(acknowledgement, "A (acknowledgement) distribution is missing");
        Objects.requireNonNull(read, "R (read request) distribution is missing");
        Objects.requireNonNull(response, "S (read response) distribution is missing");
    }

    /** The same distribution for all four messages. */
    public static MessageDelays all(LatencyDistribution distribution) {
        return new MessageDelays(distribution, distribution, distribution, distribution);
    }

    /** Samplers of the four delays bound to {@code random}, in the order W, A, R, S. */
    public LatencySampler[] samplers(RandomGenerator random) {
        return new LatencySampler[] {
            write.sampler(random), acknowledgement.sampler(random), read.sampler(random), response.sampler(random)
        };
    }

    /** Replaces the delays that the override names, keeping the others. */
    public MessageDelays with(DelayOverrides overrides) {
        return new MessageDelays(
                overrides.write() != null ? overrides.write() : write,
                overrides.acknowledgement() != null ? overrides.acknowledgement() : acknowledgement,
                overrides.read() != null ? overrides.read() : read,
                overrides.response() != null ? overrides.response() : response);
    }
}
