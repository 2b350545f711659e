package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.util.Optional;

/** Cassandra's consistency level for waiting on a number of replicas. */
public final class ConsistencyLevels {

    private ConsistencyLevels() {}

    /**
     * The level that waits for exactly {@code replicas} of {@code n}: ALL, ONE, TWO, THREE or
     * QUORUM; empty when Cassandra has none for that number.
     */
    public static Optional<ConsistencyLevel> forReplicas(int replicas, int n) {
        if (replicas >= n) {
            return Optional.of(DefaultConsistencyLevel.ALL);
        }
        return switch (replicas) {
            case 1 -> Optional.of(DefaultConsistencyLevel.ONE);
            case 2 -> Optional.of(DefaultConsistencyLevel.TWO);
            case 3 -> Optional.of(DefaultConsistencyLevel.THREE);
            default -> replicas == n / 2 + 1 ? Optional.of(DefaultConsistencyLevel.QUORUM) : Optional.empty();
        };
    }
}
