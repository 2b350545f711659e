package dev.pbs.cli;

import dev.pbs.cassandra.cluster.DurationText;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodePause;
import dev.pbs.cassandra.cluster.PauseRun;
import dev.pbs.cassandra.cluster.PauseSchedule;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pbs cassandra pause}: stop-the-world pauses of one local node on a schedule, in the foreground. */
@Command(
        name = "pause",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Pauses one node as a long garbage collection would: SIGSTOP to its JVM, SIGCONT after --for, "
                + "again every --every, until --duration has passed (at most 1h); prints each pause as it ends. "
                + "Always leaves the node running, on Ctrl-C too.")
final class CassandraPauseCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private CassandraCommand.DirectoryOption directory;

    @Option(
            names = "--node",
            paramLabel = "I",
            required = true,
            description = "The node to pause, 1 to the cluster's size.")
    private int node;

    @Option(
            names = "--every",
            paramLabel = "TIME",
            required = true,
            description = "From the start of one pause to the start of the next (such as 2s); more than --for.")
    private String every;

    @Option(names = "--for", paramLabel = "TIME", required = true, description = "Each pause (such as 200ms).")
    private String length;

    @Option(
            names = "--duration",
            paramLabel = "TIME",
            required = true,
            description = "How long the pauses go on (such as 60s); at most 1h. The first pause starts at once.")
    private String duration;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PauseSchedule schedule = new PauseSchedule(
                CassandraCommand.duration("--every", every),
                CassandraCommand.duration("--for", length),
                CassandraCommand.duration("--duration", duration));
        PauseRun run = PauseRun.onNode(LocalCluster.in(directory.directory), node);
        out.println("pausing " + run.describe() + " for " + DurationText.of(schedule.length()) + " every "
                + DurationText.of(schedule.period()) + " during " + DurationText.of(schedule.total()) + ": "
                + schedule.pauseCount() + " pause(s), SIGSTOP then SIGCONT; Ctrl-C resumes the node");
        out.flush();
        int count = schedule.pauseCount();
        List<NodePause> pauses = run.run(
                schedule,
                pause -> {
                    out.printf(
                            Locale.ROOT,
                            "pause %d of %d at %s: stopped %.1f to %.1f ms%n",
                            pause.number(),
                            count,
                            pause.stop().after().instant(),
                            pause.surelyStoppedMicros() / 1e3,
                            pause.atMostStoppedMicros() / 1e3);
                    out.flush();
                },
                CassandraCommand.printer(out));
        out.printf(
                Locale.ROOT,
                "done: %d pause(s), each stopped %.1f to %.1f ms on average; %s is running%n",
                pauses.size(),
                pauses.stream()
                                .mapToLong(NodePause::surelyStoppedMicros)
                                .average()
                                .orElse(0)
                        / 1e3,
                pauses.stream()
                                .mapToLong(NodePause::atMostStoppedMicros)
                                .average()
                                .orElse(0)
                        / 1e3,
                run.describe());
        return PbsCommandLine.EXIT_SUCCESS;
    }
}
