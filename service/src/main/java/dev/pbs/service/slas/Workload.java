package dev.pbs.service.slas;

/**
 * A cluster's workload, validated.
 *
 * @param readsPerSecond reads per second, at least 0
 * @param writesPerSecond writes per second, at least 0
 * @param keys the distinct keys they spread over, evenly, at least 1
 */
public record Workload(double readsPerSecond, double writesPerSecond, long keys) {

    /** Seconds in a day, for stale reads per day. */
    public static final double SECONDS_PER_DAY = 86_400;

    /** How often one key is written: {@code writesPerSecond / keys}, per second. */
    public double writesPerKeyPerSecond() {
        return writesPerSecond / keys;
    }

    /** The reads of a day. */
    public double readsPerDay() {
        return readsPerSecond * SECONDS_PER_DAY;
    }
}
