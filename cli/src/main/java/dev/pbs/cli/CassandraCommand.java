package dev.pbs.cli;

import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code pbs cassandra start|status|stop}: a real local Apache Cassandra cluster, one JVM per node. */
@Command(
        name = "cassandra",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        subcommands = {CassandraCommand.Start.class, CassandraCommand.Status.class, CassandraCommand.Stop.class},
        description = {
            "Runs a local Apache Cassandra 5.0 cluster for probing: node i listens on 127.0.0.i "
                    + "(CQL port 9042), each node a JVM of its own with a 512 MB heap.",
            ""
        },
        footer = {
            "",
            "Example: pbs cassandra start --nodes 3, then pbs probe --contact-point 127.0.0.1:9042 "
                    + "--duration 30s --out p.json, then pbs cassandra stop."
        })
final class CassandraCommand implements Callable<Integer> {

    static final String DEFAULT_DIRECTORY = "pbs-cassandra";

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "a subcommand is needed: start, status or stop");
    }

    /** Progress lines as they happen: each printed and flushed at once. */
    static java.util.function.Consumer<String> printer(PrintWriter out) {
        return line -> {
            out.println(line);
            out.flush();
        };
    }

    static final class DirectoryOption {
        @Option(
                names = "--dir",
                paramLabel = "DIR",
                defaultValue = DEFAULT_DIRECTORY,
                description =
                        "The cluster's folder: configuration, data, logs and process ids (default: ${DEFAULT-VALUE}).")
        Path directory;
    }

    @Command(
            name = "start",
            mixinStandardHelpOptions = true,
            description = "Starts the nodes that are not running and waits until every node serves CQL; "
                    + "prints the contact points. The first start fetches Cassandra's jars with Maven (about 66 MB).")
    static final class Start implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @picocli.CommandLine.Mixin
        private DirectoryOption directory;

        @Option(
                names = "--nodes",
                paramLabel = "N",
                defaultValue = "3",
                description = "Nodes, 1 to " + LocalCluster.MAX_NODES + " (default: ${DEFAULT-VALUE}).")
        private int nodes;

        @Option(
                names = "--first-address",
                paramLabel = "K",
                defaultValue = "1",
                description = "Node 1 listens on 127.0.0.K, node i on 127.0.0.(K+i-1), to run beside another local "
                        + "cluster; used by the first start of a folder (default: ${DEFAULT-VALUE}).")
        private int firstAddress;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            LocalCluster cluster = LocalCluster.in(directory.directory).withFirstAddress(firstAddress);
            List<NodeStatus> status = cluster.start(nodes, printer(out));
            out.println("cluster " + LocalCluster.CLUSTER_NAME + " is up in " + cluster.root()
                    + " (datacenter datacenter1)");
            out.println("contact points: "
                    + String.join(
                            " ", status.stream().map(NodeStatus::contactPoint).toList()));
            return PbsCommandLine.EXIT_SUCCESS;
        }
    }

    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description = "Prints each node's address, process id and state (up, starting or down). "
                    + "Exit status 0 when every node is up, 3 otherwise.")
    static final class Status implements Callable<Integer> {
        static final int EXIT_NOT_ALL_UP = 3;

        @Spec
        private CommandSpec spec;

        @picocli.CommandLine.Mixin
        private DirectoryOption directory;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            LocalCluster cluster = LocalCluster.in(directory.directory);
            List<NodeStatus> nodes = cluster.status();
            if (nodes.isEmpty()) {
                out.println("no cluster in " + cluster.root() + " (start one with: pbs cassandra start)");
                return EXIT_NOT_ALL_UP;
            }
            out.printf("%-5s %-15s %-9s %s%n", "node", "contact point", "pid", "state");
            boolean allUp = true;
            for (NodeStatus node : nodes) {
                out.printf(
                        "%-5d %-15s %-9s %s%n",
                        node.index(),
                        node.contactPoint(),
                        node.pid().isPresent() ? Long.toString(node.pid().getAsLong()) : "-",
                        node.state());
                allUp &= node.nativePortOpen();
            }
            return allUp ? PbsCommandLine.EXIT_SUCCESS : EXIT_NOT_ALL_UP;
        }
    }

    @Command(
            name = "stop",
            mixinStandardHelpOptions = true,
            description = "Stops every node by the process id recorded when it started (SIGTERM, then SIGKILL "
                    + "after a minute). Data stays in the folder.")
    static final class Stop implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @picocli.CommandLine.Mixin
        private DirectoryOption directory;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            LocalCluster cluster = LocalCluster.in(directory.directory);
            int stopped = cluster.stop(printer(out));
            out.println(stopped == 0 ? "no node was running in " + cluster.root() : "stopped " + stopped + " node(s)");
            return PbsCommandLine.EXIT_SUCCESS;
        }
    }
}
