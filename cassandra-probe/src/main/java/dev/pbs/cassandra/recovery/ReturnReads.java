package dev.pbs.cassandra.recovery;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the writes made during a node's outage at the node itself, once it is back, until each has
 * appeared or the deadline has passed ({@link OutageWatch}): reads at ONE coordinated by the node, in
 * rounds over the writes not found yet, at a steady pace; one read in {@link #TRACED_EVERY} is traced
 * to check that the node served it rather than another replica.
 */
final class ReturnReads {

    /** Reads a second: enough to read each of 100 writes twice a second, light for the node. */
    static final double READS_PER_SECOND = 200;

    /** One read in this many is traced. */
    static final int TRACED_EVERY = 10;

    private static final Duration READ_TIMEOUT = Duration.ofSeconds(2);

    /** A write of the outage: its key, its value and the node that coordinated it. */
    record TrackedWrite(String key, long sequence, String coordinator) {}

    /** What the reads found. */
    record Result(Optional<ReplayDelays> delays, ReadServers servers) {}

    private ReturnReads() {}

    /**
     * @param returnedNanos when the node was seen back ({@link System#nanoTime()}): delays count from it
     * @param deadline how long after that to keep reading
     * @return the delays (empty without writes, or when interrupted), and who served the traced reads
     */
    static Result measure(
            CqlSession session,
            PreparedStatement select,
            Node node,
            String address,
            List<TrackedWrite> writes,
            long returnedNanos,
            Duration deadline) {
        if (writes.isEmpty()) {
            return new Result(Optional.empty(), new ReadServers(0, 0, 0));
        }
        ReadPace pace = new ReadPace(READS_PER_SECOND);
        TracedReadCheck check = new TracedReadCheck(TRACED_EVERY);
        double deadlineMillis = deadline.toNanos() / 1e6;
        double[] lastMissed = new double[writes.size()];
        java.util.Arrays.fill(lastMissed, Double.NEGATIVE_INFINITY);
        List<ReplayDelays.Appearance> appeared = new ArrayList<>();
        List<Integer> pending = new ArrayList<>();
        for (int index = 0; index < writes.size(); index++) {
            pending.add(index);
        }
        while (!pending.isEmpty() && millisSince(returnedNanos) < deadlineMillis) {
            List<Integer> stillMissing = new ArrayList<>();
            for (int index : pending) {
                if (Thread.currentThread().isInterrupted()) {
                    return new Result(Optional.empty(), new ReadServers(0, 0, 0));
                }
                pace.awaitNext();
                TrackedWrite write = writes.get(index);
                double sentMillis = millisSince(returnedNanos);
                boolean traced = check.nextTraced();
                Boolean found = read(session, select, node, write, traced, check);
                if (found == null) {
                    stillMissing.add(index);
                } else if (found) {
                    appeared.add(new ReplayDelays.Appearance(
                            write.coordinator(), lastMissed[index], Math.max(sentMillis, millisSince(returnedNanos))));
                } else {
                    lastMissed[index] = sentMillis;
                    stillMissing.add(index);
                }
            }
            pending = stillMissing;
        }
        ReplayDelays delays = new ReplayDelays(appeared, pending.size(), deadlineMillis);
        return new Result(Optional.of(delays), check.tally(session, address));
    }

    /** Whether the node's answer had the write; null when the read failed. */
    private static Boolean read(
            CqlSession session,
            PreparedStatement select,
            Node node,
            TrackedWrite write,
            boolean traced,
            TracedReadCheck check) {
        try {
            ResultSet rows = session.execute(select.bind(write.key())
                    .setConsistencyLevel(DefaultConsistencyLevel.ONE)
                    .setNode(node)
                    .setTimeout(READ_TIMEOUT)
                    .setTracing(traced));
            if (traced) {
                check.answered(rows.getExecutionInfo().getTracingId());
            }
            Row row = rows.one();
            return row != null && row.getLong("sequence") >= write.sequence();
        } catch (RuntimeException failed) {
            return null;
        }
    }

    private static double millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1e6;
    }
}
