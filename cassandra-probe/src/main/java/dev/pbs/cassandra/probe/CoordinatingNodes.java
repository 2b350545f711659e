package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The nodes through which the probe sends its operations: every node of the coordinating
 * datacenters (the local one, or every one the keyspace is replicated in), one drawn at random for
 * each operation. The list is read from the driver's metadata at each use, so a node that joins
 * or returns is used.
 */
final class CoordinatingNodes {

    /** How long the probe waits for the driver to learn of as many nodes as replicas in each datacenter. */
    private static final Duration NODE_DISCOVERY_TIMEOUT = Duration.ofSeconds(30);

    /**
     * How long the probe waits, over one datacenter, before it believes a cluster that lists fewer
     * nodes than replicas.
     */
    private static final Duration NEW_NODE_GRACE = Duration.ofSeconds(5);

    private final CqlSession session;
    private final ProbeSettings settings;
    private final List<String> datacenters;

    /** @param datacenters the coordinating datacenters' names */
    CoordinatingNodes(CqlSession session, ProbeSettings settings, List<String> datacenters) {
        this.session = session;
        this.settings = settings;
        this.datacenters = List.copyOf(datacenters);
    }

    /** The coordinating datacenters' names. */
    List<String> datacenters() {
        return datacenters;
    }

    /** The coordinating datacenters' nodes now, in address order. */
    List<Node> nodes() {
        List<Node> nodes = new ArrayList<>();
        for (Node node : session.getMetadata().getNodes().values()) {
            if (datacenters.contains(node.getDatacenter())) {
                nodes.add(node);
            }
        }
        nodes.sort(Comparator.comparing(ProbeSessions::traceAddress, ReplicaOrder.COMPARATOR));
        return nodes;
    }

    /**
     * A node drawn uniformly from the nodes, down ones included, so that a node that returns is
     * used again. Drawn, not taken in turn: the probe's operations alternate between writes and
     * reads (and its untraced ones between ONE and TWO), so that in turn over an even number of
     * nodes each node coordinated only writes or only reads, and a node of a datacenter's two
     * never timed a read through it when it was not the key's replica.
     */
    Node next(SplittableRandom random) {
        List<Node> nodes = nodes();
        return nodes.get(random.nextInt(nodes.size()));
    }

    /** Whether {@code node} holds a replica of {@code key} (false when the driver has no token map). */
    boolean isReplica(Node node, String key) {
        return session.getMetadata()
                .getTokenMap()
                .map(tokens -> tokens.getReplicas(
                                CqlIdentifier.fromInternal(settings.keyspace()),
                                ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)))
                        .contains(node))
                .orElse(false);
    }

    /**
     * The nodes once each coordinating datacenter has at least as many as its replication factor,
     * or as they are when waiting is over: a node that joined seconds before the probe connected,
     * as right after a local cluster starts, reaches the other nodes' lists of peers within a round
     * or two of gossip (a second each) and the driver's metadata a little later. The probe waits
     * up to {@link #NODE_DISCOVERY_TIMEOUT} over several datacenters; over one, up to {@link
     * #NEW_NODE_GRACE}, and on to {@link #NODE_DISCOVERY_TIMEOUT} while the cluster itself lists
     * enough nodes, so that a cluster with fewer nodes than replicas is refused within seconds.
     *
     * @throws IllegalArgumentException if a datacenter still has fewer nodes than replicas
     */
    List<Node> awaitReplicaNodes() {
        List<Node> nodes = nodes();
        long start = System.nanoTime();
        while (!enoughNodes(nodes)) {
            long waited = System.nanoTime() - start;
            boolean worthWaiting = settings.datacenters().isPresent()
                    || waited < NEW_NODE_GRACE.toNanos()
                    || clusterListsEnoughNodes();
            if (!worthWaiting || waited > NODE_DISCOVERY_TIMEOUT.toNanos()) {
                break;
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                break;
            }
            nodes = nodes();
        }
        for (String name : datacenters) {
            long count = count(nodes, name);
            if (count < factorOf(name)) {
                throw new IllegalArgumentException("datacenter " + name + " has " + count + " node(s), fewer than "
                        + (settings.datacenters().isPresent()
                                ? "its replication factor " + factorOf(name) + " (--replication)"
                                : "--rf " + factorOf(name)));
            }
        }
        return nodes;
    }

    /** Whether every coordinating datacenter has exactly as many nodes as replicas per key. */
    boolean everyNodeIsReplica(List<Node> nodes) {
        return datacenters.stream().allMatch(name -> count(nodes, name) == factorOf(name));
    }

    /** The replication factor of a coordinating datacenter: its own over several, else the keyspace's. */
    private int factorOf(String datacenter) {
        return settings.datacenters()
                .map(replication -> replication.factor(datacenter))
                .orElse(settings.replicationFactor());
    }

    /**
     * Whether the node a query reaches lists, in {@code system.local} and {@code system.peers_v2},
     * at least as many nodes as replicas in each coordinating datacenter. A peer whose row is not
     * complete yet (no datacenter) counts toward each; an error reading the tables counts as no.
     */
    private boolean clusterListsEnoughNodes() {
        List<String> listed = new ArrayList<>();
        try {
            for (String table : List.of("system.local", "system.peers_v2")) {
                for (Row row : session.execute("SELECT data_center FROM " + table)) {
                    listed.add(row.getString("data_center"));
                }
            }
        } catch (DriverException unreadable) {
            return false;
        }
        return datacenters.stream()
                .allMatch(name -> listed.stream()
                                .filter(datacenter -> datacenter == null || datacenter.equals(name))
                                .count()
                        >= factorOf(name));
    }

    private boolean enoughNodes(List<Node> nodes) {
        return datacenters.stream().allMatch(name -> count(nodes, name) >= factorOf(name));
    }

    private static long count(List<Node> nodes, String datacenter) {
        return nodes.stream()
                .filter(node -> datacenter.equals(node.getDatacenter()))
                .count();
    }
}
