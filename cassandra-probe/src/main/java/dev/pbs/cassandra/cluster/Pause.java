package dev.pbs.cassandra.cluster;

import java.util.concurrent.TimeUnit;

/** Waiting: between polls of the local cluster's nodes, and until the moments a fault is due. */
final class Pause {

    private Pause() {}

    /**
     * Sleeps {@code millis} milliseconds.
     *
     * @throws IllegalStateException if interrupted (the interrupt flag is kept)
     */
    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the cluster", interrupted);
        }
    }

    /**
     * Sleeps until {@link System#nanoTime()} reaches {@code monotonicNanos}; returns at once if it
     * has already.
     *
     * @throws IllegalStateException if interrupted (the interrupt flag is kept)
     */
    static void until(long monotonicNanos) {
        long remaining;
        while ((remaining = monotonicNanos - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(remaining);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the cluster", interrupted);
            }
        }
    }
}
