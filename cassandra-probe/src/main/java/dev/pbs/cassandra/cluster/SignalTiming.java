package dev.pbs.cassandra.cluster;

/**
 * When a signal went to a process: the {@code kill} command that sends it was launched at {@code
 * before} and had returned by {@code after}, so the signal took effect between the two (a few
 * milliseconds apart on a local machine).
 *
 * @param before just before the command was launched
 * @param after just after the command returned
 */
public record SignalTiming(ClockReading before, ClockReading after) {

    /** How long sending the signal took, microseconds: the uncertainty of when it took effect. */
    public long sendingMicros() {
        return before.microsUntil(after);
    }
}
