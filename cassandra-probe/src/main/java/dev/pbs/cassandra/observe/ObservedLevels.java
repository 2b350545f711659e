package dev.pbs.cassandra.observe;

import dev.pbs.model.quorum.ConsistencyLevel;
import java.util.Objects;

/**
 * The consistency levels and datacenters of an observation over several datacenters: writes at
 * {@code writeLevel} through coordinators of {@code writeDatacenter}, reads at {@code readLevel}
 * through coordinators of {@code readDatacenter} (model note, datacenters and levels).
 *
 * @param writeLevel the writes' consistency level, any of Cassandra's (LOCAL_QUORUM, EACH_QUORUM, ...)
 * @param readLevel the reads' consistency level
 * @param writeDatacenter the datacenter whose nodes coordinate the writes
 * @param readDatacenter the datacenter whose nodes coordinate the reads
 */
public record ObservedLevels(
        ConsistencyLevel writeLevel, ConsistencyLevel readLevel, String writeDatacenter, String readDatacenter) {

    public ObservedLevels {
        Objects.requireNonNull(writeLevel, "write level");
        Objects.requireNonNull(readLevel, "read level");
        if (writeDatacenter == null || writeDatacenter.isBlank()) {
            throw new IllegalArgumentException("the writes' datacenter is missing");
        }
        if (readDatacenter == null || readDatacenter.isBlank()) {
            throw new IllegalArgumentException("the reads' datacenter is missing");
        }
    }

    /** "LOCAL_QUORUM writes in dc1, LOCAL_ONE reads in dc2". */
    public String describe() {
        return writeLevel + " writes in " + writeDatacenter + ", " + readLevel + " reads in " + readDatacenter;
    }
}
