package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.HdrHistogram.Histogram;

/**
 * The client gap: what separates the model's t from the observation's t. The observation's t runs
 * from the client receiving a write's acknowledgement to the client sending the read; the model's
 * from the write committing at its coordinator (the W-th answer processed) to the read request
 * leaving the read's coordinator. So the model's t is the observation's plus
 * <pre>
 *   gap = (D_w - commit_w) + (L_w - D_w) / 2   [commit to the acknowledgement reaching the client]
 *       + (L_r - D_r) / 2 + sent_r             [the read reaching its coordinator, and leaving it]
 * </pre>
 * where, for a traced write and a traced read, L is the latency the client measured, D the
 * coordinator's trace session duration ({@code system_traces.sessions.duration}, which excludes
 * the trip to and from the client), commit_w the elapsed time of the W-th "Processing response
 * from" event, and sent_r that of the read's first "Sending READ_REQ" (or, read locally, "Executing
 * single-partition query"). The client's round trip is split equally between its directions. The
 * write and read parts come from different operations and are combined as independent: every pair
 * of their quantiles on a grid.
 */
final class ClientGap {

    private static final int LEVELS = 50;

    /** A traced operation: its trace session and the latency the client measured, microseconds. */
    record Traced(UUID session, long clientLatencyMicros) {
    }

    private ClientGap() {
    }

    /** The gap distribution, microseconds; empty when no traced write or no traced read could be read. */
    static Histogram measure(CqlSession session, String table, int writeReplicas, List<Traced> writes, List<Traced> reads) {
        PreparedStatement duration = session.prepare("SELECT duration FROM system_traces.sessions WHERE session_id = ?");
        PreparedStatement events = session.prepare(
                "SELECT activity, source_elapsed FROM system_traces.events WHERE session_id = ?");
        List<Long> writeParts = new ArrayList<>();
        for (Traced write : writes) {
            Long total = duration(session, duration, write.session());
            List<Long> processed = elapsed(session, events, write.session(), "Processing response from");
            if (total == null || processed.size() < writeReplicas) {
                continue;
            }
            processed.sort(null);
            long commit = processed.get(writeReplicas - 1);
            writeParts.add(Math.max(0, total - commit) + Math.max(0, write.clientLatencyMicros() - total) / 2);
        }
        List<Long> readParts = new ArrayList<>();
        for (Traced read : reads) {
            Long total = duration(session, duration, read.session());
            List<Long> sent = elapsed(session, events, read.session(), "Sending READ_REQ message");
            sent.addAll(elapsed(session, events, read.session(), "Executing single-partition query on " + table));
            if (total == null || sent.isEmpty()) {
                continue;
            }
            sent.sort(null);
            readParts.add(Math.max(0, read.clientLatencyMicros() - total) / 2 + sent.get(0));
        }
        Histogram gap = new Histogram(60_000_000L, 3);
        if (writeParts.isEmpty() || readParts.isEmpty()) {
            return gap;
        }
        writeParts.sort(null);
        readParts.sort(null);
        for (int i = 0; i < LEVELS; i++) {
            long write = writeParts.get((int) ((i + 0.5) / LEVELS * writeParts.size()));
            for (int j = 0; j < LEVELS; j++) {
                long read = readParts.get((int) ((j + 0.5) / LEVELS * readParts.size()));
                gap.recordValue(Math.min(write + read, gap.getHighestTrackableValue()));
            }
        }
        return gap;
    }

    private static Long duration(CqlSession session, PreparedStatement statement, UUID id) {
        Row row = session.execute(statement.bind(id).setConsistencyLevel(DefaultConsistencyLevel.ONE)).one();
        return row == null || row.isNull("duration") ? null : (long) row.getInt("duration");
    }

    private static List<Long> elapsed(CqlSession session, PreparedStatement statement, UUID id, String prefix) {
        List<Long> found = new ArrayList<>();
        for (Row row : session.execute(statement.bind(id).setConsistencyLevel(DefaultConsistencyLevel.ONE))) {
            String activity = row.getString("activity");
            if (activity != null && activity.startsWith(prefix)) {
                found.add((long) row.getInt("source_elapsed"));
            }
        }
        return found;
    }
}
