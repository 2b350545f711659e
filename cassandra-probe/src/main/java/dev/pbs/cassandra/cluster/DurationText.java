package dev.pbs.cassandra.cluster;

import java.time.Duration;

/** A duration as the command line takes it: {@code 200ms}, {@code 2s}, {@code 5m}, {@code 1h}. */
public final class DurationText {

    private DurationText() {}

    /** The largest whole unit that writes {@code duration} exactly; milliseconds below a second. */
    public static String of(Duration duration) {
        long millis = duration.toMillis();
        if (millis != 0 && millis % 3_600_000 == 0) {
            return millis / 3_600_000 + "h";
        }
        if (millis != 0 && millis % 60_000 == 0) {
            return millis / 60_000 + "m";
        }
        if (millis != 0 && millis % 1_000 == 0) {
            return millis / 1_000 + "s";
        }
        return millis + "ms";
    }
}
