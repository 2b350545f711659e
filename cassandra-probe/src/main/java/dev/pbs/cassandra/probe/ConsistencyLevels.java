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
    /**
     * The replicas that {@code level} waits for among {@code n}: the inverse of {@link
     * #forReplicas} (ALL: n, ONE: 1, TWO: 2, THREE: 3, QUORUM: n / 2 + 1; any other level: 1).
     */
    public static int replicasAwaited(ConsistencyLevel level, int n) {
        if (level == DefaultConsistencyLevel.ALL) {
            return n;
        }
        if (level == DefaultConsistencyLevel.TWO) {
            return Math.min(2, n);
        }
        if (level == DefaultConsistencyLevel.THREE) {
            return Math.min(3, n);
        }
        if (level == DefaultConsistencyLevel.QUORUM) {
            return n / 2 + 1;
        }
        return 1;
    }

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
