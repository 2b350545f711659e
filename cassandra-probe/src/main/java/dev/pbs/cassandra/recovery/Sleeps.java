package dev.pbs.cassandra.recovery;

/** Waiting between polls and rounds; an interrupt becomes an exception, its flag kept. */
final class Sleeps {

    private Sleeps() {}

    /** @throws IllegalStateException if interrupted */
    static void sleep(long millis) {
        sleep(millis, 0);
    }

    /** @throws IllegalStateException if interrupted */
    static void sleep(long millis, int nanos) {
        try {
            Thread.sleep(millis, nanos);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        }
    }
}
