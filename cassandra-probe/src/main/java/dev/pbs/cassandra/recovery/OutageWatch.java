package dev.pbs.cassandra.recovery;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Watches a live cluster's nodes for outages and measures hint replay at the ones that come back,
 * from outside, beside the probe ({@code ./pbs probe --watch-outages}).
 *
 * <p>Every {@link #TICK_MILLIS} ms it reads each node's state as the driver sees it. While a node
 * is down, it writes new keys that the node replicates, at ONE through the other nodes (at most
 * {@link #WRITES_PER_SECOND} a second and {@link #MOST_WRITES} per outage): their coordinators keep
 * hints for the node. When the node is up again (the driver's view, which may come a few seconds
 * after the node serves again: writes whose hints arrived meanwhile count as there at the return),
 * those writes are read at the node itself until each has appeared or the deadline has passed
 * ({@link ReturnReads}), which gives the hint replay delays. Its table, {@code pbs_hint_watch} in
 * the probe's keyspace, is created at the start without speculative retry or read repair, so that a
 * read asks one replica and never writes one.
 */
public final class OutageWatch implements AutoCloseable {

    /** How often the nodes' states are read, ms. */
    static final long TICK_MILLIS = 50;

    /** Writes a second around a down node. */
    static final double WRITES_PER_SECOND = 10;

    /** Writes followed per outage: an outage longer than ten seconds is followed for its first ten. */
    static final int MOST_WRITES = 100;

    /** The table's name in the probe's keyspace. */
    public static final String TABLE = "pbs_hint_watch";

    private final CqlSession session;
    private final List<Node> nodes;
    private final Function<Node, String> addressOf;
    private final Duration deadline;
    private final TokenMap tokenMap;
    private final CqlIdentifier keyspace;
    private final PreparedStatement insert;
    private final PreparedStatement select;
    private final ScheduledExecutorService ticker;
    private final ExecutorService reader;
    private final String prefix = UUID.randomUUID().toString().substring(0, 8);
    private final long startedNanos = System.nanoTime();
    private long sequence;
    private int nextCoordinator;

    private final Map<Node, Open> open = new LinkedHashMap<>();
    private final List<WatchedOutage> finished = new ArrayList<>();
    private int measuring;

    /** An outage under way: since when, and the writes made around it. */
    private static final class Open {
        final long downNanos;
        final List<ReturnReads.TrackedWrite> writes = new ArrayList<>();
        int attempted;
        long nextWriteNanos;

        Open(long downNanos) {
            this.downNanos = downNanos;
            this.nextWriteNanos = downNanos;
        }
    }

    private OutageWatch(
            CqlSession session,
            String keyspace,
            List<Node> nodes,
            Function<Node, String> addressOf,
            Duration deadline) {
        this.session = session;
        this.nodes = List.copyOf(nodes);
        this.addressOf = addressOf;
        this.deadline = deadline;
        this.keyspace = CqlIdentifier.fromInternal(keyspace);
        String table = this.keyspace.asCql(true) + "." + TABLE;
        session.execute("CREATE TABLE IF NOT EXISTS " + table + " (key text PRIMARY KEY, sequence bigint)"
                + " WITH speculative_retry = 'NONE' AND read_repair = 'NONE'");
        this.tokenMap = session.getMetadata()
                .getTokenMap()
                .orElseThrow(
                        () -> new IllegalStateException("the driver has no token map: cannot tell a key's replicas"));
        this.insert = session.prepare("INSERT INTO " + table + " (key, sequence) VALUES (?, ?)");
        this.select = session.prepare("SELECT sequence FROM " + table + " WHERE key = ?");
        this.ticker = Executors.newSingleThreadScheduledExecutor(daemon("pbs-outage-watch"));
        this.reader = Executors.newSingleThreadExecutor(daemon("pbs-hint-reads"));
    }

    /**
     * Starts watching {@code nodes}.
     *
     * @param keyspace the probe's keyspace, which must exist
     * @param addressOf the name each node's outages are kept under
     * @param deadline how long after a node's return its writes are read; above 0
     */
    public static OutageWatch start(
            CqlSession session,
            String keyspace,
            List<Node> nodes,
            Function<Node, String> addressOf,
            Duration deadline) {
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("the hint deadline must be above 0, was " + deadline);
        }
        OutageWatch watch = new OutageWatch(session, keyspace, nodes, addressOf, deadline);
        watch.ticker.scheduleWithFixedDelay(watch::tick, 0, TICK_MILLIS, TimeUnit.MILLISECONDS);
        return watch;
    }

    /** The outages seen and measured so far, in the order they ended. */
    public synchronized List<WatchedOutage> outages() {
        return List.copyOf(finished);
    }

    /** Outages under way or still being read: not in {@link #outages()} yet. */
    public synchronized int unfinished() {
        return open.size() + measuring;
    }

    /** How long the watch has run, ms. */
    public double watchedMillis() {
        return (System.nanoTime() - startedNanos) / 1e6;
    }

    private synchronized void tick() {
        try {
            long now = System.nanoTime();
            for (Node node : nodes) {
                boolean down = node.getState() == NodeState.DOWN || node.getState() == NodeState.FORCED_DOWN;
                Open outage = open.get(node);
                if (down && outage == null) {
                    open.put(node, new Open(now));
                } else if (down) {
                    writeAround(node, outage, now);
                } else if (outage != null) {
                    open.remove(node);
                    returned(node, outage, now);
                }
            }
        } catch (RuntimeException unexpected) {
            // The watch goes on: a failed tick (metadata being refreshed) is retried at the next.
        }
    }

    private void writeAround(Node down, Open outage, long now) {
        if (outage.attempted >= MOST_WRITES || now < outage.nextWriteNanos) {
            return;
        }
        Optional<Node> coordinator = nextCoordinator(down);
        if (coordinator.isEmpty()) {
            return;
        }
        outage.attempted++;
        outage.nextWriteNanos = now + Math.round(1e9 / WRITES_PER_SECOND);
        String key = keyReplicatedBy(down);
        long value = ++sequence;
        String coordinatorAddress = addressOf.apply(coordinator.get());
        session.executeAsync(insert.bind(key, value)
                        .setConsistencyLevel(DefaultConsistencyLevel.ONE)
                        .setNode(coordinator.get()))
                .whenComplete((result, error) -> {
                    if (error == null) {
                        synchronized (this) {
                            outage.writes.add(new ReturnReads.TrackedWrite(key, value, coordinatorAddress));
                        }
                    }
                });
    }

    /** The next node that is up, other than {@code down}, in turn. */
    private Optional<Node> nextCoordinator(Node down) {
        for (int tried = 0; tried < nodes.size(); tried++) {
            Node candidate = nodes.get(nextCoordinator++ % nodes.size());
            if (!candidate.equals(down) && candidate.getState() == NodeState.UP) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * A key not written before whose primary replica is {@code node} (its token in the node's own
     * range): a snitch that keeps the ring's order (Cassandra's SimpleSnitch) asks the primary replica
     * first, and one that knows the topology asks the coordinator itself first, so that a read at ONE
     * coordinated by the node is served from the node's own data unless the dynamic snitch finds it
     * slow. Falls back to any key the node replicates when it owns no range the driver knows.
     */
    private String keyReplicatedBy(Node node) {
        Set<TokenRange> primary = tokenMap.getTokenRanges(node);
        String fallback = null;
        for (int attempt = 0; attempt < 10_000; attempt++) {
            String key = prefix + "-" + (++sequence);
            ByteBuffer encoded = TypeCodecs.TEXT.encode(key, ProtocolVersion.DEFAULT);
            Token token = tokenMap.newToken(encoded);
            for (TokenRange range : primary) {
                if (range.contains(token)) {
                    return key;
                }
            }
            if (fallback == null && tokenMap.getReplicas(keyspace, encoded).contains(node)) {
                fallback = key;
            }
        }
        return fallback != null ? fallback : prefix + "-" + (++sequence);
    }

    private void returned(Node node, Open outage, long now) {
        String address = addressOf.apply(node);
        double downMillis = (now - outage.downNanos) / 1e6;
        List<ReturnReads.TrackedWrite> writes = List.copyOf(outage.writes);
        measuring++;
        reader.execute(() -> {
            ReturnReads.Result result;
            try {
                result = ReturnReads.measure(session, select, node, address, writes, now, deadline);
            } catch (RuntimeException failed) {
                result = new ReturnReads.Result(Optional.empty(), new ReadServers(0, 0, 0));
            }
            synchronized (this) {
                measuring--;
                finished.add(new WatchedOutage(address, downMillis, writes.size(), result.delays(), result.servers()));
            }
        });
    }

    /**
     * Waits until no outage is being read any more, at most {@code most}: the reads of a node that
     * returned shortly before the probe's end take up to the deadline.
     *
     * @return whether none is being read now
     */
    public boolean awaitMeasurements(Duration most) throws InterruptedException {
        long until = System.nanoTime() + most.toNanos();
        while (System.nanoTime() < until) {
            synchronized (this) {
                if (measuring == 0) {
                    return true;
                }
            }
            Thread.sleep(100);
        }
        synchronized (this) {
            return measuring == 0;
        }
    }

    /** Stops watching; a measurement under way is abandoned. */
    @Override
    public void close() {
        ticker.shutdownNow();
        reader.shutdownNow();
        try {
            ticker.awaitTermination(5, TimeUnit.SECONDS);
            reader.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
