package dev.pbs.cassandra.cluster;

/**
 * When a node was down: stopped by SIGKILL, started again, serving CQL again.
 *
 * @param node the node's index, 1-based
 * @param stopped when its JVM had exited (SIGKILL sent and the exit seen, within milliseconds)
 * @param restarted when pbs began to start it again, the outage's length after {@code stopped}
 * @param serving when its CQL port accepted connections again (seen within a quarter of a second)
 */
public record OutageTimes(int node, ClockReading stopped, ClockReading restarted, ClockReading serving) {

    /** Microseconds from the stop to the new start. */
    public long downMicros() {
        return stopped.microsUntil(restarted);
    }

    /** Microseconds from the new start until the node served CQL: its start-up. */
    public long startingMicros() {
        return restarted.microsUntil(serving);
    }

    /** Microseconds from the stop until the node served CQL again. */
    public long unavailableMicros() {
        return stopped.microsUntil(serving);
    }
}
