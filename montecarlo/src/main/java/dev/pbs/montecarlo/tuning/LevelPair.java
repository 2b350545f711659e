package dev.pbs.montecarlo.tuning;

import dev.pbs.model.quorum.ConsistencyLevel;
import java.util.Objects;

/**
 * One candidate of level tuning: the consistency level writes use and the one reads use.
 *
 * @param writeLevel the write's level
 * @param readLevel the read's level
 */
public record LevelPair(ConsistencyLevel writeLevel, ConsistencyLevel readLevel) {

    public LevelPair {
        Objects.requireNonNull(writeLevel, "write level is missing");
        Objects.requireNonNull(readLevel, "read level is missing");
    }

    @Override
    public String toString() {
        return writeLevel + "/" + readLevel;
    }
}
