package dev.pbs.cassandra.recovery;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Traces one read in {@link #every} and, once the phase is over, reads their traces back to tell who
 * served them ({@link ReadServer}). Cassandra writes trace events asynchronously: they are read
 * {@link #SETTLE_MILLIS} after the phase, and a trace that shows nothing yet once more after as long
 * again.
 */
final class TracedReadCheck {

    static final long SETTLE_MILLIS = 3_000;

    private final int every;
    private final List<UUID> sessions = new ArrayList<>();
    private long reads;

    /** @param every trace one read in this many; 0 traces none */
    TracedReadCheck(int every) {
        if (every < 0) {
            throw new IllegalArgumentException("the traced reads' spacing must be >= 0, was " + every);
        }
        this.every = every;
    }

    /** Whether the next read is traced; counts it. */
    synchronized boolean nextTraced() {
        reads++;
        return every > 0 && reads % every == 0;
    }

    /** Remembers a traced read's trace, once it has been answered. */
    synchronized void answered(UUID tracingId) {
        if (tracingId != null) {
            sessions.add(tracingId);
        }
    }

    /** Reads the traces back and counts who served each read. */
    ReadServers tally(CqlSession session, String returnedAddress) {
        List<UUID> traced;
        synchronized (this) {
            traced = List.copyOf(sessions);
        }
        ReadServers servers = new ReadServers(0, 0, 0);
        if (traced.isEmpty()) {
            return servers;
        }
        PreparedStatement events =
                session.prepare("SELECT source, activity FROM system_traces.events WHERE session_id = ?");
        Sleeps.sleep(SETTLE_MILLIS);
        List<UUID> again = new ArrayList<>();
        for (UUID id : traced) {
            ReadServer server = ReadServer.of(events(session, events, id), returnedAddress);
            if (server == ReadServer.UNKNOWN) {
                again.add(id);
            } else {
                servers = servers.plus(server);
            }
        }
        if (!again.isEmpty()) {
            // Trace events are written at consistency ANY: a replica of system_traces that was down (the
            // returned node itself) may still lack them, and every replica is asked the second time.
            Sleeps.sleep(SETTLE_MILLIS);
            for (UUID id : again) {
                servers = servers.plus(
                        ReadServer.of(events(session, events, id, DefaultConsistencyLevel.ALL), returnedAddress));
            }
        }
        return servers;
    }

    private static List<ReadServer.Event> events(CqlSession session, PreparedStatement statement, UUID id) {
        return events(session, statement, id, DefaultConsistencyLevel.ONE);
    }

    private static List<ReadServer.Event> events(
            CqlSession session, PreparedStatement statement, UUID id, DefaultConsistencyLevel level) {
        List<ReadServer.Event> events = new ArrayList<>();
        try {
            for (Row row : session.execute(statement.bind(id).setConsistencyLevel(level))) {
                InetAddress source = row.getInetAddress("source");
                String activity = row.getString("activity");
                if (source != null && activity != null) {
                    events.add(new ReadServer.Event(source.getHostAddress(), activity));
                }
            }
        } catch (RuntimeException unreadable) {
            // Counted as unknown: the trace could not be read.
        }
        return events;
    }
}
