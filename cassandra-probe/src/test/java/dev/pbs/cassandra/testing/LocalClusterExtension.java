package dev.pbs.cassandra.testing;

import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives integration tests a real local 3-node Cassandra cluster ({@link LocalCluster}), started once
 * per test run and stopped when the run ends, even when tests fail (JUnit closes it with the root
 * context; a JVM shutdown hook is the second line).
 *
 * <p>With the environment variable {@code PBS_CASSANDRA_DIR} naming the folder of a running
 * cluster (as {@code .ci/run} starts one with {@code pbs cassandra start}), that cluster is reused
 * and left running. Tests receive the cluster as a {@link LocalCluster} parameter.
 */
public final class LocalClusterExtension implements ParameterResolver {

    /** Nodes of the test cluster. */
    public static final int NODES = 3;

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(LocalClusterExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == LocalCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .getOrComputeIfAbsent("cluster", key -> new RunningCluster(), RunningCluster.class)
                .cluster;
    }

    private static final class RunningCluster implements ExtensionContext.Store.CloseableResource {
        final LocalCluster cluster;
        final boolean owned;
        final Thread shutdownHook;

        RunningCluster() {
            String given = System.getenv("PBS_CASSANDRA_DIR");
            if (given != null && !given.isBlank()) {
                cluster = LocalCluster.in(Path.of(given));
                owned = false;
                shutdownHook = null;
                // Bring back any node an earlier test left down.
                cluster.start(NODES, line -> System.out.println("[cluster] " + line));
                return;
            }
            if (!LocalCluster.in(Path.of("target", "it-cluster"))
                            .contactPoints()
                            .isEmpty()
                    || portOpen("127.0.0.1", 9042)) {
                throw new IllegalStateException(
                        "a Cassandra node already listens on 127.0.0.1:9042: set PBS_CASSANDRA_DIR to "
                                + "the folder of that cluster (pbs cassandra start --dir DIR) to reuse it, or stop it");
            }
            Path directory;
            try {
                directory =
                        Files.createDirectories(Path.of("target", "it-cluster")).toAbsolutePath();
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
            cluster = LocalCluster.in(directory);
            owned = true;
            shutdownHook = new Thread(() -> cluster.stop(line -> {}), "stop-test-cluster");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
            try {
                cluster.start(NODES, line -> System.out.println("[cluster] " + line));
            } catch (RuntimeException failed) {
                cluster.stop(line -> {});
                throw failed;
            }
        }

        @Override
        public void close() {
            if (owned) {
                cluster.stop(line -> System.out.println("[cluster] " + line));
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            }
        }
    }

    private static boolean portOpen(String host, int port) {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new InetSocketAddress(host, port), 500);
            return true;
        } catch (IOException closed) {
            return false;
        }
    }

    /** Waits until every node of the cluster serves CQL (after a restart), at most {@code seconds}. */
    public static void awaitAllUp(LocalCluster cluster, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (cluster.status().stream().allMatch(NodeStatus::nativePortOpen)) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the cluster's nodes were not all up within " + seconds + " s: " + cluster.status());
    }
}
