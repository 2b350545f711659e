package dev.pbs.cli;

import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeOutage;
import dev.pbs.cassandra.cluster.OutageTimes;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pbs cassandra outage}: one local node down for a given time, then started again, in the foreground. */
@Command(
        name = "outage",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Stops one node as a crash would (SIGKILL to its JVM), starts it again --for after it stopped "
                + "(at most 1h) and waits until it serves CQL; prints when it stopped, when it was started and when "
                + "it served CQL again. Always starts the node again, on Ctrl-C too.")
final class CassandraOutageCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private CassandraCommand.DirectoryOption directory;

    @Option(
            names = "--node",
            paramLabel = "I",
            required = true,
            description = "The node to stop, 1 to the cluster's size.")
    private int node;

    @Option(
            names = "--for",
            paramLabel = "TIME",
            required = true,
            description = "From the stop to the new start (such as 20s); at most 1h.")
    private String length;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        NodeOutage outage =
                new NodeOutage(LocalCluster.in(directory.directory), node, CassandraCommand.duration("--for", length));
        OutageTimes times = outage.run(CassandraCommand.printer(out));
        out.printf(
                Locale.ROOT,
                "node %d stopped at %s, was started again at %s (%.1f s later) and served CQL again at %s "
                        + "(%.1f s after its start, %.1f s after its stop)%n",
                times.node(),
                times.stopped().instant(),
                times.restarted().instant(),
                times.downMicros() / 1e6,
                times.serving().instant(),
                times.startingMicros() / 1e6,
                times.unavailableMicros() / 1e6);
        return PbsCommandLine.EXIT_SUCCESS;
    }
}
