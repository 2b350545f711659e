package dev.pbs.cassandra.faults;

/**
 * A pause of one node as seen from outside, on the probe's monotonic clock: it began between the
 * last request answered in time and the first that was held, and ended when the held requests were
 * answered.
 *
 * @param startNanos the estimated start: the midpoint of the interval it began in
 * @param endNanos the estimated end: the first held request's answer, less half a normal round trip
 * @param heldRequests how many requests it held
 */
public record ObservedPause(long startNanos, long endNanos, int heldRequests) {

    public ObservedPause {
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("a pause ends after it starts: " + startNanos + " to " + endNanos);
        }
    }

    /** Its length, ms. */
    public double durationMillis() {
        return (endNanos - startNanos) / 1e6;
    }
}
