package dev.pbs.service.state;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The state keyspace's tables, created or migrated at start-up. The keyspace records its schema
 * version in {@code schema_version}; each migration step brings it one version up, and a keyspace
 * newer than this build stops the service (an older pbs must not write a newer schema). Each table's
 * id is derived from its name, so that instances starting together, each creating the tables of a
 * new keyspace, agree on them.
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

    /** A table: its name, its columns and key, and any options after {@code WITH}. */
    private record Table(String name, String definition, String options) {

        /**
         * Its {@code CREATE TABLE IF NOT EXISTS}, with an id derived from the keyspace's and the
         * table's names: instances that create it at the same moment create the same table, where
         * random ids would leave the cluster with two tables of one name.
         */
        String create(String keyspace) {
            UUID id = UUID.nameUUIDFromBytes(("pbs-state:" + keyspace + "." + name).getBytes(StandardCharsets.UTF_8));
            return "CREATE TABLE IF NOT EXISTS " + keyspace + "." + name + " (" + definition + ") WITH "
                    + (options.isEmpty() ? "" : options + " AND ") + "ID = '" + id + "'";
        }
    }

    private static final Table SCHEMA_VERSION =
            new Table("schema_version", "component text PRIMARY KEY, version int, applied_at timestamp", "");

    /** Migration step k brings the keyspace from version k to k + 1. */
    private static final List<List<Table>> MIGRATIONS = List.of(List.of(
            new Table("profiles", "name text PRIMARY KEY, profile text, updated_at timestamp", ""),
            new Table(
                    "live_profiles", "name text PRIMARY KEY, profile text, published_at timestamp, instance text", ""),
            new Table("probes", "name text PRIMARY KEY, definition text, source text, added_at timestamp", ""),
            new Table("probe_leases", "probe text PRIMARY KEY, owner text, expires_at timestamp", ""),
            new Table("probe_status", "probe text PRIMARY KEY, status text, instance text, updated_at timestamp", ""),
            new Table("instances", "name text PRIMARY KEY, started_at timestamp, seen_at timestamp", ""),
            new Table(
                    "probe_history",
                    "probe text, key bigint, entry text, PRIMARY KEY (probe, key)",
                    "CLUSTERING ORDER BY (key ASC)")));

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
        session.executeSchema(SCHEMA_VERSION.create(keyspace));
        Row row = session.execute(
                        "schema",
                        SimpleStatement.newInstance(
                                "SELECT version FROM " + keyspace + ".schema_version WHERE component = 'pbs'"))
                .one();
        int before = row == null ? 0 : row.getInt("version");
        refuseNewer(keyspace, before);
        for (int version = before; version < CURRENT; version++) {
            for (String statement : step(keyspace, version)) {
                session.executeSchema(statement);
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

    /**
     * Refuses a keyspace whose schema is newer than this build's.
     *
     * @throws IllegalArgumentException when {@code version} is above {@link #CURRENT}
     */
    static void refuseNewer(String keyspace, int version) {
        if (version > CURRENT) {
            throw new IllegalArgumentException("the state keyspace " + keyspace + " has schema version " + version
                    + ", newer than this pbs (" + CURRENT + "): upgrade pbs");
        }
    }

    /** The CQL of migration step {@code version}: from {@code version} to {@code version + 1}. */
    static List<String> step(String keyspace, int version) {
        return MIGRATIONS.get(version).stream()
                .map(table -> table.create(keyspace))
                .toList();
    }
}
