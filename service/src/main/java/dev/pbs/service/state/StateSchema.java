package dev.pbs.service.state;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Instant;
import java.util.List;

/**
 * The state keyspace's tables, created or migrated at start-up. The keyspace records its schema
 * version in {@code schema_version}; each migration step brings it one version up, and a keyspace
 * newer than this build stops the service (an older pbs must not write a newer schema).
 *
 * <p>Version 1, each table shaped by its query:
 * <ul>
 *   <li>{@code profiles (name PRIMARY KEY, profile, updated_at)}: uploaded profiles, by name;</li>
 *   <li>{@code live_profiles (name PRIMARY KEY, profile, published_at, instance)}: what probes publish;</li>
 *   <li>{@code probes (name PRIMARY KEY, definition, source, added_at)}: every probe, from a YAML or the API;</li>
 *   <li>{@code probe_leases (probe PRIMARY KEY, owner, expires_at)}: written with lightweight
 *       transactions and a TTL of the lease's length;</li>
 *   <li>{@code probe_status (probe PRIMARY KEY, status, instance, updated_at)}: each probe's last
 *       status, as its owner published it;</li>
 *   <li>{@code instances (name PRIMARY KEY, started_at, seen_at)}: heartbeats, with a TTL of the lease's length;</li>
 *   <li>{@code probe_history (probe, key, entry, PRIMARY KEY (probe, key))}: each probe's kept
 *       history in one partition, oldest first.</li>
 * </ul>
 */
final class StateSchema {

    /** The schema version this build writes. */
    static final int CURRENT = 1;

    private static final List<List<String>> MIGRATIONS = List.of(List.of(
            "CREATE TABLE IF NOT EXISTS %s.profiles (name text PRIMARY KEY, profile text, updated_at timestamp)",
            "CREATE TABLE IF NOT EXISTS %s.live_profiles (name text PRIMARY KEY, profile text, "
                    + "published_at timestamp, instance text)",
            "CREATE TABLE IF NOT EXISTS %s.probes (name text PRIMARY KEY, definition text, source text, "
                    + "added_at timestamp)",
            "CREATE TABLE IF NOT EXISTS %s.probe_leases (probe text PRIMARY KEY, owner text, expires_at timestamp)",
            "CREATE TABLE IF NOT EXISTS %s.probe_status (probe text PRIMARY KEY, status text, instance text, "
                    + "updated_at timestamp)",
            "CREATE TABLE IF NOT EXISTS %s.instances (name text PRIMARY KEY, started_at timestamp, seen_at timestamp)",
            "CREATE TABLE IF NOT EXISTS %s.probe_history (probe text, key bigint, entry text, "
                    + "PRIMARY KEY (probe, key)) WITH CLUSTERING ORDER BY (key ASC)"));

    private StateSchema() {}

    /**
     * Creates the keyspace (with the configured replication) and brings its tables to {@link #CURRENT}.
     *
     * @return the version the keyspace had before, 0 when it was new
     * @throws IllegalArgumentException when the keyspace is newer than this build
     */
    static int migrate(StateSession session, StateConfiguration configuration) {
        String keyspace = configuration.getKeyspace();
        session.executeSchema(
                "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + configuration.replicationCql());
        session.executeSchema("CREATE TABLE IF NOT EXISTS " + keyspace
                + ".schema_version (component text PRIMARY KEY, version int, applied_at timestamp)");
        Row row = session.execute(
                        "schema",
                        SimpleStatement.newInstance(
                                "SELECT version FROM " + keyspace + ".schema_version WHERE component = 'pbs'"))
                .one();
        int before = row == null ? 0 : row.getInt("version");
        if (before > CURRENT) {
            throw new IllegalArgumentException("the state keyspace " + keyspace + " has schema version " + before
                    + ", newer than this pbs (" + CURRENT + "): upgrade pbs");
        }
        for (int version = before; version < CURRENT; version++) {
            for (String statement : MIGRATIONS.get(version)) {
                session.executeSchema(String.format(java.util.Locale.ROOT, statement, keyspace));
            }
            session.execute(
                    "schema",
                    SimpleStatement.newInstance(
                            "INSERT INTO " + keyspace
                                    + ".schema_version (component, version, applied_at) VALUES ('pbs', ?, ?)",
                            version + 1,
                            Instant.now()));
        }
        return before;
    }
}
