package dev.pbs.cassandra.cluster;

import java.time.Instant;

/**
 * One moment read on two clocks: the wall clock, to place it beside a node's log and other
 * machines' records, and the monotonic clock of this JVM, to measure lengths that no clock
 * adjustment can bend.
 *
 * @param epochMicros microseconds since 1970-01-01T00:00:00Z, by the wall clock
 * @param monotonicNanos {@link System#nanoTime()} at the same moment, in nanoseconds; comparable only
 *     with other readings of this JVM
 */
public record ClockReading(long epochMicros, long monotonicNanos) {

    /** Both clocks now. */
    public static ClockReading now() {
        long monotonic = System.nanoTime();
        Instant wall = Instant.now();
        return new ClockReading(wall.getEpochSecond() * 1_000_000L + wall.getNano() / 1_000, monotonic);
    }

    /** The wall-clock reading as an instant, to the microsecond. */
    public Instant instant() {
        return Instant.ofEpochSecond(
                Math.floorDiv(epochMicros, 1_000_000L), Math.floorMod(epochMicros, 1_000_000L) * 1_000L);
    }

    /** Microseconds from this reading to {@code later}, by the monotonic clock (negative if it came first). */
    public long microsUntil(ClockReading later) {
        return (later.monotonicNanos - monotonicNanos) / 1_000L;
    }
}
