package dev.pbs.cassandra.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * Starts one node of a local cluster: writes its configuration (and, in a secure cluster, keeps it
 * private), launches its JVM with its output appended to the node's log, records the process id,
 * and waits until it serves CQL. A node that gives up because no seed answered its gossip in time,
 * which a loaded machine causes now and then, is started again, up to three times in all.
 */
final class NodeLauncher {

    private static final Duration NODE_START_TIMEOUT = Duration.ofSeconds(120);
    /** Cassandra's words when a joining node heard from no seed within the ring delay. */
    private static final String SEED_UNREACHABLE = "Unable to contact any seeds";

    private static final int SEED_ATTEMPTS = 3;

    private final ClusterDirectory directory;
    private final int firstAddress;
    private final String heap;
    private final Path injectionFile;
    private final ClusterSecurity security;
    private final SecureFiles secureFiles;
    private final boolean dynamicSnitch;

    /**
     * @param firstAddress the last octet of node 1's address
     * @param heap each node's heap, as the JVM's {@code -Xmx} takes it
     * @param injectionFile the file of injected delays every node follows
     * @param dynamicSnitch whether the node runs Cassandra's dynamic snitch (its default)
     */
    NodeLauncher(
            ClusterDirectory directory,
            int firstAddress,
            String heap,
            Path injectionFile,
            ClusterSecurity security,
            SecureFiles secureFiles,
            boolean dynamicSnitch) {
        this.directory = directory;
        this.firstAddress = firstAddress;
        this.heap = heap;
        this.injectionFile = injectionFile;
        this.security = security;
        this.secureFiles = secureFiles;
        this.dynamicSnitch = dynamicSnitch;
    }

    /**
     * Starts node {@code index} of a cluster with this layout and waits until it serves CQL.
     *
     * @throws IllegalStateException if it exits or does not serve CQL in time (its log is named)
     */
    void start(int index, ClusterLayout layout, NodeClasspath classpath, Consumer<String> progress) {
        NodeProcess.prepareDirectories(directory, index);
        Path node = directory.node(index);
        if (layout.named()) {
            ClusterDirectory.writeAtomically(
                    node.resolve(NodeProcess.RACK_PROPERTIES), NodeConfiguration.rackProperties(layout, index));
        }
        List<String> secureLines = security.secure() ? SecureSetup.yaml(secureFiles, security) : List.of();
        String yaml = NodeConfiguration.yaml(
                LocalCluster.CLUSTER_NAME, firstAddress, index, layout, node.toString(), secureLines, dynamicSnitch);
        if (security.secure()) {
            // The configuration holds the key store's password: the node's folder is its owner's alone.
            SecureSetup.restrictToOwner(node);
            SecureSetup.writePrivate(node.resolve("cassandra.yaml"), yaml);
        } else {
            ClusterDirectory.writeAtomically(node.resolve("cassandra.yaml"), yaml);
        }
        List<String> command =
                NodeProcess.command(directory, firstAddress, index, classpath, heap, injectionFile, security.secure());
        for (int attempt = 1; ; attempt++) {
            try {
                launch(index, command, progress);
                return;
            } catch (SeedUnreachable unreachable) {
                if (attempt == SEED_ATTEMPTS) {
                    throw new IllegalStateException(unreachable.getMessage());
                }
                progress.accept("node " + index + " found no seed in time (a loaded machine); starting it again");
                Pause.sleep(2_000);
            }
        }
    }

    /**
     * Starts a node's process and waits until it serves CQL.
     *
     * @throws SeedUnreachable if it gave up because the seed did not answer its gossip in time
     */
    private void launch(int index, List<String> command, Consumer<String> progress) {
        Path node = directory.node(index);
        Path log = directory.logFile(index);
        long logStart = NodeOutput.size(log);
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot start node " + index, failed);
        }
        directory.writePid(index, process.pid());
        String address = NodeConfiguration.address(firstAddress, index);
        progress.accept("node " + index + " (" + address + ") starting, pid " + process.pid());
        long deadline = System.nanoTime() + NODE_START_TIMEOUT.toNanos();
        PortListener listener = PortListener.system();
        while (!serves(address, process.pid(), listener)) {
            if (!process.isAlive()) {
                directory.clearPid(index);
                String holder = AddressHolder.of(address, listener)
                        .map(other -> " (" + address + " is served by " + other.describe() + ")")
                        .orElse("");
                String message = "node " + index + " exited with status " + process.exitValue() + " while starting"
                        + holder + "; see " + log + " and " + node.resolve("logs/system.log");
                if (NodeOutput.since(log, logStart).contains(SEED_UNREACHABLE)) {
                    throw new SeedUnreachable(message);
                }
                throw new IllegalStateException(message);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("node " + index + " did not serve CQL within "
                        + NODE_START_TIMEOUT.toSeconds() + " s; see " + node.resolve("logs/system.log"));
            }
            Pause.sleep(250);
        }
        progress.accept("node " + index + " is up at " + address + ":" + NodeConfiguration.NATIVE_PORT);
    }

    /**
     * Whether process {@code pid} serves CQL at {@code address}: the port accepts connections and,
     * where {@code /proc} names the process listening on it, that process is {@code pid} (another
     * local cluster's node on the same address answers for nobody else).
     */
    static boolean serves(String address, long pid, PortListener listener) {
        if (!nativePortOpen(address)) {
            return false;
        }
        return listener.isListener(pid, address, NodeConfiguration.NATIVE_PORT).orElse(true);
    }

    /** Whether the node at {@code address} accepts connections on the CQL port, within half a second. */
    static boolean nativePortOpen(String address) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, NodeConfiguration.NATIVE_PORT), 500);
            return true;
        } catch (IOException closed) {
            return false;
        }
    }

    /** A node gave up starting because no seed answered its gossip within the ring delay. */
    private static final class SeedUnreachable extends RuntimeException {
        SeedUnreachable(String message) {
            super(message);
        }
    }
}
