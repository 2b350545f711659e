package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.pbs.cassandra.cluster.ClusterLayout;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Another application's traffic on the cluster under test: a plain driver client (its default
 * round-robin routing, no tracing) in a keyspace of its own, replication factor 3, writing and
 * reading random keys of 1,000 at consistency ONE, alternately, at a fixed pace, on one thread,
 * until closed. Operations that fail are counted and not retried.
 */
final class BusyClient implements AutoCloseable {

    private static final String KEYSPACE = "pbs_busy_client";
    private static final int KEYS = 1000;
    private static final long SEED = 1L;

    private final CqlSession session;
    private final Thread thread;
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private volatile boolean running = true;

    private BusyClient(CqlSession session, double operationsPerSecond) {
        this.session = session;
        session.execute("CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
        session.execute("CREATE TABLE IF NOT EXISTS " + KEYSPACE + ".data (key int PRIMARY KEY, value bigint)");
        PreparedStatement write = session.prepare("INSERT INTO " + KEYSPACE + ".data (key, value) VALUES (?, ?)");
        PreparedStatement read = session.prepare("SELECT value FROM " + KEYSPACE + ".data WHERE key = ?");
        long periodNanos = Math.round(1e9 / operationsPerSecond);
        thread = new Thread(() -> run(write, read, periodNanos), "busy-client");
        thread.setDaemon(true);
    }

    /**
     * Connects through {@code contactPoint} (a node's native transport) and starts sending {@code
     * operationsPerSecond} operations a second.
     */
    static BusyClient start(InetSocketAddress contactPoint, double operationsPerSecond) {
        CqlSession session = CqlSession.builder()
                .addContactPoint(contactPoint)
                .withLocalDatacenter(ClusterLayout.DEFAULT_DATACENTER)
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10))
                        .build())
                .build();
        BusyClient client = new BusyClient(session, operationsPerSecond);
        client.thread.start();
        return client;
    }

    private void run(PreparedStatement write, PreparedStatement read, long periodNanos) {
        SplittableRandom random = new SplittableRandom(SEED);
        long due = System.nanoTime();
        long value = 0;
        while (running) {
            int key = random.nextInt(KEYS);
            try {
                if ((value & 1) == 0) {
                    session.execute(write.bind(key, value).setConsistencyLevel(ConsistencyLevel.ONE));
                } else {
                    session.execute(read.bind(key).setConsistencyLevel(ConsistencyLevel.ONE));
                }
                completed.incrementAndGet();
            } catch (RuntimeException problem) {
                failed.incrementAndGet();
            }
            value++;
            due += periodNanos;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
        }
    }

    /** Operations answered so far. */
    long completed() {
        return completed.get();
    }

    /** Operations that failed so far. */
    long failed() {
        return failed.get();
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(Duration.ofSeconds(15).toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        session.close();
    }
}
