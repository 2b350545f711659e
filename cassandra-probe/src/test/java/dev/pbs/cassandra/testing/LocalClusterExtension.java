package dev.pbs.cassandra.testing;

import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives integration tests a real local 3-node Cassandra cluster ({@link LocalCluster}) on
 * 127.0.0.1-3. Tests receive the cluster as a {@link LocalCluster} parameter.
 *
 * <p>Which cluster, in this order:
 *
 * <ul>
 *   <li>With the environment variable {@code PBS_CASSANDRA_DIR} naming the folder of a running
 *       cluster (as {@code .ci/run} starts one with {@code pbs cassandra start}), that cluster,
 *       left running.
 *   <li>Under Maven (the system property {@code pbs.build.root}, which the root pom gives the
 *       integration tests, and a Maven process among this JVM's ancestors): one cluster for the
 *       whole build, in {@code target/it-cluster} of the build's root. The first module that needs
 *       it starts it; the next ones reuse it; a watchdog ({@link BuildClusterWatchdog}) stops it
 *       when that Maven process ends, however it ends.
 *   <li>Otherwise (a test run from an IDE): a cluster of this test run in the module's {@code
 *       target/it-cluster}, stopped when the run ends, even when tests fail (JUnit closes it with
 *       the root context; a JVM shutdown hook is the second line).
 * </ul>
 *
 * <p>A reused cluster first gets back any node an earlier test left down.
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
                .getOrComputeIfAbsent("cluster", key -> RunningCluster.choose(), RunningCluster.class)
                .cluster;
    }

    private static final class RunningCluster implements ExtensionContext.Store.CloseableResource {
        final LocalCluster cluster;
        final Thread shutdownHook;

        private RunningCluster(LocalCluster cluster, Thread shutdownHook) {
            this.cluster = cluster;
            this.shutdownHook = shutdownHook;
        }

        static RunningCluster choose() {
            String given = System.getenv("PBS_CASSANDRA_DIR");
            if (given != null && !given.isBlank()) {
                return reused(LocalCluster.in(Path.of(given)));
            }
            String buildRoot = System.getProperty("pbs.build.root");
            Optional<ProcessHandle> build = BuildClusterWatchdog.mavenProcess();
            if (buildRoot != null && !buildRoot.isBlank() && build.isPresent()) {
                return ofBuild(Path.of(buildRoot, "target", "it-cluster"), build.get());
            }
            return ofThisRun(Path.of("target", "it-cluster"));
        }

        /** A running cluster that someone else stops: any node left down is started again. */
        private static RunningCluster reused(LocalCluster cluster) {
            cluster.start(NODES, RunningCluster::print);
            return new RunningCluster(cluster, null);
        }

        /**
         * The build's cluster: reused if this build started it; otherwise started, with a watchdog
         * that stops it when {@code build} ends. A cluster a finished build left there (its
         * watchdog still stopping it) is stopped first.
         */
        private static RunningCluster ofBuild(Path folder, ProcessHandle build) {
            Path directory = createDirectories(folder);
            LocalCluster cluster = LocalCluster.in(directory);
            OptionalLong owner = BuildClusterWatchdog.owner(directory);
            if (owner.isPresent() && owner.getAsLong() == build.pid()) {
                return reused(cluster);
            }
            if (owner.isPresent()
                    && ProcessHandle.of(owner.getAsLong())
                            .map(ProcessHandle::isAlive)
                            .orElse(false)) {
                throw new IllegalStateException("another Maven build (process " + owner.getAsLong()
                        + ") runs its test cluster in " + directory + ": wait for it to end");
            }
            cluster.stop(RunningCluster::print);
            requireFreeAddress();
            BuildClusterWatchdog.watch(directory, build);
            startOrStop(cluster);
            return new RunningCluster(cluster, null);
        }

        /** A cluster of this test run alone, stopped when it ends. */
        private static RunningCluster ofThisRun(Path folder) {
            LocalCluster cluster = LocalCluster.in(createDirectories(folder));
            if (!cluster.contactPoints().isEmpty()) {
                throw new IllegalStateException("a Cassandra node of an earlier run still listens in " + folder
                        + ": stop it (pbs cassandra stop --dir " + folder + ")");
            }
            requireFreeAddress();
            Thread shutdownHook = new Thread(() -> cluster.stop(line -> {}), "stop-test-cluster");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
            startOrStop(cluster);
            return new RunningCluster(cluster, shutdownHook);
        }

        private static void startOrStop(LocalCluster cluster) {
            try {
                cluster.start(NODES, RunningCluster::print);
            } catch (RuntimeException failed) {
                cluster.stop(line -> {});
                throw failed;
            }
        }

        private static void requireFreeAddress() {
            if (portOpen("127.0.0.1", 9042)) {
                throw new IllegalStateException(
                        "a Cassandra node already listens on 127.0.0.1:9042: set PBS_CASSANDRA_DIR to "
                                + "the folder of that cluster (pbs cassandra start --dir DIR) to reuse it, or stop it");
            }
        }

        private static Path createDirectories(Path folder) {
            try {
                return Files.createDirectories(folder).toAbsolutePath();
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
        }

        private static void print(String line) {
            System.out.println("[cluster] " + line);
        }

        @Override
        public void close() {
            if (shutdownHook != null) {
                cluster.stop(RunningCluster::print);
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
