package dev.pbs.cassandra.recovery;

/**
 * A steady pace of reads: {@link #awaitNext} returns at most once every {@code 1 / perSecond}
 * seconds, so that the measurement loads the returned node as the observation does. A caller that
 * falls behind sends at once, without catching up in a burst.
 */
final class ReadPace {

    private final long periodNanos;
    private long nextNanos = Long.MIN_VALUE;

    /** @param perSecond reads a second; in (0, 2000] */
    ReadPace(double perSecond) {
        if (!(perSecond > 0 && perSecond <= 2000)) {
            throw new IllegalArgumentException("reads per second must be in (0, 2000], was " + perSecond);
        }
        this.periodNanos = Math.round(1e9 / perSecond);
    }

    /** Waits until the next read is due. */
    void awaitNext() {
        long now = System.nanoTime();
        if (nextNanos != Long.MIN_VALUE && nextNanos > now) {
            long wait = nextNanos - now;
            Sleeps.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            now = nextNanos;
        }
        nextNanos = now + periodNanos;
    }
}
