package dev.pbs.cli;

import dev.pbs.cassandra.cluster.ClusterLayout;
import dev.pbs.cassandra.cluster.ClusterSecurity;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import dev.pbs.cassandra.cluster.SecureFiles;
import dev.pbs.cassandra.probe.ProbeSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code pbs cassandra start|status|stop|pause|outage}: a real local Apache Cassandra cluster, one JVM
 * per node, and the faults injected into its nodes.
 */
@Command(
        name = "cassandra",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        subcommands = {
            CassandraCommand.Start.class,
            CassandraCommand.Status.class,
            CassandraCommand.Stop.class,
            CassandraPauseCommand.class,
            CassandraOutageCommand.class
        },
        description = {
            "Runs a local Apache Cassandra 5.0 cluster for probing: node i listens on 127.0.0.i "
                    + "(CQL port 9042), each node a JVM of its own with a 512 MB heap. Pauses one node on a "
                    + "schedule (SIGSTOP, SIGCONT) or stops it for a while (SIGKILL, then a new start).",
            ""
        },
        footer = {
            "",
            "Example: pbs cassandra start --nodes 3, then pbs probe --contact-point 127.0.0.1:9042 "
                    + "--duration 30s --out p.json, then pbs cassandra stop. Two datacenters: pbs cassandra start "
                    + "--datacenters dc1:3,dc2:3 --dir DIR. With --secure, start prints the probe "
                    + "command that reaches the cluster.",
            "Faults: pbs cassandra pause --node 2 --every 2s --for 200ms --duration 60s; "
                    + "pbs cassandra outage --node 2 --for 20s."
        })
final class CassandraCommand implements Callable<Integer> {

    static final String DEFAULT_DIRECTORY = "pbs-cassandra";

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(), "a subcommand is needed: start, status, stop, pause or outage");
    }

    /** Progress lines as they happen: each printed and flushed at once. */
    static java.util.function.Consumer<String> printer(PrintWriter out) {
        return line -> {
            out.println(line);
            out.flush();
        };
    }

    /**
     * A duration option as {@code pbs probe --duration} takes it ({@code 200ms}, {@code 30s},
     * {@code 5m}, {@code 1h}).
     *
     * @throws IllegalArgumentException naming the option when the text is not one
     */
    static Duration duration(String option, String text) {
        try {
            return ProbeSettings.duration(text);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(option + ": " + bad.getMessage(), bad);
        }
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
                names = "--datacenters",
                paramLabel = "NAME:NODES,...",
                description = "Named datacenters instead of --nodes, e.g. dc1:3,dc2:3 (at most "
                        + LocalCluster.MAX_NODES + " nodes in all): GossipingPropertyFileSnitch, one rack per node, "
                        + "nodes numbered datacenter by datacenter, the first of each a seed.")
        private String datacenters;

        @Option(
                names = "--first-address",
                paramLabel = "K",
                defaultValue = "1",
                description = "Node 1 listens on 127.0.0.K, node i on 127.0.0.(K+i-1), to run beside another local "
                        + "cluster; used by the first start of a folder (default: ${DEFAULT-VALUE}).")
        private int firstAddress;

        @Option(
                names = "--secure",
                description = "Require passwords (PasswordAuthenticator) and TLS on the CQL port: a self-signed "
                        + "certificate, the clients' trust store and the passwords are made in DIR/secure, and a "
                        + "role pbs for the probe. Recorded: a cluster stays open or secure for good.")
        private boolean secure;

        @Option(
                names = "--mutual-tls",
                description = "With --secure: the nodes also require a client certificate (DIR/secure/client.p12).")
        private boolean mutualTls;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            if (mutualTls && !secure) {
                throw new ParameterException(spec.commandLine(), "--mutual-tls needs --secure");
            }
            if (datacenters != null && spec.commandLine().getParseResult().hasMatchedOption("--nodes")) {
                throw new ParameterException(
                        spec.commandLine(), "give either --nodes or --datacenters (which sets the nodes), not both");
            }
            ClusterLayout layout;
            try {
                layout = datacenters == null ? ClusterLayout.single(nodes) : ClusterLayout.parse(datacenters);
            } catch (IllegalArgumentException bad) {
                throw new ParameterException(spec.commandLine(), bad.getMessage());
            }
            LocalCluster cluster = LocalCluster.in(directory.directory).withFirstAddress(firstAddress);
            if (secure) {
                cluster = cluster.withSecurity(mutualTls ? ClusterSecurity.MUTUAL_TLS : ClusterSecurity.TLS);
            }
            List<NodeStatus> status = cluster.start(layout, printer(out));
            out.println("cluster " + LocalCluster.CLUSTER_NAME + " is up in " + cluster.root() + " ("
                    + layout.describe() + ")");
            out.println("contact points: "
                    + String.join(
                            " ", status.stream().map(NodeStatus::contactPoint).toList()));
            if (cluster.security().secure()) {
                out.println("secure: CQL over TLS only"
                        + (cluster.security() == ClusterSecurity.MUTUAL_TLS ? " with client certificates" : "")
                        + ", PasswordAuthenticator (superuser cassandra, password cassandra; role "
                        + SecureFiles.PROBE_ROLE + " for the probe)");
                out.println("probe it with: " + probeCommand(cluster, status));
                if (status.size() == 1) {
                    out.println("(one node sends no messages between replicas, so a probe of it connects and runs but "
                            + "measures no delays: start two nodes or more for a profile)");
                }
            }
            return PbsCommandLine.EXIT_SUCCESS;
        }

        /** The probe's command line for this secure cluster: every secret from a file in DIR/secure. */
        static String probeCommand(LocalCluster cluster, List<NodeStatus> status) {
            SecureFiles files = cluster.secureFiles();
            StringBuilder command = new StringBuilder("pbs probe");
            command.append(" --contact-point ").append(status.get(0).contactPoint());
            command.append(" --username ").append(SecureFiles.PROBE_ROLE);
            command.append(" --password-file ").append(files.rolePassword());
            command.append(" --truststore ").append(files.trustStore());
            command.append(" --truststore-password-file ").append(files.trustStorePassword());
            if (cluster.security() == ClusterSecurity.MUTUAL_TLS) {
                command.append(" --keystore ").append(files.clientKeyStore());
                command.append(" --keystore-password-file ").append(files.clientKeyStorePassword());
            }
            if (status.size() < 3) {
                command.append(" --rf ").append(status.size());
            }
            command.append(" --duration 30s --out p.json");
            return command.toString();
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
            out.printf("%-5s %-15s %-12s %-9s %s%n", "node", "contact point", "datacenter", "pid", "state");
            boolean allUp = true;
            for (NodeStatus node : nodes) {
                out.printf(
                        "%-5d %-15s %-12s %-9s %s%n",
                        node.index(),
                        node.contactPoint(),
                        node.datacenter(),
                        node.pid().isPresent() ? Long.toString(node.pid().getAsLong()) : "-",
                        node.state());
                allUp &= node.nativePortOpen();
            }
            if (cluster.security().secure()) {
                out.println("secure (" + cluster.security().options() + "): TLS on the CQL port and passwords; "
                        + "stores and passwords in " + cluster.secureFiles().folder());
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
