package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import dev.pbs.cassandra.probe.ProbeSessions;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * One observed write and its reads: the round-trip query beside it, the write of its version, and
 * once the client has the acknowledgement, one read at each t of the grid, one of them (at t =
 * grid point version mod grid length, so every t takes its turn) with the round-trip query beside
 * it too. Whether the write's and each untraced read's coordinator is a replica of the key is
 * counted as they are sent. Everything is sent asynchronously; each answer is tallied and gives
 * back its in-flight permit (one per round trip, one for the write, one per read: {@link
 * #PERMITS_BEYOND_READS} + the grid's length).
 */
final class ObservedWrite {

    /** In-flight permits a write needs besides one per read: its two round trips and itself. */
    static final int PERMITS_BEYOND_READS = 3;

    private final ObservationContext context;
    private final String key;
    private final long version;
    private final Node writer;
    private final String writerAddress;
    /** The write's index in the observation, from 0. */
    private final int index;

    /**
     * @param key a key of its own, never written before
     * @param version the version written, compared with what each read returns
     * @param writer the write's coordinator
     */
    ObservedWrite(ObservationContext context, String key, long version, Node writer) {
        this.context = context;
        this.key = key;
        this.version = version;
        this.writer = writer;
        this.writerAddress = ProbeSessions.traceAddress(writer);
        this.index = (int) (version - 1);
    }

    /** Sends the round-trip query through {@code roundTripNode}, then the write; returns at once. */
    void send(Node roundTripNode) {
        String address = ProbeSessions.traceAddress(roundTripNode);
        sendRoundTrip(roundTripNode, micros -> count(new ObservationEvent.Gap(index, address, micros)));
        sendWrite();
    }

    /** Counts one of this write's events in its window, and keeps it in the run's journal. */
    private void count(ObservationEvent event) {
        context.events().count(event);
    }

    /** Sends the refused query through {@code node}; its round trip, microseconds, goes to {@code tally}. */
    private void sendRoundTrip(Node node, LongConsumer tally) {
        long sentNanos = System.nanoTime();
        context.session().executeAsync(context.statements().roundTrip(node)).whenComplete((ignored, error) -> {
            if (error instanceof InvalidQueryException) {
                tally.accept((System.nanoTime() - sentNanos) / 1000);
            }
            context.inFlight().release();
        });
    }

    private void sendWrite() {
        boolean throughReplica = context.coordinators().coordinatesAsReplica(key, writer);
        long sentNanos = System.nanoTime();
        context.session()
                .executeAsync(context.statements().write(key, version, writer))
                .whenComplete((ignored, error) -> writeAnswered(sentNanos, throughReplica, error));
    }

    /** Tallies the write; when acknowledged, schedules its reads, else gives back their permits. */
    private void writeAnswered(long sentNanos, boolean throughReplica, Throwable error) {
        long acknowledgedNanos = System.nanoTime();
        context.inFlight().release();
        count(new ObservationEvent.WriteAnswer(
                index,
                key,
                writerAddress,
                throughReplica,
                context.measurements().micros(sentNanos),
                (acknowledgedNanos - sentNanos) / 1000,
                error != null));
        if (error != null) {
            context.health().failed(writerAddress);
            // the reads' permits and the read's round trip's
            context.inFlight().release(context.readDelaysNanos().length + 1);
            return;
        }
        context.health().succeeded(writerAddress);
        long[] delaysNanos = context.readDelaysNanos();
        for (int point = 0; point < delaysNanos.length; point++) {
            scheduleRead(point, acknowledgedNanos + delaysNanos[point]);
        }
    }

    /** Schedules the read at grid point {@code point}, due at {@code dueNanos} ({@link System#nanoTime}). */
    private void scheduleRead(int point, long dueNanos) {
        Node reader = context.coordinators().reader(key, writer);
        context.readScheduler()
                .schedule(
                        () -> sendRead(point, reader, dueNanos),
                        Math.max(0, dueNanos - System.nanoTime()),
                        TimeUnit.NANOSECONDS);
    }

    private void sendRead(int point, Node reader, long dueNanos) {
        boolean timesRoundTrip = point == roundTripPoint();
        if (context.traced().traces(version)) {
            if (timesRoundTrip) {
                context.inFlight().release(); // a traced read's company is not timed
            }
            context.session()
                    .executeAsync(context.statements().read(key, reader, true))
                    .whenComplete((result, error) -> tracedReadAnswered(point, result, error));
            return;
        }
        String readerAddress = ProbeSessions.traceAddress(reader);
        if (timesRoundTrip) {
            sendRoundTrip(reader, micros -> count(new ObservationEvent.ReadRoundTrip(index, readerAddress, micros)));
        }
        boolean throughReplica = context.coordinators().coordinatesAsReplica(key, reader);
        long sentNanos = System.nanoTime();
        long lagNanos = sentNanos - dueNanos;
        context.session()
                .executeAsync(context.statements().read(key, reader, false))
                .whenComplete((result, error) ->
                        readAnswered(point, readerAddress, throughReplica, sentNanos, lagNanos, result, error));
    }

    /** The grid point whose read has the round-trip query beside it: each t in turn, write by write. */
    private int roundTripPoint() {
        return (int) (version % context.readDelaysNanos().length);
    }

    /** A traced read: kept for its trace, left out of the staleness counts (tracing slows it). */
    private void tracedReadAnswered(int point, AsyncResultSet result, Throwable error) {
        try {
            if (error == null) {
                context.traced()
                        .answered(index, point, result.getExecutionInfo().getTracingId());
            }
        } finally {
            context.inFlight().release();
        }
    }

    /** Tallies the read: fresh iff it returned this write's version or a later one. */
    private void readAnswered(
            int point,
            String readerAddress,
            boolean throughReplica,
            long sentNanos,
            long lagNanos,
            AsyncResultSet result,
            Throwable error) {
        long answeredNanos = System.nanoTime();
        try {
            boolean isFresh = false;
            if (error == null) {
                Row row = result.one();
                isFresh = row != null && !row.isNull("version") && row.getLong("version") >= version;
            }
            count(new ObservationEvent.Read(
                    index,
                    point,
                    readerAddress,
                    throughReplica,
                    context.measurements().micros(sentNanos),
                    Math.max(0, lagNanos / 1000),
                    (answeredNanos - sentNanos) / 1000,
                    isFresh,
                    error != null));
        } finally {
            context.inFlight().release();
        }
    }
}
