package dev.pbs.model.quorum;

import java.util.Objects;

/**
 * A write at one consistency level coordinated in one datacenter, and a read at another level
 * coordinated in another (or the same) datacenter: one curve of multi-datacenter t-visibility
 * (model note section 7). Datacenters are numbers into a {@link DatacenterReplicas}' names.
 *
 * @param writeLevel the write's consistency level
 * @param readLevel the read's consistency level
 * @param writeDatacenter the datacenter of the write's coordinator, {@code >= 0}
 * @param readDatacenter the datacenter of the read's coordinator, {@code >= 0}
 */
public record LevelConfiguration(
        ConsistencyLevel writeLevel, ConsistencyLevel readLevel, int writeDatacenter, int readDatacenter) {

    public LevelConfiguration {
        Objects.requireNonNull(writeLevel, "write level is missing");
        Objects.requireNonNull(readLevel, "read level is missing");
        if (writeDatacenter < 0) {
            throw new IllegalArgumentException("write datacenter must be >= 0, was " + writeDatacenter);
        }
        if (readDatacenter < 0) {
            throw new IllegalArgumentException("read datacenter must be >= 0, was " + readDatacenter);
        }
    }
}
