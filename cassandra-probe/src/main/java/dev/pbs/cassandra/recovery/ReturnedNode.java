package dev.pbs.cassandra.recovery;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The node an outage strikes, node {@code k} of a local 3-node cluster, and how the experiments write
 * around it and read from it.
 *
 * <p>Every key written is one whose primary replica is node k (its token lies in k's own token
 * range), and every read of it is a read at ONE coordinated by node k ({@code setNode}), so that
 * node k serves it from its own data, which takes two things of the cluster:
 * <ul>
 *   <li>no dynamic snitch ({@link dev.pbs.cassandra.cluster.LocalCluster#withoutDynamicSnitch}).
 *       Cassandra 5.0 has a read at ONE ask the first of the key's live replicas as the coordinator's
 *       snitch orders them; with the dynamic snitch (on by default, badness threshold 1.0) the order
 *       is by latency as soon as one replica's score is more than twice the best, and a coordinator
 *       times its own replica's reads from the client request's start (parsing and queueing
 *       included) but the others' from the message's send, in whole milliseconds: on the local
 *       cluster its own replica came out slowest, and every traced read that node 3 coordinated
 *       went to another replica, its own keys included. SimpleSnitch alone leaves the ring order,
 *       the key's primary replica first;</li>
 *   <li>no speculative retry ({@link RecoveryTable}), so that no second replica is asked.</li>
 * </ul>
 * Traced reads confirm that node k served them ({@link ReadServer}).
 */
public final class ReturnedNode {

    private final RecoverySession session;
    private final LocalCluster cluster;
    private final int index;
    private final String address;
    private final Node node;
    private final List<Node> others;
    private final PreparedStatement insert;
    private final PreparedStatement select;
    private final Set<TokenRange> primaryRanges;
    private final TokenMap tokenMap;
    private final String prefix = UUID.randomUUID().toString().substring(0, 8);
    private final AtomicLong sequence = new AtomicLong();

    private ReturnedNode(RecoverySession session, LocalCluster cluster, int index) {
        List<NodeStatus> nodes = cluster.status();
        if (index < 1 || index > nodes.size()) {
            throw new IllegalArgumentException("node " + index + " is not a node of the cluster in " + cluster.root());
        }
        this.session = session;
        this.cluster = cluster;
        this.index = index;
        this.address = nodes.get(index - 1).address();
        this.node = session.node(address);
        this.others = new ArrayList<>();
        for (NodeStatus other : nodes) {
            if (other.index() != index) {
                others.add(session.node(other.address()));
            }
        }
        this.tokenMap = session.session()
                .getMetadata()
                .getTokenMap()
                .orElseThrow(() -> new IllegalStateException("the driver has no token map"));
        this.primaryRanges = tokenMap.getTokenRanges(node);
        this.insert =
                session.session().prepare("INSERT INTO " + RecoveryTable.QUALIFIED + " (key, sequence) VALUES (?, ?)");
        this.select = session.session().prepare("SELECT sequence FROM " + RecoveryTable.QUALIFIED + " WHERE key = ?");
    }

    /** Node {@code index} of {@code cluster}, whose table exists ({@link RecoveryTable#create}). */
    public static ReturnedNode of(RecoverySession session, LocalCluster cluster, int index) {
        return new ReturnedNode(session, cluster, index);
    }

    public LocalCluster cluster() {
        return cluster;
    }

    public RecoverySession session() {
        return session;
    }

    public int index() {
        return index;
    }

    public String address() {
        return address;
    }

    /** The nodes that coordinate the writes: every node but k. */
    List<Node> coordinators() {
        return others;
    }

    /** A key not written before whose primary replica is node k. */
    String nextKey() {
        while (true) {
            String key = prefix + "-" + sequence.incrementAndGet();
            Token token = tokenMap.newToken(TypeCodecs.TEXT.encode(key, ProtocolVersion.DEFAULT));
            for (TokenRange range : primaryRanges) {
                if (range.contains(token)) {
                    return key;
                }
            }
        }
    }

    /** Writes {@code key} at ONE through {@code coordinator}. */
    CompletionStage<AsyncResultSet> write(String key, long value, Node coordinator) {
        BoundStatement statement = insert.bind(key, value)
                .setConsistencyLevel(DefaultConsistencyLevel.ONE)
                .setNode(coordinator);
        return session.session().executeAsync(statement);
    }

    /** Reads {@code key} at ONE coordinated by node k; traced if asked. */
    CompletionStage<AsyncResultSet> read(String key, boolean traced) {
        BoundStatement statement = select.bind(key)
                .setConsistencyLevel(DefaultConsistencyLevel.ONE)
                .setNode(node)
                .setTracing(traced);
        return session.session().executeAsync(statement);
    }

    /** {@code node 3 (127.0.0.3)}. */
    public String describe() {
        return "node " + index + " (" + address + ")";
    }
}
