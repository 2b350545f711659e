package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Creates the probe's keyspace and table if absent, and refuses a keyspace whose replication
 * factor differs from the one asked for. Touches no other keyspace. The names were validated as
 * plain CQL identifiers by {@link ProbeSettings}, so they are safe in DDL text (DDL cannot be bound).
 */
public final class ProbeSchema {

    /** How long the nodes may take to agree on the new schema: freshly started nodes on a loaded machine are slow to. */
    private static final Duration SCHEMA_AGREEMENT_TIMEOUT = Duration.ofSeconds(60);

    private static final long SCHEMA_AGREEMENT_POLL_MILLIS = 500;

    /**
     * How long a schema change may take: every node of every datacenter must apply it, which on a
     * loaded machine takes longer than the probe's 5 s for ordinary requests.
     */
    private static final Duration SCHEMA_CHANGE_TIMEOUT = Duration.ofSeconds(60);

    private ProbeSchema() {}

    private static com.datastax.oss.driver.api.core.cql.SimpleStatement schemaChange(String text) {
        return com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(text)
                .setTimeout(SCHEMA_CHANGE_TIMEOUT);
    }

    /**
     * Connects, checks or creates the probe's keyspace and table, hands the session to {@code
     * beforePreparing}, and closes it, having prepared nothing. A table option changed there then
     * holds for every statement prepared later: Cassandra 5.0 keeps, with each prepared statement,
     * the table's options as they were when it was first prepared, and an {@code ALTER TABLE} of
     * options alone does not replace it (a table set to {@code read_repair = 'NONE'} after the probe
     * had prepared its read still repaired).
     *
     * @throws IllegalArgumentException as {@link ProbeRun#connect}
     */
    public static void createBeforePreparing(
            ProbeSettings settings, java.util.function.Consumer<CqlSession> beforePreparing) {
        try (CqlSession session = ProbeSessions.open(settings, new NodeHealth())) {
            Row local = session.execute("SELECT data_center FROM system.local").one();
            String datacenter =
                    settings.localDatacenter().orElse(local == null ? "datacenter1" : local.getString("data_center"));
            ensure(session, settings, datacenter);
            beforePreparing.accept(session);
        } catch (QueryValidationException invalid) {
            throw new IllegalArgumentException(
                    "the cluster refused the probe's schema: " + invalid.getMessage(), invalid);
        }
    }

    static void ensure(CqlSession session, ProbeSettings settings, String datacenter) {
        Optional<KeyspaceMetadata> existing =
                session.getMetadata().getKeyspace(CqlIdentifier.fromCql(settings.keyspace()));
        if (settings.datacenters().isPresent()) {
            ensureKeyspace(session, settings.keyspace(), settings.datacenters().get(), existing);
        } else if (existing.isPresent()) {
            int actual = replicationFactor(existing.get().getReplication(), datacenter);
            if (actual != settings.replicationFactor()) {
                throw new IllegalArgumentException("keyspace " + settings.keyspace() + " has replication factor "
                        + actual
                        + " in datacenter " + datacenter + ", not --rf " + settings.replicationFactor()
                        + "; use --rf " + actual + " or another --keyspace (the probe never alters a keyspace)");
            }
        } else {
            session.execute(schemaChange("CREATE KEYSPACE IF NOT EXISTS " + settings.keyspace()
                    + " WITH replication = {'class': 'NetworkTopologyStrategy', '" + datacenter.replace("'", "''")
                    + "': "
                    + settings.replicationFactor() + "}"));
        }
        session.execute(schemaChange("CREATE TABLE IF NOT EXISTS " + settings.keyspace() + "." + ProbeSettings.TABLE
                + " (key text PRIMARY KEY, version bigint, written_at_micros bigint)"));
        awaitSchemaAgreement(session);
    }

    /**
     * Waits until every node that is up has the same schema, so that no statement is then prepared
     * on a node that does not know the table yet. The driver waits only 10 s after each DDL
     * statement, which four nodes just started beside a build on two cores have been seen to
     * exceed ("table wars does not exist"). After {@link #SCHEMA_AGREEMENT_TIMEOUT} it goes on: a
     * node still without the table then makes preparing fail with Cassandra's own words.
     */
    private static void awaitSchemaAgreement(CqlSession session) {
        long deadline = System.nanoTime() + SCHEMA_AGREEMENT_TIMEOUT.toNanos();
        while (!session.checkSchemaAgreement() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(SCHEMA_AGREEMENT_POLL_MILLIS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Creates the keyspace replicated as asked over several datacenters, or checks that the
     * existing one is replicated exactly so (every datacenter's factor, and no other datacenter).
     */
    private static void ensureKeyspace(
            CqlSession session,
            String keyspace,
            DatacenterReplication replication,
            Optional<KeyspaceMetadata> existing) {
        if (existing.isEmpty()) {
            session.execute(schemaChange(
                    "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + replication.cql()));
            return;
        }
        Map<String, String> actual = existing.get().getReplication();
        java.util.List<String> differences = new java.util.ArrayList<>();
        replication.factors().forEach((name, factor) -> {
            int found = replicationFactor(actual, name);
            if (found != factor) {
                differences.add(name + " " + found + " (not " + factor + ")");
            }
        });
        actual.keySet().stream()
                .filter(name -> !name.equals("class") && replication.factor(name) == 0)
                .forEach(name -> differences.add(name + " " + replicationFactor(actual, name) + " (not 0)"));
        if (!differences.isEmpty()) {
            throw new IllegalArgumentException("keyspace " + keyspace + " is replicated otherwise: "
                    + String.join(", ", differences) + "; use --replication with its factors or another --keyspace "
                    + "(the probe never alters a keyspace)");
        }
    }

    /** The factor for {@code datacenter} under NetworkTopologyStrategy, or SimpleStrategy's factor; -1 if unknown. */
    static int replicationFactor(Map<String, String> replication, String datacenter) {
        String strategy = replication.getOrDefault("class", "");
        String value = strategy.endsWith("SimpleStrategy")
                ? replication.get("replication_factor")
                : replication.get(datacenter);
        if (value == null) {
            return 0;
        }
        try {
            // Cassandra 4+ may write "3/1" for transient replication: the full count comes first.
            return Integer.parseInt(value.split("/")[0].trim());
        } catch (NumberFormatException unknown) {
            return -1;
        }
    }
}
