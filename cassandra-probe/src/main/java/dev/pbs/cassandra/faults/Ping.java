package dev.pbs.cassandra.faults;

/**
 * One small request to one node: when it was sent and when its answer came, on the probe's
 * monotonic clock ({@link System#nanoTime()}).
 *
 * @param sentNanos when the request was sent
 * @param answeredNanos when its answer came; {@link #UNANSWERED} when it failed or never came
 */
public record Ping(long sentNanos, long answeredNanos) {

    /** The answer time of a request that failed or was never answered. */
    public static final long UNANSWERED = Long.MAX_VALUE;

    /** Whether the node answered. */
    public boolean answered() {
        return answeredNanos != UNANSWERED;
    }

    /** The round trip, ns; only for answered requests. */
    public long roundTripNanos() {
        return answeredNanos - sentNanos;
    }
}
