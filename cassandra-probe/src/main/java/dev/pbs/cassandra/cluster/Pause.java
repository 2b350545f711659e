package dev.pbs.cassandra.cluster;

/** Waiting between polls of the local cluster's nodes. */
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
}
