package dev.pbs.model.quorum;

import java.util.Locale;

/**
 * Cassandra's single-datacenter consistency level names, mapped to a number of replicas for a
 * replication factor N.
 */
public enum ConsistencyLevel {
    ONE,
    TWO,
    THREE,
    /** {@code floor(N / 2) + 1}. */
    QUORUM,
    ALL;

    /** The number of replicas this level waits for when there are {@code n} replicas. */
    public int replicas(int n) {
        return switch (this) {
            case ONE -> 1;
            case TWO -> 2;
            case THREE -> 3;
            case QUORUM -> n / 2 + 1;
            case ALL -> n;
        };
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
                        role + " must be a number or one of ONE, TWO, THREE, QUORUM, ALL, was '" + trimmed + "'");
            }
        }
        if (size < 1 || size > n) {
            throw new IllegalArgumentException(role + " must be between 1 and N=" + n + ", was " + trimmed
                    + (trimmed.equals(Integer.toString(size)) ? "" : " (" + size + " replicas)"));
        }
        return size;
    }
}
