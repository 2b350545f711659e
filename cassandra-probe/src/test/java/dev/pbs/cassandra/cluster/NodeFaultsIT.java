package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import dev.pbs.cassandra.testing.LocalClusterExtension;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The faults against the integration tests' real 3-node cluster: a one-second pause of node 3 holds a
 * query that node coordinates until its end, and an outage of a few seconds takes node 3 down and
 * brings it back serving CQL. Neither can leave node 3 stopped or down: the faults resume and restart
 * it themselves, and each test waits for its fault to end.
 */
@ExtendWith(LocalClusterExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NodeFaultsIT {

    private static final int NODE = 3;
    private static final Duration PAUSE = Duration.ofSeconds(1);
    private static final Duration OUTAGE = Duration.ofSeconds(3);
    /** A query of the coordinator's own table that ends well within a second on a running node. */
    private static final SimpleStatement LOCAL_QUERY =
            SimpleStatement.newInstance("SELECT release_version FROM system.local");

    @Test
    @Order(1)
    void pause_oneSecond_holdsAQueryThroughThePausedNodeUntilItsEnd(LocalCluster cluster) throws Exception {
        long pid = cluster.livePid(NODE).orElseThrow();
        String address = FaultedNode.running(cluster, NODE).address();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try (CqlSession session = session("127.0.0.1")) {
            Node coordinator = node(session, address);
            for (int warmUp = 0; warmUp < 20; warmUp++) {
                queryMillis(session, coordinator);
            }
            double beforeMillis = medianMillis(session, coordinator);

            PauseRun run = PauseRun.onNode(cluster, NODE);
            Future<List<NodePause>> pausing = thread.submit(() -> run.run(
                    new PauseSchedule(Duration.ofSeconds(5), PAUSE, PAUSE),
                    pause -> {},
                    line -> System.out.println("[pause] " + line)));
            awaitStopped(pid, pausing, 2_000);
            long sent = System.nanoTime();
            double pausedQueryMillis = queryMillis(session, coordinator);
            long answered = System.nanoTime();
            List<NodePause> pauses = pausing.get(10, TimeUnit.SECONDS);
            assertThat(processStopped(pid))
                    .as("node 3's JVM stopped after the pause")
                    .isFalse();
            double afterMillis = medianMillis(session, coordinator);

            System.out.printf(
                    "pause: %s, stopped %.1f to %.1f ms; query through node 3 before %.2f ms, during the pause "
                            + "%.1f ms, after %.2f ms%n",
                    pauses.stream().map(pause -> pause.stop().after().instant()).toList(),
                    pauses.stream().mapToLong(NodePause::surelyStoppedMicros).sum() / 1e3,
                    pauses.stream().mapToLong(NodePause::atMostStoppedMicros).sum() / 1e3,
                    beforeMillis,
                    pausedQueryMillis,
                    afterMillis);
            assertThat(pauses).hasSize(1);
            NodePause pause = pauses.get(0);
            assertThat(pause.surelyStoppedMicros()).isBetween(900_000L, 1_500_000L);
            assertThat(pause.atMostStoppedMicros()).isBetween(1_000_000L, 1_600_000L);
            // Sent while the node was stopped (seen stopped, so after SIGSTOP's launch; the signal can
            // take effect before its command returns), answered only once SIGCONT had been launched.
            assertThat(sent)
                    .isBetween(
                            pause.stop().before().monotonicNanos(),
                            pause.resume().before().monotonicNanos());
            assertThat(answered).isGreaterThanOrEqualTo(pause.resume().before().monotonicNanos());
            assertThat(pausedQueryMillis).isGreaterThan(700);
            assertThat(pausedQueryMillis).isGreaterThan(5 * beforeMillis);
            // Fast again once resumed.
            assertThat(afterMillis).isLessThan(100).isLessThan(pausedQueryMillis / 5);
        } finally {
            // Interrupting the run resumes the node; the run ends at once.
            thread.shutdownNow();
            thread.awaitTermination(10, TimeUnit.SECONDS);
        }
        assertThat(processStopped(pid)).isFalse();
    }

    @Test
    @Order(2)
    void outage_threeSeconds_takesTheNodeDownThenItServesCqlAgain(LocalCluster cluster) throws Exception {
        long oldPid = cluster.livePid(NODE).orElseThrow();
        NodeOutage outage = new NodeOutage(cluster, NODE, OUTAGE);
        ExecutorService thread = Executors.newSingleThreadExecutor();
        Future<OutageTimes> running = thread.submit(() -> outage.run(line -> System.out.println("[outage] " + line)));
        OutageTimes times;
        try {
            assertThat(awaitState(cluster, "down", 5_000))
                    .as("node 3 down during the outage")
                    .isTrue();
            assertThat(ProcessHandle.of(oldPid).map(ProcessHandle::isAlive).orElse(false))
                    .isFalse();
            times = running.get(150, TimeUnit.SECONDS);
        } finally {
            // The outage starts the node again itself, even when interrupted; wait for it to end.
            thread.shutdownNow();
            thread.awaitTermination(150, TimeUnit.SECONDS);
            cluster.restart(NODE, line -> System.out.println("[cluster] " + line));
        }
        System.out.printf(
                "outage: down %.2f s, starting %.2f s, unavailable %.2f s%n",
                times.downMicros() / 1e6, times.startingMicros() / 1e6, times.unavailableMicros() / 1e6);
        assertThat(times.node()).isEqualTo(NODE);
        assertThat(times.downMicros()).isBetween(OUTAGE.toNanos() / 1_000, OUTAGE.toNanos() / 1_000 + 500_000);
        assertThat(times.startingMicros()).isPositive();
        assertThat(times.stopped().epochMicros())
                .isLessThan(times.restarted().epochMicros())
                .isLessThan(times.serving().epochMicros());
        NodeStatus after = cluster.status().get(NODE - 1);
        assertThat(after.state()).isEqualTo("up");
        assertThat(after.pid()).isPresent().isNotEqualTo(java.util.OptionalLong.of(oldPid));
        // Node 3 answers CQL again, as the coordinator of a session that knows only it.
        try (CqlSession session = session(after.address())) {
            assertThat(queryMillis(session, node(session, after.address()))).isLessThan(5_000);
        }
        LocalClusterExtension.awaitAllUp(cluster, 60);
    }

    private static CqlSession session(String contactPoint) {
        return CqlSession.builder()
                .addContactPoint(new InetSocketAddress(contactPoint, NodeConfiguration.NATIVE_PORT))
                .withLocalDatacenter(ClusterLayout.DEFAULT_DATACENTER)
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10))
                        .build())
                .build();
    }

    private static Node node(CqlSession session, String address) {
        return session.getMetadata().getNodes().values().stream()
                .filter(node -> node.getEndPoint().resolve() instanceof InetSocketAddress socket
                        && socket.getAddress().getHostAddress().equals(address))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the driver does not know " + address));
    }

    /** One query coordinated by {@code coordinator}, in milliseconds from sending to answer. */
    private static double queryMillis(CqlSession session, Node coordinator) {
        long sent = System.nanoTime();
        assertThat(session.execute(LOCAL_QUERY.setNode(coordinator)).one()).isNotNull();
        return (System.nanoTime() - sent) / 1e6;
    }

    private static double medianMillis(CqlSession session, Node coordinator) {
        double[] millis = new double[11];
        for (int query = 0; query < millis.length; query++) {
            millis[query] = queryMillis(session, coordinator);
        }
        Arrays.sort(millis);
        return millis[millis.length / 2];
    }

    /** Whether the process is stopped by a signal: state {@code T} in {@code /proc/PID/stat}. */
    private static boolean processStopped(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
        // "PID (NAME) STATE ...": the name may hold spaces and parentheses, the state follows the last ')'.
        return stat.substring(stat.lastIndexOf(')') + 2).startsWith("T");
    }

    /** Waits until the node's JVM is stopped, failing with the pause's own failure if it ended first. */
    private static void awaitStopped(long pid, Future<?> pausing, long millis) throws Exception {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!processStopped(pid)) {
            if (pausing.isDone()) {
                throw new AssertionError("the pause ended before node 3's JVM was seen stopped: " + pausing.get());
            }
            assertThat(System.nanoTime())
                    .as("node 3's JVM stopped within " + millis + " ms")
                    .isLessThan(deadline);
            TimeUnit.MILLISECONDS.sleep(5);
        }
    }

    private static boolean awaitState(LocalCluster cluster, String state, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < deadline) {
            if (cluster.status().get(NODE - 1).state().equals(state)) {
                return true;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        return false;
    }
}
