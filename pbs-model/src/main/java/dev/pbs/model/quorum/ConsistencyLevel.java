package dev.pbs.model.quorum;

import java.util.Locale;

/**
 * Cassandra's consistency level names. {@link #replicas(int)} maps one to a number of replicas in a
 * single datacenter of N replicas, where {@code LOCAL_X} is {@code X} and {@code EACH_QUORUM} is
 * {@code QUORUM}; across datacenters a level is read by {@link DatacenterReplicas} (model note
 * section 7).
 */
public enum ConsistencyLevel {
    ONE,
    TWO,
    THREE,
    /** {@code floor(N / 2) + 1} of all replicas. */
    QUORUM,
    ALL,
    /** One replica of the coordinator's datacenter. */
    LOCAL_ONE,
    /** {@code floor(RF / 2) + 1} replicas of the coordinator's datacenter, RF its replicas. */
    LOCAL_QUORUM,
    /** {@code floor(RF_e / 2) + 1} replicas of every datacenter e. */
    EACH_QUORUM;

    /** What a level counts across datacenters. */
    public enum Scope {
        /** Replicas anywhere: ONE, TWO, THREE, QUORUM, ALL. */
        EVERY_DATACENTER,
        /** Replicas of the coordinator's datacenter only: LOCAL_ONE, LOCAL_QUORUM. */
        COORDINATOR_DATACENTER,
        /** A quorum in each datacenter: EACH_QUORUM. */
        EACH_DATACENTER
    }

    /** The levels the tools name in their help and messages, in this order. */
    public static final String NAMES = "ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM";

    /**
     * The number of replicas this level waits for when there are {@code n} replicas in one
     * datacenter (a LOCAL level is then the plain one, EACH_QUORUM is QUORUM).
     */
    public int replicas(int n) {
        return switch (this) {
            case ONE, LOCAL_ONE -> 1;
            case TWO -> 2;
            case THREE -> 3;
            case QUORUM, LOCAL_QUORUM, EACH_QUORUM -> quorum(n);
            case ALL -> n;
        };
    }

    /** What the level counts across datacenters. */
    public Scope scope() {
        return switch (this) {
            case LOCAL_ONE, LOCAL_QUORUM -> Scope.COORDINATOR_DATACENTER;
            case EACH_QUORUM -> Scope.EACH_DATACENTER;
            default -> Scope.EVERY_DATACENTER;
        };
    }

    /** A quorum of {@code replicas}: {@code floor(replicas / 2) + 1}. */
    public static int quorum(int replicas) {
        return replicas / 2 + 1;
    }

    /**
     * The level of a name, any case, surrounding space ignored.
     *
     * @param role what the level is for, in messages ("write level")
     * @throws IllegalArgumentException naming the levels there are
     */
    public static ConsistencyLevel parse(String role, String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(role + " is missing");
        }
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException(
                    role + " must be one of " + NAMES + ", was '" + EchoedText.of(text.trim()) + "'");
        }
    }

    /**
     * Resolves a quorum size given as a positive integer or a level name (case-insensitive).
     *
     * @param role what the value is, for messages ("R" or "W")
     * @throws IllegalArgumentException naming the problem when the text is neither, or the
     *     resulting size is outside {@code [1, n]}
     */
    public static int resolve(String role, String text, int n) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(role + " is missing");
        }
        String trimmed = text.trim();
        int size;
        try {
            size = Integer.parseInt(trimmed);
        } catch (NumberFormatException notANumber) {
            try {
                size = valueOf(trimmed.toUpperCase(Locale.ROOT)).replicas(n);
            } catch (IllegalArgumentException unknownName) {
                throw new IllegalArgumentException(
                        role + " must be a number or one of " + NAMES + ", was '" + EchoedText.of(trimmed) + "'");
            }
        }
        if (size < 1 || size > n) {
            throw new IllegalArgumentException(
                    role + " must be between 1 and N=" + n + ", was " + EchoedText.of(trimmed)
                            + (trimmed.equals(Integer.toString(size)) ? "" : " (" + size + " replicas)"));
        }
        return size;
    }
}
