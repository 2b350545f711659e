package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import dev.pbs.cassandra.probe.ProbeRun;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which node coordinates each observed write, its round-trip query and its reads
 * ({@link CoordinatorChoice}). Round robin: write i through node i, its round trip through node
 * i + 1, and the reads through the nodes in a rotation of their own. Outside the replicas: the
 * write, its round trip and every read through one node that is not a replica of the key.
 */
final class ObservationCoordinators {

    private final CoordinatorChoice choice;
    private final List<Node> nodes;
    private final String keyspace;
    private final TokenMap tokens;
    private final AtomicLong readTurn = new AtomicLong();

    private ObservationCoordinators(CoordinatorChoice choice, List<Node> nodes, String keyspace, TokenMap tokens) {
        this.choice = choice;
        this.nodes = List.copyOf(nodes);
        this.keyspace = keyspace;
        this.tokens = tokens;
    }

    /**
     * The coordinators of an observation with N = {@code n} replicas per key.
     *
     * @throws IllegalArgumentException if coordinators outside the replicas are asked for with no
     *     more nodes than replicas
     */
    static ObservationCoordinators of(ProbeRun run, CoordinatorChoice choice, int n) {
        List<Node> nodes = run.coordinators();
        if (choice == CoordinatorChoice.OUTSIDE_REPLICAS && nodes.size() <= n) {
            throw new IllegalArgumentException("coordinators outside the replicas need more nodes than replicas: "
                    + nodes.size() + " nodes, N = " + n);
        }
        TokenMap tokens = choice == CoordinatorChoice.OUTSIDE_REPLICAS
                ? run.session()
                        .getMetadata()
                        .getTokenMap()
                        .orElseThrow(() -> new IllegalStateException("the driver has no token map"))
                : null;
        return new ObservationCoordinators(choice, nodes, run.settings().keyspace(), tokens);
    }

    /** Whether every coordinator is itself a replica of its keys: round robin over exactly N nodes. */
    boolean coordinatorIsReplica(int n) {
        return choice == CoordinatorChoice.ROUND_ROBIN && nodes.size() == n;
    }

    /** The coordinator of write number {@code turn} (from 0), of key {@code key}. */
    Node writer(String key, int turn) {
        return choice == CoordinatorChoice.OUTSIDE_REPLICAS
                ? outsideReplicas(key, turn)
                : nodes.get(turn % nodes.size());
    }

    /** The node that times the round trip beside write number {@code turn}, coordinated by {@code writer}. */
    Node roundTrip(Node writer, int turn) {
        return choice == CoordinatorChoice.OUTSIDE_REPLICAS ? writer : nodes.get((turn + 1) % nodes.size());
    }

    /** The coordinator of the next read of a write coordinated by {@code writer}. Thread-safe. */
    Node reader(Node writer) {
        return choice == CoordinatorChoice.OUTSIDE_REPLICAS
                ? writer
                : nodes.get((int) (readTurn.getAndIncrement() % nodes.size()));
    }

    /** A node that is not a replica of the key; the turn-th such node in turn when there are several. */
    private Node outsideReplicas(String key, int turn) {
        Set<Node> replicas = tokens.getReplicas(
                CqlIdentifier.fromCql(keyspace), ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)));
        List<Node> outside = new ArrayList<>();
        for (Node node : nodes) {
            if (!replicas.contains(node)) {
                outside.add(node);
            }
        }
        if (outside.isEmpty()) {
            throw new IllegalStateException("every node is a replica of key " + key);
        }
        return outside.get(turn % outside.size());
    }
}
