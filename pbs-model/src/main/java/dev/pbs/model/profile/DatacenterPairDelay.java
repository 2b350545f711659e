package dev.pbs.model.profile;

import dev.pbs.model.distribution.LatencyDistribution;
import java.util.Objects;

/**
 * The one-way delay of every message from one datacenter to another, drawn afresh per message.
 *
 * @param from the sender's datacenter number, {@code >= 0}
 * @param to the receiver's datacenter number, {@code >= 0}, not {@code from}
 * @param distribution the delay, milliseconds
 */
public record DatacenterPairDelay(int from, int to, LatencyDistribution distribution) {

    public DatacenterPairDelay {
        if (from < 0 || to < 0) {
            throw new IllegalArgumentException("datacenter numbers must be >= 0, were " + from + " and " + to);
        }
        if (from == to) {
            throw new IllegalArgumentException(
                    "an inter-datacenter delay needs two different datacenters, was " + from + " to itself");
        }
        Objects.requireNonNull(distribution, "the pair's distribution is missing");
    }
}
