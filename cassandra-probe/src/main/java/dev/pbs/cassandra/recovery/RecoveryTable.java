package dev.pbs.cassandra.recovery;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;

/**
 * The table the outage experiments write and read: {@code pbs_recovery.writes}, one row per write,
 * the key its partition, replicated on every node of a 3-node cluster (SimpleStrategy, RF 3).
 *
 * <p>Its {@code speculative_retry} is {@code NONE}: at the table's default (99th percentile) a read
 * at ONE that the returned node is slow to serve itself (a JVM just started is) would also be sent
 * to another replica and answered by whichever came first, and the observation must be of the
 * returned node's own data. Read repair plays no part at ONE (one replica is asked).
 */
public final class RecoveryTable {

    public static final String KEYSPACE = "pbs_recovery";
    public static final String TABLE = "writes";
    public static final String QUALIFIED = KEYSPACE + "." + TABLE;

    /** Schema changes wait this long for every node to agree. */
    private static final Duration SCHEMA_TIMEOUT = Duration.ofSeconds(30);

    private RecoveryTable() {}

    /** Creates the keyspace and the table if they are missing, and sets the table's options either way. */
    public static void create(CqlSession session, int replicationFactor) {
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': " + replicationFactor + "}");
        session.execute("CREATE TABLE IF NOT EXISTS " + QUALIFIED + " (key text PRIMARY KEY, sequence bigint)");
        session.execute("ALTER TABLE " + QUALIFIED + " WITH speculative_retry = 'NONE'");
        long deadline = System.nanoTime() + SCHEMA_TIMEOUT.toNanos();
        while (!session.checkSchemaAgreement()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the nodes did not agree on the schema of " + QUALIFIED + " within "
                        + SCHEMA_TIMEOUT.toSeconds() + " s");
            }
            Sleeps.sleep(200);
        }
    }
}
