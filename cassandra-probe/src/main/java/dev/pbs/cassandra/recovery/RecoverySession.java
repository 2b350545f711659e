package dev.pbs.cassandra.recovery;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeStateListenerBase;
import dev.pbs.cassandra.cluster.ClusterLayout;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import dev.pbs.cassandra.cluster.OutageTimes;
import dev.pbs.cassandra.probe.ProbeSessions;
import dev.pbs.cassandra.probe.ProbeSettings;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The driver session of the outage experiments, to a local cluster: every node a contact point,
 * and, so that reads can go to a node the moment it serves CQL again, a constant reconnection delay
 * of {@link #RECONNECTION_DELAY} (the driver's default backs off exponentially up to a minute,
 * which after a 30-second outage can leave a node that serves CQL unused for half a minute). It
 * also records when the driver saw each node come up (its node state listener).
 */
public final class RecoverySession implements AutoCloseable {

    /** How often the driver tries to reconnect to a node that is down. */
    public static final Duration RECONNECTION_DELAY = Duration.ofMillis(100);

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private final CqlSession session;
    private final Map<String, Long> upNanos;

    private RecoverySession(CqlSession session, Map<String, Long> upNanos) {
        this.session = session;
        this.upNanos = upNanos;
    }

    /** Connects to every node of {@code cluster} that serves CQL. */
    public static RecoverySession open(LocalCluster cluster) {
        List<InetSocketAddress> points = cluster.status().stream()
                .filter(NodeStatus::nativePortOpen)
                .map(node -> ProbeSettings.contactPoint(node.contactPoint()))
                .toList();
        if (points.isEmpty()) {
            throw new IllegalStateException("no node of the cluster in " + cluster.root() + " serves CQL");
        }
        Map<String, Long> upNanos = new ConcurrentHashMap<>();
        CqlSession session = CqlSession.builder()
                .addContactPoints(points)
                .withLocalDatacenter(ClusterLayout.DEFAULT_DATACENTER)
                .withNodeStateListener(new NodeStateListenerBase() {
                    @Override
                    public void onUp(Node node) {
                        upNanos.put(ProbeSessions.traceAddress(node), System.nanoTime());
                    }
                })
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, REQUEST_TIMEOUT)
                        .withString(DefaultDriverOption.RECONNECTION_POLICY_CLASS, "ConstantReconnectionPolicy")
                        .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, RECONNECTION_DELAY)
                        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                        .withString(DefaultDriverOption.SESSION_NAME, "pbs-recovery")
                        .build())
                .build();
        return new RecoverySession(session, upNanos);
    }

    public CqlSession session() {
        return session;
    }

    /** The driver's node at {@code address}. */
    public Node node(String address) {
        return session.getMetadata().getNodes().values().stream()
                .filter(node -> ProbeSessions.traceAddress(node).equals(address))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the driver does not know a node at " + address));
    }

    /**
     * When the driver saw the node at {@code address} come up after the outage {@code times}, in ms
     * after its return (negative: before it); NaN if it has not reported it since the stop.
     */
    public double sawUpMillis(String address, OutageTimes times) {
        Long nanos = upNanos.get(address);
        if (nanos == null || nanos < times.stopped().monotonicNanos()) {
            return Double.NaN;
        }
        return (nanos - times.serving().monotonicNanos()) / 1e6;
    }

    @Override
    public void close() {
        session.close();
    }
}
