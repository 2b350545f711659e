package dev.pbs.cli;

import dev.pbs.cassandra.fidelity.FidelitySettings;
import dev.pbs.cassandra.fidelity.OutageRecoveryExperiment;
import dev.pbs.cassandra.fidelity.OutageRecoveryResult;
import dev.pbs.cassandra.fidelity.OutageRecoverySettings;
import dev.pbs.cassandra.fidelity.PauseCell;
import dev.pbs.cassandra.fidelity.PauseFidelityExperiment;
import dev.pbs.cassandra.fidelity.PauseFidelityResult;
import dev.pbs.formats.report.OutageRecoveryReport;
import dev.pbs.formats.report.PauseFidelityReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code pbs fidelity --fault outage|pause}: the two fault cells, each with the options it takes
 * (any other is refused by name), run and printed.
 */
final class FidelityFaultOptions {

    /**
     * What the fault cells take from {@code pbs fidelity}'s other options.
     *
     * @param writes {@code --writes} when given, else null
     * @param writeMean {@code --w-mean-ms} when given, else null
     * @param otherMean {@code --ars-mean-ms} when given, else null
     * @param folder the cluster's folder
     */
    record Shared(
            Integer writes,
            double rate,
            Double writeMean,
            Double otherMean,
            Path folder,
            int firstAddress,
            OutputFormat format) {}

    @Option(
            names = "--fault",
            paramLabel = "outage|pause",
            description =
                    "Instead of injected delays, the outage-recovery cell: a 3-node cluster of its own (RF 3, no "
                            + "dynamic snitch), one node stopped (SIGKILL) while writes go on at ONE through the others; one "
                            + "outage measures the hint replay delay, a second one (independent) is observed, reads at ONE served "
                            + "by the returned node against the time since its return, and compared with the prediction from "
                            + "the first. Takes --node, --for, --outages, --dir, --first-address and --format only. pause: the "
                            + "paused-node cell: the injected-delay cell (N = 3, --w-mean-ms 10 and --ars-mean-ms 5 unless "
                            + "given) observed healthy, then while --node pauses --for every --every (SIGSTOP, SIGCONT), "
                            + "predicted from the healthy profile with the pauses and without; takes --node, --every, --for, "
                            + "--writes (default 1000), --rate, --w-mean-ms, --ars-mean-ms, --dir, --first-address and --format.")
    private String fault;

    @Option(
            names = "--every",
            paramLabel = "TIME",
            description = "With --fault pause: from the start of one pause to the start of the next (default: 2s).")
    private String faultPeriod;

    @Option(
            names = "--node",
            paramLabel = "I",
            description = "With --fault outage: the node stopped, 1 to 3 (default: 3); with --fault pause: the node "
                    + "paused, 1 to 4 (default: 2).")
    private Integer faultNode;

    @Option(
            names = "--for",
            paramLabel = "TIME",
            description = "With --fault outage: how long the node is down each time, from its stop to its new start "
                    + "(default: 20s; at most 1h); with --fault pause: each pause (default: 200ms).")
    private String faultLength;

    @Option(
            names = "--outages",
            paramLabel = "COUNT",
            description = "With --fault outage: outages in each of the two steps, 1 to 10, their delays and their "
                    + "reads pooled (default: 1; each outage takes one to two minutes).")
    private Integer outages;

    /** The options --fault outage takes; any other is refused with it. */
    private static final List<String> OUTAGE_OPTIONS =
            List.of("--fault", "--node", "--for", "--outages", "--dir", "--first-address", "--format");

    /** The options that only --fault outage takes. */
    private static final List<String> FAULT_ONLY_OPTIONS = List.of("--node", "--for", "--outages", "--every");

    /** The options --fault pause takes; any other is refused with it. */
    private static final List<String> PAUSE_OPTIONS = List.of(
            "--fault",
            "--node",
            "--every",
            "--for",
            "--writes",
            "--rate",
            "--w-mean-ms",
            "--ars-mean-ms",
            "--dir",
            "--first-address",
            "--format");

    /** Whether a fault cell was asked for. */
    boolean asked() {
        return fault != null;
    }

    /** Refuses the fault cells' own options without {@code --fault}. */
    void refuseWithoutFault(CommandLine.ParseResult parsed) {
        for (String option : FAULT_ONLY_OPTIONS) {
            if (parsed.hasMatchedOption(option)) {
                throw new IllegalArgumentException(option + " needs --fault outage or --fault pause");
            }
        }
    }

    /** Runs the cell asked for and prints it. */
    Integer run(CommandLine commandLine, Shared shared) {
        return fault.equals("pause") ? pauseCell(commandLine, shared) : outageCell(commandLine, shared);
    }

    /** The outage-recovery cell: checks its options, runs it, prints it. */
    private Integer outageCell(CommandLine commandLine, Shared shared) {
        CommandLine.ParseResult parsed = commandLine.getParseResult();
        if (!fault.equals("outage")) {
            throw new IllegalArgumentException("--fault must be outage or pause, was '" + fault + "'");
        }
        for (CommandLine.Model.OptionSpec option : parsed.matchedOptions()) {
            if (!OUTAGE_OPTIONS.contains(option.longestName())) {
                throw new IllegalArgumentException(option.longestName() + " does not apply to --fault outage, which "
                        + "takes only " + String.join(", ", OUTAGE_OPTIONS.subList(1, OUTAGE_OPTIONS.size())));
            }
        }
        Path folder = shared.folder();
        OutageRecoverySettings settings = OutageRecoverySettings.of(
                faultNode == null ? OutageRecoverySettings.NODES : faultNode,
                faultLength == null
                        ? OutageRecoverySettings.DEFAULT_OUTAGE
                        : CassandraCommand.duration("--for", faultLength),
                outages == null ? 1 : outages,
                folder,
                shared.firstAddress());
        PrintWriter out = commandLine.getOut();
        PrintWriter err = commandLine.getErr();
        long started = System.nanoTime();
        OutageRecoveryResult result = OutageRecoveryExperiment.run(settings, line -> {
            err.println("pbs: " + line);
            err.flush();
        });
        out.print(
                shared.format() == OutputFormat.JSON
                        ? OutageRecoveryReport.json(result)
                        : OutageRecoveryReport.text(result));
        err.printf(
                Locale.ROOT,
                "pbs: done in %d s; the cluster's folder is %s%n",
                (System.nanoTime() - started) / 1_000_000_000L,
                folder);
        return PbsCommandLine.EXIT_SUCCESS;
    }

    /** The paused-node cell: checks its options, runs it, prints it. */
    private Integer pauseCell(CommandLine commandLine, Shared shared) {
        CommandLine.ParseResult parsed = commandLine.getParseResult();
        for (CommandLine.Model.OptionSpec option : parsed.matchedOptions()) {
            if (!PAUSE_OPTIONS.contains(option.longestName())) {
                throw new IllegalArgumentException(option.longestName() + " does not apply to --fault pause, which "
                        + "takes only " + String.join(", ", PAUSE_OPTIONS.subList(1, PAUSE_OPTIONS.size())));
            }
        }
        Path folder = shared.folder();
        FidelitySettings cell = new FidelitySettings(
                3,
                shared.writeMean() == null ? PAUSE_CELL_WRITE_MEAN : shared.writeMean(),
                shared.otherMean() == null ? PAUSE_CELL_OTHER_MEAN : shared.otherMean(),
                shared.writes() == null ? PAUSE_CELL_WRITES : shared.writes(),
                shared.rate(),
                FidelitySettings.DEFAULT_DELAYS_MILLIS,
                folder,
                shared.firstAddress());
        PauseCell pause = new PauseCell(
                cell,
                faultNode == null ? 2 : faultNode,
                faultPeriod == null ? Duration.ofSeconds(2) : CassandraCommand.duration("--every", faultPeriod),
                faultLength == null ? Duration.ofMillis(200) : CassandraCommand.duration("--for", faultLength));
        PrintWriter err = commandLine.getErr();
        PauseFidelityResult result = PauseFidelityExperiment.run(pause, line -> {
            err.println("pbs: " + line);
            err.flush();
        });
        commandLine
                .getOut()
                .print(
                        shared.format() == OutputFormat.JSON
                                ? PauseFidelityReport.json(result)
                                : PauseFidelityReport.text(result));
        err.printf(Locale.ROOT, "pbs: the cluster's folder is %s%n", folder);
        return PbsCommandLine.EXIT_SUCCESS;
    }

    /** The paused-node cell's injected means and writes unless given. */
    private static final double PAUSE_CELL_WRITE_MEAN = 10;

    private static final double PAUSE_CELL_OTHER_MEAN = 5;
    private static final int PAUSE_CELL_WRITES = 1000;
}
