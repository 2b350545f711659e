package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * A sample of the observation's reads sent with tracing: every read of every {@code every}-th
 * write, left out of the staleness tallies (tracing slows them). When the observation has ended,
 * their events are read from {@code system_traces.events}: a read speculated when its coordinator
 * asked more replicas than R ("reading data from" / "reading digest from" events) or retried one
 * ("speculating read retry on"); mismatched when its answers disagreed, so that it read the full
 * data again ("Enqueuing full data read to", Cassandra 4 and 5); and repaired when it sent a
 * read-repair mutation ("Sending read-repair-mutation to").
 */
final class TracedReads {

    /** How long the nodes get to write the last traces (they write them asynchronously). */
    private static final long SETTLE_MILLIS = 3_000;

    private final int every;

    private final ConcurrentLinkedQueue<Traced> answered = new ConcurrentLinkedQueue<>();

    private record Traced(int write, int point, UUID session) {}

    /**
     * What one read's trace events show.
     *
     * @param speculated the coordinator asked more replicas than R, or retried one
     * @param mismatched the answers disagreed and the coordinator read the full data again
     * @param repaired it sent a read-repair mutation
     * @param askedWatched it asked the watched replica for data or a digest
     */
    record Seen(boolean speculated, boolean mismatched, boolean repaired, boolean askedWatched) {

        /** What a trace shows, watching no replica. */
        static Seen of(List<String> activities, int readReplicas) {
            return of(activities, readReplicas, null);
        }

        /**
         * Reads a trace's activities (the coordinator's and the replicas'), in any order.
         *
         * @param watched the address of a replica whose requests are noted ("127.0.0.11"), or null
         */
        static Seen of(List<String> activities, int readReplicas, String watched) {
            int requests = 0;
            boolean retried = false;
            boolean mismatch = false;
            boolean repair = false;
            boolean asked = false;
            String watchedRequest = watched == null ? null : "/" + watched + ":";
            for (String activity : activities) {
                String lower = activity == null ? "" : activity.toLowerCase(Locale.ROOT);
                if (lower.matches("reading (data|digest) (from|locally).*")) {
                    requests++;
                    asked |= watchedRequest != null && lower.startsWith("reading") && lower.contains(watchedRequest);
                }
                if (lower.startsWith("speculating read retry")) {
                    retried = true;
                }
                if (lower.matches("enqueuing (speculative )?full data read to.*")) {
                    mismatch = true;
                }
                if (lower.contains("read-repair-mutation")) {
                    repair = true;
                }
            }
            return new Seen(retried || requests > readReplicas, mismatch, repair, asked);
        }
    }

    /** @param every trace the reads of every {@code every}-th write; 0: none */
    TracedReads(int every) {
        this.every = every;
    }

    /** Whether the reads of write {@code version} (1-based) are traced. */
    boolean traces(long version) {
        return every > 0 && version % every == 0;
    }

    /** Remembers a traced read of write {@code write} (its index), answered at grid point {@code point}. */
    void answered(int write, int point, UUID session) {
        if (session != null) {
            answered.add(new Traced(write, point, session));
        }
    }

    /**
     * Reads the traced reads' events, once the observation has ended: each read with its trace's
     * activities (none when its trace was not written, or has expired), in the order the reads were
     * answered. No traced read, no query.
     */
    List<ObservationEvent.TracedRead> read(CqlSession session) throws InterruptedException {
        if (answered.isEmpty()) {
            return List.of();
        }
        TimeUnit.MILLISECONDS.sleep(SETTLE_MILLIS);
        PreparedStatement events = session.prepare("SELECT activity FROM system_traces.events WHERE session_id = ?");
        List<ObservationEvent.TracedRead> reads = new ArrayList<>();
        for (Traced read : answered) {
            List<String> activities = new ArrayList<>();
            for (Row row : session.execute(events.bind(read.session()))) {
                String activity = row.getString("activity");
                activities.add(activity == null ? "" : activity);
            }
            reads.add(new ObservationEvent.TracedRead(read.write(), read.point(), activities));
        }
        return reads;
    }
}
