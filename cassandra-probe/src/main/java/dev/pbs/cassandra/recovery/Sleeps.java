package dev.pbs.cassandra.recovery;

/** Waiting between polls and rounds; an interrupt becomes an exception, its flag kept. */
final class Sleeps {

    private Sleeps() {}

    /** @throws IllegalStateException if interrupted */
    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        }
    }
}
