package dev.pbs.service.state;

import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fleet's coordination tables: probe definitions, leases, published statuses and instance
 * heartbeats. A lease is a row of {@code probe_leases} written only by lightweight transactions
 * ({@code IF NOT EXISTS} to take it, {@code IF owner = ?} to renew or release it) with a TTL of
 * the lease's length: an owner that stops renewing loses it when the row expires.
 */
final class FleetTables {

    /** A probe's definition as kept. */
    record StoredProbe(String name, String definition, String source) {}

    /** A lease as read. */
    record Lease(String probe, String owner, Instant expiresAt) {}

    /** A probe's status as its owner last published it. */
    record StoredStatus(String probe, String status, String instance, Instant updatedAt) {}

    /** An instance's heartbeat. */
    record Heartbeat(String name, Instant startedAt, Instant seenAt) {}

    private final StateSession session;
    private final PreparedStatement probes;
    private final PreparedStatement probe;
    private final PreparedStatement addProbe;
    private final PreparedStatement addProbeIfAbsent;
    private final PreparedStatement removeProbe;
    private final PreparedStatement leases;
    private final PreparedStatement acquire;
    private final PreparedStatement renew;
    private final PreparedStatement release;
    private final PreparedStatement statuses;
    private final PreparedStatement publishStatus;
    private final PreparedStatement instances;
    private final PreparedStatement heartbeat;
    private final PreparedStatement leave;

    FleetTables(StateSession session, String keyspace) {
        this.session = session;
        this.probes = session.prepare("SELECT name, definition, source FROM " + keyspace + ".probes");
        this.probe = session.prepare("SELECT name, definition, source FROM " + keyspace + ".probes WHERE name = ?");
        this.addProbe = session.prepare(
                "INSERT INTO " + keyspace + ".probes (name, definition, source, added_at) VALUES (?, ?, ?, ?)");
        this.addProbeIfAbsent = session.prepare("INSERT INTO " + keyspace
                + ".probes (name, definition, source, added_at) VALUES (?, ?, ?, ?) IF NOT EXISTS");
        this.removeProbe = session.prepare("DELETE FROM " + keyspace + ".probes WHERE name = ?");
        this.leases = session.prepare("SELECT probe, owner, expires_at FROM " + keyspace + ".probe_leases");
        this.acquire = session.prepare("INSERT INTO " + keyspace
                + ".probe_leases (probe, owner, expires_at) VALUES (?, ?, ?) IF NOT EXISTS USING TTL ?");
        this.renew = session.prepare("UPDATE " + keyspace
                + ".probe_leases USING TTL ? SET owner = ?, expires_at = ? WHERE probe = ? IF owner = ?");
        this.release = session.prepare("DELETE FROM " + keyspace + ".probe_leases WHERE probe = ? IF owner = ?");
        this.statuses =
                session.prepare("SELECT probe, status, instance, updated_at FROM " + keyspace + ".probe_status");
        this.publishStatus = session.prepare(
                "INSERT INTO " + keyspace + ".probe_status (probe, status, instance, updated_at) VALUES (?, ?, ?, ?)");
        this.instances = session.prepare("SELECT name, started_at, seen_at FROM " + keyspace + ".instances");
        this.heartbeat = session.prepare(
                "INSERT INTO " + keyspace + ".instances (name, started_at, seen_at) VALUES (?, ?, ?) USING TTL ?");
        this.leave = session.prepare("DELETE FROM " + keyspace + ".instances WHERE name = ?");
    }

    List<StoredProbe> probes() {
        List<StoredProbe> all = new ArrayList<>();
        for (Row row : session.execute("list_probes", probes.bind())) {
            all.add(new StoredProbe(row.getString("name"), row.getString("definition"), row.getString("source")));
        }
        return all;
    }

    Optional<StoredProbe> probe(String name) {
        Row row = session.execute("read_probe", probe.bind(name)).one();
        return row == null
                ? Optional.empty()
                : Optional.of(
                        new StoredProbe(row.getString("name"), row.getString("definition"), row.getString("source")));
    }

    /** Writes a YAML's probe (the newest start-up's definition wins). */
    void putConfiguredProbe(String name, String definition) {
        session.execute("write_probe", addProbe.bind(name, definition, "configuration", Instant.now()));
    }

    /** Adds a probe through the API; false when one of that name exists. */
    boolean addProbe(String name, String definition) {
        return session.execute("add_probe", addProbeIfAbsent.bind(name, definition, "api", Instant.now()))
                .wasApplied();
    }

    void removeProbe(String name) {
        session.execute("remove_probe", removeProbe.bind(name));
    }

    List<Lease> leases() {
        List<Lease> all = new ArrayList<>();
        for (Row row : session.execute("list_leases", leases.bind())) {
            all.add(new Lease(row.getString("probe"), row.getString("owner"), row.getInstant("expires_at")));
        }
        return all;
    }

    /** Takes a free lease; false when another instance holds it. */
    boolean acquire(String probeName, String owner, int seconds) {
        return session.execute(
                        "acquire_lease",
                        acquire.bind(probeName, owner, Instant.now().plusSeconds(seconds), seconds))
                .wasApplied();
    }

    /** Renews a lease this owner holds; false when it no longer does. */
    boolean renew(String probeName, String owner, int seconds) {
        return session.execute(
                        "renew_lease", renew.bind(seconds, owner, Instant.now().plusSeconds(seconds), probeName, owner))
                .wasApplied();
    }

    void release(String probeName, String owner) {
        session.execute("release_lease", release.bind(probeName, owner));
    }

    List<StoredStatus> statuses() {
        List<StoredStatus> all = new ArrayList<>();
        for (Row row : session.execute("list_statuses", statuses.bind())) {
            all.add(new StoredStatus(
                    row.getString("probe"),
                    row.getString("status"),
                    row.getString("instance"),
                    row.getInstant("updated_at")));
        }
        return all;
    }

    void publishStatus(String probeName, String status, String instance) {
        session.execute("publish_status", publishStatus.bind(probeName, status, instance, Instant.now()));
    }

    List<Heartbeat> instances() {
        List<Heartbeat> all = new ArrayList<>();
        for (Row row : session.execute("list_instances", instances.bind())) {
            all.add(new Heartbeat(row.getString("name"), row.getInstant("started_at"), row.getInstant("seen_at")));
        }
        return all;
    }

    void heartbeat(String instance, Instant startedAt, int seconds) {
        session.execute("heartbeat", heartbeat.bind(instance, startedAt, Instant.now(), seconds));
    }

    void leave(String instance) {
        session.execute("leave", leave.bind(instance));
    }
}
