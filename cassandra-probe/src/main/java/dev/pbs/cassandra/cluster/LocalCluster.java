package dev.pbs.cassandra.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * A cluster of real Apache Cassandra nodes on this machine, one JVM per node on 127.0.0.1,
 * 127.0.0.2, ..., all with the same ports, with its state in a folder of its own.
 *
 * <p>Nodes are started one at a time, the seed (node 1) first, each awaited until it serves CQL;
 * they are stopped by the process ids recorded when they were started, after checking that each
 * id still belongs to that node's JVM (never by name). Starting again restarts only the nodes that
 * are down, which is also how a node killed in a test comes back.
 *
 * <p>A cluster is open (plain-text CQL, no authentication) or secure ({@link ClusterSecurity}:
 * PasswordAuthenticator and TLS required on the CQL port, its stores and passwords made by the first
 * start in {@code DIR/secure} and reused afterwards, see {@link SecureSetup}); which one is recorded
 * in its folder and never changes.
 */
public final class LocalCluster {

    /** The cluster name written into every node's configuration. */
    public static final String CLUSTER_NAME = "pbs-local";
    /** Heap of each node; three of them fit easily on a 24 GiB machine. */
    public static final String DEFAULT_HEAP = "512m";
    /** Most nodes a local cluster may have (addresses 127.0.0.1 to 127.0.0.9). */
    public static final int MAX_NODES = 9;

    /** Which process listens on a node's address, from /proc. */
    private static final PortListener LISTENER = PortListener.system();

    private final ClusterDirectory directory;
    private final NodeProcesses processes;
    private final String heap;
    private final String injectedDelays;
    private final int requestedFirstAddress;
    private final Optional<ClusterSecurity> requestedSecurity;
    private final boolean dynamicSnitch;

    private LocalCluster(
            Path root,
            String heap,
            String injectedDelays,
            int requestedFirstAddress,
            Optional<ClusterSecurity> requestedSecurity,
            boolean dynamicSnitch) {
        this.directory = new ClusterDirectory(root);
        this.processes = new NodeProcesses(directory);
        this.heap = heap;
        this.injectedDelays = injectedDelays;
        this.requestedFirstAddress = requestedFirstAddress;
        this.requestedSecurity = requestedSecurity;
        this.dynamicSnitch = dynamicSnitch;
    }

    /** The cluster kept in {@code root} (it need not exist yet). */
    public static LocalCluster in(Path root) {
        return new LocalCluster(root, DEFAULT_HEAP, "", 1, Optional.empty(), true);
    }

    /**
     * The same cluster with nodes that start without Cassandra's dynamic snitch ({@code
     * dynamic_snitch: false}): a coordinator then orders a key's replicas as SimpleSnitch leaves them,
     * in ring order from the key's primary replica, instead of by the latencies it measured. Only
     * the nodes this instance starts (or restarts) get it: the configuration is written at every
     * start, and a start through another instance writes the default (on) again.
     */
    public LocalCluster withoutDynamicSnitch() {
        return new LocalCluster(
                directory.root(), heap, injectedDelays, requestedFirstAddress, requestedSecurity, false);
    }

    /**
     * The same cluster with the given security. A first start records it; a later start that asks
     * for another is refused, so that a cluster never changes between open and secure. Without
     * this, a start keeps what is recorded (open for a new folder).
     */
    public LocalCluster withSecurity(ClusterSecurity security) {
        return new LocalCluster(
                directory.root(), heap, injectedDelays, requestedFirstAddress, Optional.of(security), dynamicSnitch);
    }

    /** The recorded security, else the requested one, else open. */
    public ClusterSecurity security() {
        Optional<ClusterSecurity> recorded = recordedSecurity();
        return recorded.or(() -> requestedSecurity).orElse(ClusterSecurity.OPEN);
    }

    private Optional<ClusterSecurity> recordedSecurity() {
        return directory.state().map(state -> ClusterSecurity.fromRecorded(state.getProperty("security", "open")));
    }

    /** The stores and passwords of a secure cluster, in {@code DIR/secure}. */
    public SecureFiles secureFiles() {
        return new SecureFiles(directory.root().resolve("secure"));
    }

    /**
     * The same cluster with nodes that delay inbound messages (a test facility; see the
     * cassandra-node module's {@code InboundDelays} for the format) from their start on; without it
     * a start leaves the delays as they are (none for a new folder), and
     * {@link #changeInjectedDelays} sets them on running nodes.
     */
    public LocalCluster withInjectedDelays(String specification) {
        return new LocalCluster(
                directory.root(),
                heap,
                specification == null ? "" : specification,
                requestedFirstAddress,
                requestedSecurity,
                dynamicSnitch);
    }

    /**
     * Changes the delays that the running nodes inject, from now on: every node follows the file
     * {@code injection} in the cluster's folder (empty: no delays, the state a start leaves unless
     * asked for delays) and picks a change up within a fraction of a second.
     */
    public void changeInjectedDelays(String specification) {
        ClusterDirectory.writeAtomically(injectionFile(), specification == null ? "" : specification);
    }

    Path injectionFile() {
        return directory.root().resolve("injection");
    }

    /**
     * The same cluster with node 1 on 127.0.0.{first} (node i on first + i - 1), so that it can run
     * beside another local cluster. Only a first start uses it; afterwards the recorded one holds.
     */
    public LocalCluster withFirstAddress(int first) {
        if (first < 1 || first > 250) {
            throw new IllegalArgumentException("--first-address must be between 1 and 250, was " + first);
        }
        return new LocalCluster(directory.root(), heap, injectedDelays, first, requestedSecurity, dynamicSnitch);
    }

    /** The last octet of node 1's address: recorded by the first start, else the requested one. */
    public int firstAddress() {
        return directory
                .state()
                .map(state -> Integer.parseInt(state.getProperty("first.address", "1")))
                .orElse(requestedFirstAddress);
    }

    private String address(int index) {
        return NodeConfiguration.address(firstAddress(), index);
    }

    public Path root() {
        return directory.root();
    }

    /**
     * The layout recorded by the first start, if any (a folder made before layouts were recorded
     * holds one datacenter of its recorded size).
     */
    public Optional<ClusterLayout> recordedLayout() {
        return directory
                .state()
                .map(state -> ClusterLayout.fromRecorded(state.getProperty("layout", state.getProperty("nodes", "1"))));
    }

    /** The size recorded by the last start, if any. */
    public Optional<Integer> recordedSize() {
        return directory.state().map(state -> Integer.parseInt(state.getProperty("nodes", "0")));
    }

    /**
     * Starts every node of a {@code size}-node cluster that is not running, and waits until all of
     * them serve CQL.
     *
     * @param progress receives one line per step, for the user
     * @throws IllegalArgumentException if {@code size} is out of range or differs from the size of
     *     the cluster already in this folder
     * @throws IllegalStateException if a node does not come up in time (its log is named)
     */
    public List<NodeStatus> start(int size, Consumer<String> progress) {
        return start(ClusterLayout.single(size), progress);
    }

    /**
     * Starts every node of a cluster with this layout that is not running, and waits until all of
     * them serve CQL.
     *
     * @param progress receives one line per step, for the user
     * @throws IllegalArgumentException if the layout differs from the one of the cluster already in
     *     this folder
     * @throws IllegalStateException if a node does not come up in time (its log is named)
     */
    public List<NodeStatus> start(ClusterLayout layout, Consumer<String> progress) {
        int size = layout.size();
        Optional<ClusterLayout> recorded = recordedLayout();
        if (recorded.isPresent() && !recorded.get().equals(layout)) {
            throw new IllegalArgumentException("the cluster in " + root() + " was made with "
                    + options(recorded.get()) + ", not " + options(layout) + "; stop it and choose another --dir, "
                    + "or start it with " + options(recorded.get()));
        }
        if (firstAddress() + size - 1 > 254) {
            throw new IllegalArgumentException("nodes from 127.0.0." + firstAddress() + " on would pass 127.0.0.254");
        }
        Optional<ClusterSecurity> recordedSecurity = recordedSecurity();
        if (recordedSecurity.isPresent()
                && requestedSecurity.isPresent()
                && recordedSecurity.get() != requestedSecurity.get()) {
            ClusterSecurity recordedOne = recordedSecurity.get();
            throw new IllegalArgumentException("the cluster in " + root() + " was made with "
                    + recordedOne.options() + ", and a cluster keeps the security it was made with: start it with "
                    + recordedOne.options() + (recordedOne.secure() ? " or with no security option" : "")
                    + ", or choose another --dir");
        }
        for (int index = 1; index <= size; index++) {
            if (livePid(index).isEmpty()) {
                // Another cluster's node (or any other server) on this address would answer for this one.
                Optional<AddressHolder> holder = AddressHolder.of(address(index), LISTENER);
                if (holder.isPresent()) {
                    throw new IllegalArgumentException(holder.get().refusal(root()));
                }
            }
        }
        ClusterSecurity security = security();
        if (recordedSecurity.isPresent() && requestedSecurity.isEmpty() && security.secure()) {
            progress.accept("the cluster in " + root() + " is secure (" + security.options()
                    + "): TLS and passwords, as it was made");
        }
        NodeClasspath classpath =
                NodeClasspath.recorded().withLauncherCopiedTo(directory.root().resolve("lib"));
        if (security.secure()) {
            List<String> addresses = new ArrayList<>();
            for (int index = 1; index <= size; index++) {
                addresses.add(address(index));
            }
            SecureSetup.ensureStores(secureFiles(), addresses, progress);
        }
        directory.writeState(CLUSTER_NAME, layout, classpath.cassandraVersion(), firstAddress(), security);
        NodeProcess.writeLogbackConfiguration(directory);
        OptionalLong[] running = new OptionalLong[size + 1];
        boolean anyRunning = false;
        for (int index = 1; index <= size; index++) {
            running[index] = livePid(index);
            anyRunning |= running[index].isPresent();
        }
        // A node restarted beside running ones follows the delays they follow; a whole new start
        // begins with the requested ones (none unless asked), never with an old run's.
        if (!anyRunning || !injectedDelays.isBlank()) {
            changeInjectedDelays(injectedDelays);
        }
        for (int index : layout.startOrder()) {
            if (running[index].isPresent()) {
                progress.accept("node " + index + " (" + address(index) + ") is already running, pid "
                        + running[index].getAsLong());
                continue;
            }
            startNode(index, layout, classpath, progress);
        }
        if (security.secure()) {
            SecureSetup.ensureProbeRole(
                    secureFiles(),
                    security,
                    new InetSocketAddress(address(1), NodeConfiguration.NATIVE_PORT),
                    size,
                    progress);
        }
        return status();
    }

    /** The command-line options that make this layout. */
    private static String options(ClusterLayout layout) {
        return layout.named() ? "--datacenters " + layout.recorded() : "--nodes " + layout.size();
    }

    private void startNode(int index, ClusterLayout layout, NodeClasspath classpath, Consumer<String> progress) {
        new NodeLauncher(directory, firstAddress(), heap, injectionFile(), security(), secureFiles(), dynamicSnitch)
                .start(index, layout, classpath, progress);
    }

    /** Starts one node again (after {@link #kill}); waits until it serves CQL. */
    public void restart(int index, Consumer<String> progress) {
        ClusterLayout layout = recordedLayout().orElseThrow(() -> new IllegalStateException("no cluster in " + root()));
        if (livePid(index).isPresent()) {
            return;
        }
        startNode(
                index,
                layout,
                NodeClasspath.recorded().withLauncherCopiedTo(directory.root().resolve("lib")),
                progress);
    }

    /** Every node's state now. */
    public List<NodeStatus> status() {
        int size = recordedSize().orElse(0);
        ClusterLayout layout = recordedLayout().orElse(null);
        List<NodeStatus> nodes = new ArrayList<>();
        for (int index = 1; index <= size; index++) {
            OptionalLong pid = livePid(index);
            nodes.add(new NodeStatus(
                    index, address(index), layout.datacenterOf(index), pid, pid.isPresent() && serves(index, pid)));
        }
        return nodes;
    }

    /** Contact points of the nodes that serve CQL. */
    public List<InetSocketAddress> contactPoints() {
        List<InetSocketAddress> points = new ArrayList<>();
        for (NodeStatus node : status()) {
            if (node.nativePortOpen()) {
                points.add(new InetSocketAddress(node.address(), NodeConfiguration.NATIVE_PORT));
            }
        }
        return points;
    }

    /** SIGKILL of one node, to simulate a crash. */
    public void kill(int index) {
        processes.kill(index);
    }

    /**
     * Stops every running node: SIGTERM, then SIGKILL for any still alive after a minute.
     *
     * @return how many nodes were stopped
     */
    public int stop(Consumer<String> progress) {
        return processes.stopAll(recordedSize().orElse(0), progress);
    }

    /**
     * The recorded process id of node {@code index} if that process is alive and is that node's
     * JVM (its command line names this node's configuration file), so a reused id is never touched.
     */
    OptionalLong livePid(int index) {
        return processes.livePid(index);
    }

    /**
     * Whether node {@code index}, running as {@code pid}, is the one that serves CQL on its address:
     * the port accepts connections and, where {@code /proc} names the listener, it is that process.
     */
    private boolean serves(int index, OptionalLong pid) {
        return NodeLauncher.serves(address(index), pid.getAsLong(), LISTENER);
    }

    /** The last lines of node {@code index}'s system log, for error messages. */
    public String logTail(int index, int lines) {
        Path log = directory.node(index).resolve("logs").resolve("system.log");
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException unreadable) {
            return "(no log at " + log + ")";
        }
    }
}
