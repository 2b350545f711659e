package dev.pbs.cassandra.probe;

import java.util.Objects;

/**
 * One row of {@code system_traces.events}.
 *
 * @param source the node that logged the event, as {@code host} (no port)
 * @param elapsedMicros {@code source_elapsed}: microseconds on that node's trace stopwatch. On the
 *     coordinator it runs from the start of the request's trace session; on a replica from the
 *     moment the replica's messaging thread dispatched the incoming message
 * @param activity the event's text, e.g. {@code "Sending MUTATION_REQ message to /127.0.0.2:7000 ..."}
 */
public record TraceEvent(String source, long elapsedMicros, String activity) {

    public TraceEvent {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(activity, "activity");
    }
}
