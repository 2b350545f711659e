package dev.pbs.cassandra.recovery;

import java.util.List;

/**
 * Which replica served a traced read at ONE coordinated by the returned node, from its trace.
 *
 * <p>Cassandra 5.0 traces a read it sends to another replica as {@code reading data from /ADDRESS}
 * (or {@code reading digest from}) on the coordinator, and the replica that runs it logs {@code
 * Executing single-partition query on TABLE}; a read the coordinator serves from its own data has no
 * {@code reading ... from} event (its local read is logged, not traced) and the query's execution
 * under the coordinator's own address.
 */
public enum ReadServer {
    /** The returned node ran the query itself, and asked no other replica. */
    RETURNED_NODE,
    /** Another replica ran it, or was asked. */
    OTHER_REPLICA,
    /** The trace shows no execution of the query (not written, or incomplete). */
    UNKNOWN;

    private static final String EXECUTING = "Executing single-partition query";
    private static final String SENT_AWAY = "reading data from";
    private static final String DIGEST_SENT_AWAY = "reading digest from";

    /** One trace event: the address of the node that logged it and its activity. */
    public record Event(String sourceAddress, String activity) {}

    /** What the trace's events show, for a read coordinated by the node at {@code returnedAddress}. */
    public static ReadServer of(List<Event> events, String returnedAddress) {
        boolean executedHere = false;
        for (Event event : events) {
            String activity = event.activity();
            if (activity.startsWith(SENT_AWAY) || activity.startsWith(DIGEST_SENT_AWAY)) {
                return OTHER_REPLICA;
            }
            if (activity.startsWith(EXECUTING)) {
                if (!event.sourceAddress().equals(returnedAddress)) {
                    return OTHER_REPLICA;
                }
                executedHere = true;
            }
        }
        return executedHere ? RETURNED_NODE : UNKNOWN;
    }
}
