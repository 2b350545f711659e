package dev.pbs.model.faults;

import dev.pbs.model.distribution.LatencyDistribution;
import java.util.Objects;

/**
 * Stop-the-world pauses of one replica (a long garbage collection, a stalled host): the replica
 * runs for an {@code interval}, pauses for a {@code duration}, runs again, and so on, each length
 * drawn afresh (an alternating renewal process). A message that reaches the replica while it is
 * paused is handled when the pause ends. The messages a pause held are handled then in no
 * particular order (Cassandra hands mutations and reads to separate thread pools): a read held by
 * the same pause as a write is handled before it with probability {@link #READ_FIRST_PROBABILITY},
 * whichever arrived first; messages that were not held keep their order.
 *
 * <p>Examples: a pause of 200 ms every 2 s is {@code interval = constant(1800)}, {@code duration =
 * constant(200)}; pauses at random at a rate of one per 10 s are {@code interval =
 * exponential(mean 10000)}.
 *
 * @param interval the running time from the end of one pause to the start of the next, ms; a
 *     finite mean
 * @param duration the length of a pause, ms; a finite mean above 0
 */
public record PauseProcess(LatencyDistribution interval, LatencyDistribution duration) {

    /**
     * The probability that a read held by a pause is handled before a write held by the same
     * pause: 1/2, the two handled in either order alike.
     */
    public static final double READ_FIRST_PROBABILITY = 0.5;

    public PauseProcess {
        Objects.requireNonNull(interval, "the interval between pauses is missing");
        Objects.requireNonNull(duration, "the pause duration is missing");
        FaultParameters.requireFiniteMean("the interval between pauses", interval);
        FaultParameters.requirePositiveMean("the pause duration", duration);
    }

    /** The long-run fraction of time the replica is paused: E[duration] / (E[interval] + E[duration]). */
    public double fractionPaused() {
        return duration.meanMillis() / (interval.meanMillis() + duration.meanMillis());
    }

    /** One line for people, e.g. {@code "pauses of constant(200 ms) after every constant(1800 ms)"}. */
    public String describe() {
        return "pauses of " + duration.describe() + " after running for " + interval.describe();
    }
}
