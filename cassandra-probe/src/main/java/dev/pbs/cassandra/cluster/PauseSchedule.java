package dev.pbs.cassandra.cluster;

import java.time.Duration;
import java.util.Objects;

/**
 * When to pause a node: a pause of {@code length} at the start of every {@code period}, from the
 * start of the run, for as long as a whole pause fits in {@code total}; the run lasts {@code total}.
 * Pause {@code k} (from 1) starts {@code (k - 1) * period} after the run's start, so with a period
 * of 2 s, pauses of 200 ms and a total of 60 s there are 30 pauses, the last from 58 s to 58.2 s.
 *
 * @param period from the start of one pause to the start of the next ({@code --every}), above
 *     {@code length}
 * @param length of each pause ({@code --for}), above zero
 * @param total how long the run lasts ({@code --duration}), from {@code length} to an hour
 */
public record PauseSchedule(Duration period, Duration length, Duration total) {

    /** The longest run: a forgotten run still ends within the hour. */
    public static final Duration LONGEST = Duration.ofHours(1);

    public PauseSchedule {
        Objects.requireNonNull(period, "period");
        Objects.requireNonNull(length, "length");
        Objects.requireNonNull(total, "total");
        requirePositive("--every", period);
        requirePositive("--for", length);
        requirePositive("--duration", total);
        if (total.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException(
                    "--duration must be at most " + DurationText.of(LONGEST) + ", was " + DurationText.of(total));
        }
        if (length.compareTo(period) >= 0) {
            throw new IllegalArgumentException("--for (each pause, " + DurationText.of(length)
                    + ") must be shorter than --every (" + DurationText.of(period)
                    + "), so that the node runs between pauses");
        }
        if (total.compareTo(length) < 0) {
            throw new IllegalArgumentException("--duration (" + DurationText.of(total) + ") must be at least --for ("
                    + DurationText.of(length) + "), so that one pause fits in it");
        }
    }

    private static void requirePositive(String option, Duration duration) {
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(option + " must be above 0, was " + DurationText.of(duration));
        }
    }

    /** How many pauses the run makes: every one whose end falls within {@code total}. */
    public int pauseCount() {
        return Math.toIntExact((total.toNanos() - length.toNanos()) / period.toNanos() + 1);
    }

    /** When pause {@code number} (from 1) starts, after the run's start. */
    public Duration pauseStart(int number) {
        if (number < 1 || number > pauseCount()) {
            throw new IllegalArgumentException("pause " + number + " is not one of 1 to " + pauseCount());
        }
        return period.multipliedBy(number - 1L);
    }

    /** The fraction of the run the node spends paused, from 0 to 1. */
    public double pausedFraction() {
        return (double) length.toNanos() * pauseCount() / total.toNanos();
    }
}
