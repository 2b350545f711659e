package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import dev.pbs.cassandra.probe.ConsistencyLevels;
import dev.pbs.cassandra.probe.ProbeSettings;

/**
 * The three statements of an observation, each sent through a chosen coordinator: the write of a
 * version at consistency W, its read at consistency R, and the round-trip query.
 */
final class ObservationStatements {

    private final PreparedStatement write;
    private final PreparedStatement read;
    private final PreparedStatement roundTrip;
    private final ConsistencyLevel writeLevel;
    private final ConsistencyLevel readLevel;

    private ObservationStatements(
            PreparedStatement write,
            PreparedStatement read,
            PreparedStatement roundTrip,
            ConsistencyLevel writeLevel,
            ConsistencyLevel readLevel) {
        this.write = write;
        this.read = read;
        this.roundTrip = roundTrip;
        this.writeLevel = writeLevel;
        this.readLevel = readLevel;
    }

    /**
     * Prepares the statements on the probe's table.
     *
     * @param n replicas per key
     * @throws IllegalArgumentException if Cassandra has no consistency level for the settings' R or W of N
     */
    static ObservationStatements prepare(CqlSession session, String keyspace, ObservationSettings settings, int n) {
        ConsistencyLevel writeLevel = settings.levels()
                .<ConsistencyLevel>map(levels ->
                        DefaultConsistencyLevel.valueOf(levels.writeLevel().name()))
                .orElseGet(() -> level(settings.writeReplicas(), n));
        ConsistencyLevel readLevel = settings.levels()
                .<ConsistencyLevel>map(levels ->
                        DefaultConsistencyLevel.valueOf(levels.readLevel().name()))
                .orElseGet(() -> level(settings.readReplicas(), n));
        String table = keyspace + "." + ProbeSettings.TABLE;
        PreparedStatement write =
                session.prepare("INSERT INTO " + table + " (key, version, written_at_micros) VALUES (?, ?, ?)");
        PreparedStatement read = session.prepare("SELECT version FROM " + table + " WHERE key = ?");
        // The read statement with a LIMIT the coordinator refuses before reading anything ("LIMIT must be
        // strictly positive"): the same kind of request as a read (a prepared statement, decoded and
        // dispatched to the request threads), without the read. Its round trip is the client's and the
        // native transport's time, the part of t and of client latency that the traces leave out.
        PreparedStatement roundTrip = session.prepare("SELECT version FROM " + table + " WHERE key = ? LIMIT ?");
        return new ObservationStatements(write, read, roundTrip, writeLevel, readLevel);
    }

    /** Writes {@code version} into {@code key} through {@code coordinator}, stamped with the client's clock. */
    BoundStatement write(String key, long version, Node coordinator) {
        return write.bind(key, version, System.currentTimeMillis() * 1000)
                .setNode(coordinator)
                .setConsistencyLevel(writeLevel)
                .setIdempotent(true);
    }

    /** Reads {@code key}'s version through {@code coordinator}. */
    BoundStatement read(String key, Node coordinator, boolean traced) {
        return read.bind(key)
                .setNode(coordinator)
                .setConsistencyLevel(readLevel)
                .setIdempotent(true)
                .setTracing(traced);
    }

    /** The round-trip query (refused: LIMIT 0), sent to {@code coordinator}. */
    BoundStatement roundTrip(Node coordinator) {
        return roundTrip.bind(ROUND_TRIP_KEY, 0).setNode(coordinator).setIdempotent(true);
    }

    /** A key that no observed write uses; nothing is read anyway. */
    private static final String ROUND_TRIP_KEY = "pbs-round-trip";

    private static ConsistencyLevel level(int replicas, int n) {
        return ConsistencyLevels.forReplicas(replicas, n)
                .orElseThrow(() -> new IllegalArgumentException("Cassandra has no consistency level for " + replicas
                        + " of " + n + " replicas: use 1, 2, 3, a quorum (" + (n / 2 + 1) + ") or all (" + n + ")"));
    }
}
