package dev.pbs.cli;

import dev.pbs.cassandra.record.ProbeReplay;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.formats.report.FidelityReport;
import dev.pbs.model.profile.LatencyProfile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pbs replay}: a probe run's profile and, when it observed staleness, its observed-against-
 * predicted comparison, computed from the run's record ({@code pbs probe --record}) alone, with no
 * cluster: the same figures as the live run printed and wrote, to the bit.
 */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 100,
        versionProvider = VersionProvider.class,
        description = {
            "Computes a probe run's latency profile and, when the run observed staleness (--observe), its "
                    + "observation against the prediction, from the run's record (pbs probe --record FILE) alone: "
                    + "no cluster is needed, and the figures are the live run's.",
            ""
        },
        footer = {
            "",
            "Example: pbs probe --contact-point 127.0.0.1:9042 --observe --record run.jsonl.gz --out p.json",
            "then:    pbs replay run.jsonl.gz --out p.json"
        })
final class ReplayCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RECORD", description = "The record of a probe run (pbs probe --record).")
    private Path recordFile;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Where to write the profile (JSON).")
    private Path outFile;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            defaultValue = "measured",
            description = "The profile's name, as pbs probe --name gave it (default: ${DEFAULT-VALUE}).")
    private String name;

    @Option(
            names = "--hlog",
            paramLabel = "FILE",
            description =
                    "Also write the histograms as an HdrHistogram log, one tagged interval per replica and message.")
    private Path histogramLog;

    @Option(names = "--observe-out", paramLabel = "FILE", description = "Also write the observation as JSON.")
    private Path observationFile;

    @Override
    public Integer call() {
        ProbeOutput output = new ProbeOutput(
                spec.commandLine().getOut(), spec.commandLine().getErr(), outFile, histogramLog, observationFile);
        output.requireWritable();
        RecordReplay replay = RecordReplay.of(recordFile, name);
        ProbeReplay.Replayed replayed = replay.replayed();
        if (replay.fidelity().isPresent()) {
            if (histogramLog != null || observationFile != null) {
                throw new IllegalArgumentException("--hlog and --observe-out are for a probe's record; " + recordFile
                        + " is a fidelity cell's, whose observation is in its report");
            }
            new OutputFile("--out", outFile).writeAtomically(ProfileJson.writeString(replay.profile()));
            PrintWriter out = spec.commandLine().getOut();
            out.print(
                    replay.fidelityFormat() == OutputFormat.JSON
                            ? FidelityReport.json(replay.fidelity().get())
                            : FidelityReport.text(replay.fidelity().get()));
            out.flush();
            return PbsCommandLine.EXIT_SUCCESS;
        }
        if (replay.observation().isEmpty() && observationFile != null) {
            throw new IllegalArgumentException(
                    "--observe-out: the record " + recordFile + " holds no observation (its run had no --observe)");
        }
        LatencyProfile profile = replay.profile();
        output.measured(replayed.measurement(), profile);
        replay.observation().ifPresent(output::observed);
        return PbsCommandLine.EXIT_SUCCESS;
    }
}
