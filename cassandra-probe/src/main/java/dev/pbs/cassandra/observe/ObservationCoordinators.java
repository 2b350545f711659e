package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSessions;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which node coordinates each observed write, its round-trip query and its reads
 * ({@link CoordinatorChoice}). Round robin: write i through node i, its round trip through node
 * i + 1, and the reads through the nodes in a rotation of their own. Outside the replicas: the
 * write, its round trip and every read through one node that is not a replica of the key. Token
 * aware: the write and its round trip through a replica of the key, the reads through its replicas
 * in turn. With
 * {@link ObservedLevels}, the writes' coordinators are nodes of the writes' datacenter and the
 * reads' of the reads' datacenter, chosen in either way among them.
 */
final class ObservationCoordinators {

    private final CoordinatorChoice choice;
    private final List<Node> writers;
    private final List<Node> readers;
    private final String keyspace;
    private final TokenMap tokens;
    private final AtomicLong readTurn = new AtomicLong();
    /** Whether writes and reads share their coordinators (one datacenter, no levels). */
    private final boolean shared;
    /** What the routing rule says of every coordinator ({@link #coordinatorIsReplica}) for this N. */
    private final boolean routedToReplicas;

    private ObservationCoordinators(
            CoordinatorChoice choice,
            List<Node> writers,
            List<Node> readers,
            String keyspace,
            TokenMap tokens,
            boolean shared,
            int n) {
        this.choice = choice;
        this.shared = shared;
        this.writers = List.copyOf(writers);
        this.readers = List.copyOf(readers);
        this.keyspace = keyspace;
        this.tokens = tokens;
        this.routedToReplicas = coordinatorIsReplica(n);
    }

    /**
     * The coordinators of an observation with N = {@code n} replicas per key.
     *
     * @param levels the datacenters of the writes' and the reads' coordinators, if any
     * @throws IllegalArgumentException if coordinators outside the replicas are asked for with no
     *     more nodes than replicas, or a datacenter has no node
     */
    static ObservationCoordinators of(ProbeRun run, CoordinatorChoice choice, int n, Optional<ObservedLevels> levels) {
        List<Node> nodes = run.coordinators();
        List<Node> writers = levels.map(observed -> inDatacenter(nodes, observed.writeDatacenter()))
                .orElse(nodes);
        List<Node> readers = levels.map(observed -> inDatacenter(nodes, observed.readDatacenter()))
                .orElse(nodes);
        if (levels.isEmpty() && choice == CoordinatorChoice.OUTSIDE_REPLICAS && nodes.size() <= n) {
            throw new IllegalArgumentException("coordinators outside the replicas need more nodes than replicas: "
                    + nodes.size() + " nodes, N = " + n);
        }
        TokenMap tokens = run.session().getMetadata().getTokenMap().orElse(null);
        if (tokens == null && choice != CoordinatorChoice.ROUND_ROBIN) {
            throw new IllegalStateException("the driver has no token map");
        }
        return new ObservationCoordinators(
                choice, writers, readers, run.settings().keyspace(), tokens, levels.isEmpty(), n);
    }

    private static List<Node> inDatacenter(List<Node> nodes, String datacenter) {
        List<Node> inside = new ArrayList<>();
        for (Node node : nodes) {
            if (datacenter.equals(node.getDatacenter())) {
                inside.add(node);
            }
        }
        if (inside.isEmpty()) {
            throw new IllegalArgumentException("no node of datacenter " + datacenter + " coordinates the probe");
        }
        return inside;
    }

    /**
     * What the routing rule says of every coordinator: a replica of its keys (round robin over
     * exactly N nodes) or not. The measured counts ({@link #coordinatesAsReplica}) replace it; it
     * stands in where nothing could be counted.
     */
    boolean coordinatorIsReplica(int n) {
        return choice == CoordinatorChoice.TOKEN_AWARE
                || (choice == CoordinatorChoice.ROUND_ROBIN && shared && writers.size() == n);
    }

    /**
     * Whether {@code node}, coordinating an operation on key {@code key}, is a replica of that key,
     * from the driver's token map; without one, what the routing rule says ({@link
     * #coordinatorIsReplica}) for every operation. Thread-safe.
     */
    boolean coordinatesAsReplica(String key, Node node) {
        return tokens == null ? routedToReplicas : isReplicaOf(key, ProbeSessions.traceAddress(node));
    }

    /** The coordinator of write number {@code turn} (from 0), of key {@code key}. */
    Node writer(String key, int turn) {
        return switch (choice) {
            case OUTSIDE_REPLICAS -> outsideReplicas(key, turn, writers);
            case TOKEN_AWARE -> replica(key, turn, writers);
            case ROUND_ROBIN -> writers.get(turn % writers.size());
        };
    }

    /** The node that times the round trip beside write number {@code turn}, coordinated by {@code writer}. */
    Node roundTrip(Node writer, int turn) {
        return choice == CoordinatorChoice.ROUND_ROBIN ? writers.get((turn + 1) % writers.size()) : writer;
    }

    /** The coordinator of the next read of key {@code key}, written through {@code writer}. Thread-safe. */
    Node reader(String key, Node writer) {
        if (choice == CoordinatorChoice.OUTSIDE_REPLICAS) {
            return readers.contains(writer) ? writer : outsideReplicas(key, 0, readers);
        }
        if (choice == CoordinatorChoice.TOKEN_AWARE) {
            return replica(key, (int) readTurn.getAndIncrement(), readers);
        }
        return readers.get((int) (readTurn.getAndIncrement() % readers.size()));
    }

    /**
     * Whether the node at {@code address} (as traces name it) is a replica of key {@code key}.
     *
     * @throws IllegalStateException when the driver has no token map
     */
    boolean isReplicaOf(String key, String address) {
        if (tokens == null) {
            throw new IllegalStateException("the driver has no token map to tell the replicas of a key");
        }
        Set<Node> replicas = tokens.getReplicas(
                CqlIdentifier.fromCql(keyspace), ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)));
        for (Node node : replicas) {
            if (ProbeSessions.traceAddress(node).equals(address)) {
                return true;
            }
        }
        return false;
    }

    /** A node of {@code nodes} that is a replica of the key, the turn-th such node in turn. */
    private Node replica(String key, int turn, List<Node> nodes) {
        Set<Node> replicas = tokens.getReplicas(
                CqlIdentifier.fromCql(keyspace), ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)));
        List<Node> inside = new ArrayList<>();
        for (Node node : nodes) {
            if (replicas.contains(node)) {
                inside.add(node);
            }
        }
        if (inside.isEmpty()) {
            throw new IllegalStateException("no coordinating node is a replica of key " + key);
        }
        return inside.get(Math.floorMod(turn, inside.size()));
    }

    /** A node of {@code nodes} that is not a replica of the key; the turn-th such node in turn when there are several. */
    private Node outsideReplicas(String key, int turn, List<Node> nodes) {
        Set<Node> replicas = tokens.getReplicas(
                CqlIdentifier.fromCql(keyspace), ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)));
        List<Node> outside = new ArrayList<>();
        for (Node node : nodes) {
            if (!replicas.contains(node)) {
                outside.add(node);
            }
        }
        if (outside.isEmpty()) {
            throw new IllegalStateException("every coordinating node is a replica of key " + key);
        }
        return outside.get(turn % outside.size());
    }
}
