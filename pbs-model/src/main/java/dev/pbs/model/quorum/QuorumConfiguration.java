package dev.pbs.model.quorum;

/**
 * A replication configuration: N replicas per key, writes wait for W acknowledgements, reads for
 * R responses, with {@code 1 <= R, W <= N}.
 *
 * <p>A configuration is <em>strict</em> when {@code R + W > N}: every read quorum then intersects
 * every write quorum, so a read that starts after a write committed is never stale. Otherwise it
 * is a <em>partial</em> quorum, whose staleness is probabilistic.
 *
 * @param n replicas per key, at least 1
 * @param r read quorum size, in {@code [1, n]}
 * @param w write quorum size, in {@code [1, n]}
 */
public record QuorumConfiguration(int n, int r, int w) {

    /** The largest replication factor the tools accept. */
    public static final int MAX_REPLICAS = 1024;

    public QuorumConfiguration {
        if (n < 1) {
            throw new IllegalArgumentException("N must be >= 1, was " + n);
        }
        if (n > MAX_REPLICAS) {
            throw new IllegalArgumentException("N must be <= " + MAX_REPLICAS + ", was " + n);
        }
        if (r < 1 || r > n) {
            throw new IllegalArgumentException("R must be between 1 and N=" + n + ", was " + r);
        }
        if (w < 1 || w > n) {
            throw new IllegalArgumentException("W must be between 1 and N=" + n + ", was " + w);
        }
    }

    /** Validates and returns the configuration. */
    public static QuorumConfiguration of(int n, int r, int w) {
        return new QuorumConfiguration(n, r, w);
    }

    /**
     * Parses R and W given as numbers or Cassandra consistency level names ({@code ONE},
     * {@code TWO}, {@code THREE}, {@code QUORUM}, {@code ALL}).
     */
    public static QuorumConfiguration parse(int n, String r, String w) {
        return new QuorumConfiguration(n, ConsistencyLevel.resolve("R", r, n), ConsistencyLevel.resolve("W", w, n));
    }

    /** {@code R + W > N}: reads after commit are never stale. */
    public boolean isStrict() {
        return r + w > n;
    }
}
