package dev.pbs.montecarlo;

/**
 * What a session simulation asks besides its {@link SimulationSpec}: how often one client reads a
 * key, how often all clients together write it, and how many trials to run.
 *
 * @param readIntervalMillis g: the client issues its next read this many ms after its previous
 *     read started, or when that read returns if later; 0 to {@link #MAX_READ_INTERVAL_MILLIS}
 * @param writesPerSecond the rate of writes to the key from all clients together, a Poisson
 *     process, per second; above 0, at most {@link #MAX_WRITES_PER_SECOND}
 * @param trials pairs of reads (and writes read back) simulated, 1 to {@link #MAX_TRIALS}
 */
public record SessionSpec(double readIntervalMillis, double writesPerSecond, long trials) {

    /** The longest read interval, ms: an hour. */
    public static final double MAX_READ_INTERVAL_MILLIS = 3_600_000;

    /** The highest write rate to one key, per second. */
    public static final double MAX_WRITES_PER_SECOND = 100_000;

    /** The most trials of one session simulation. */
    public static final long MAX_TRIALS = 10_000_000;

    /** Trials when a question gives none (each costs several WARS trials). */
    public static final long DEFAULT_TRIALS = 200_000;

    public SessionSpec {
        if (!(readIntervalMillis >= 0 && readIntervalMillis <= MAX_READ_INTERVAL_MILLIS)) {
            throw new IllegalArgumentException("the read interval must be between 0 and "
                    + (long) MAX_READ_INTERVAL_MILLIS + " ms, was " + readIntervalMillis);
        }
        if (!(writesPerSecond > 0 && writesPerSecond <= MAX_WRITES_PER_SECOND)) {
            throw new IllegalArgumentException("the write rate must be above 0 and at most "
                    + (long) MAX_WRITES_PER_SECOND + " per second, was " + writesPerSecond);
        }
        if (trials < 1 || trials > MAX_TRIALS) {
            throw new IllegalArgumentException(
                    "session trials must be between 1 and " + MAX_TRIALS + ", was " + trials);
        }
    }

    /** The write rate per millisecond. */
    double writesPerMillisecond() {
        return writesPerSecond / 1000.0;
    }
}
