package dev.pbs.cli;

import dev.pbs.formats.report.FrontierPlot;
import dev.pbs.formats.report.LevelTuningJson;
import dev.pbs.formats.report.LevelTuningTable;
import dev.pbs.formats.report.TuningJson;
import dev.pbs.formats.report.TuningTable;
import dev.pbs.montecarlo.tuning.LevelTuner;
import dev.pbs.montecarlo.tuning.LevelTuningResult;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.montecarlo.tuning.TuningResult;
import dev.pbs.questions.Levels;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.TuningQuestion;
import dev.pbs.questions.Vocabulary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pbs tune}: the (N, R, W) that meet consistency and latency requirements at the lowest
 * latency; or, for a profile that names its datacenters (or with level options), the (write
 * level, read level) pair that meets them for reads from every read datacenter.
 */
@Command(
        name = "tune",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 100,
        versionProvider = VersionProvider.class,
        description = {
            "Chooses N, R and W: every candidate is simulated, checked against each --require, the "
                    + "feasible ones ranked by --objective (99.9th-percentile latencies), each rejection explained. "
                    + "Reads follow the read options (as for predict, or the profile's read_path); with several "
                    + "--speculative-retry settings, each candidate is an (N, R, W, setting).",
            "With a profile that names its datacenters, or with --write-level, --read-level, --write-dc or "
                    + "--read-dc, chooses Cassandra's consistency levels instead: every (write level, read level) "
                    + "pair, the write coordinated in one datacenter, must meet every requirement for reads "
                    + "coordinated in each read datacenter, and is ranked at its worst read datacenter."
        },
        footer = {
            "",
            "Requirements: consistency@10ms>=0.999, window@0.999<=50ms, read.p99.9<=20ms, write.p99<=50ms,",
            "w>=2, r>=1, n>=3 (or <=), kstale@2<=0.001, speculation<=0.05 (the fraction of reads that ask",
            "an extra replica), repair@10ms<=0.01 (the fraction of reads starting 10 ms after commit that",
            "block on read repair). Several may be given; all must hold.",
            "Example: pbs tune --profile ymmr --n 3 --require 'window@0.999<=250ms'",
            "Read path: pbs tune --profile lnkd-disk --n 3 --read-fanout targeted --speculative-retry NONE,99p,ALWAYS"
        })
final class TuneCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ProfileOptions profileOptions;

    @Mixin
    private RunOptions run;

    @Mixin
    private TuneReadPathOptions readPath;

    @Option(
            names = "--n",
            paramLabel = "N|A..B",
            description = "Replicas per key, or a range (required unless the profile places its replicas in "
                    + "named datacenters).")
    private String replicas;

    @Option(names = "--require", paramLabel = "EXPR", description = "A requirement (repeatable).")
    private List<String> requirements = new ArrayList<>();

    @Option(
            names = "--objective",
            paramLabel = "read|write|sum|mix:A",
            defaultValue = "sum",
            description = "Ranking on p99.9 latency: read, write, read + write, or A x read + (1-A) x write "
                    + "(default: ${DEFAULT-VALUE}).")
    private String objective;

    @Option(
            names = "--levels",
            paramLabel = "numeric|cassandra",
            description = "(N, R, W) tuning: every R and W in 1..N, or only ONE, TWO, THREE, QUORUM, ALL "
                    + "(default: numeric).")
    private Levels levels;

    @Option(
            names = "--write-level",
            paramLabel = "LEVEL",
            split = ",",
            description = "Consistency levels across datacenters: the write levels to try (default: every level "
                    + "the write's datacenter allows).")
    private List<String> writeLevels;

    @Option(
            names = "--read-level",
            paramLabel = "LEVEL",
            split = ",",
            description = "The read levels to try (default: every level).")
    private List<String> readLevels;

    @Option(
            names = "--write-dc",
            paramLabel = "DC",
            split = ",",
            description = "The datacenter of the write's coordinator, one (default: the profile's first).")
    private List<String> writeDatacenters;

    @Option(
            names = "--read-dc",
            paramLabel = "DC",
            split = ",",
            description = "The datacenters of the read's coordinator where every requirement must hold "
                    + "(default: every datacenter).")
    private List<String> readDatacenters;

    @Option(
            names = "--plot",
            paramLabel = "FILE.png",
            description = "Also draw every candidate's window against its latency, the frontier marked.")
    private Path plot;

    @Override
    public Integer call() {
        TuningQuestion question = readPath.applyTo(TuningQuestion.builder(
                        profileOptions.resolve(), QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE))
                .replicas(replicas)
                .requirements(requirements)
                .objective(objective)
                .levels(levels)
                .writeLevels(writeLevels)
                .readLevels(readLevels)
                .writeDatacenters(writeDatacenters)
                .readDatacenters(readDatacenters)
                .trials(run.trials())
                .seed(run.seed())
                .threads(run.threads())
                .build();
        if (question.isLevels()) {
            return tuneLevels(question);
        }
        boolean json = run.json();
        TuningResult result;
        try (TerminalProgress progress = new TerminalProgress("pbs tune")) {
            result = new Tuner().tune(question.tuning(), progress);
        }
        if (plot != null) {
            FrontierPlot.write(result, plot);
        }
        spec.commandLine().getOut().print(json ? TuningJson.toText(result) : TuningTable.render(result));
        return PbsCommandLine.EXIT_SUCCESS;
    }

    private Integer tuneLevels(TuningQuestion question) {
        LevelTuningResult result;
        try (TerminalProgress progress = new TerminalProgress("pbs tune")) {
            result = new LevelTuner().tune(question.levelTuning(), progress);
        }
        if (plot != null) {
            FrontierPlot.write(result, plot);
        }
        spec.commandLine()
                .getOut()
                .print(run.json() ? LevelTuningJson.toText(result) : LevelTuningTable.render(result));
        return PbsCommandLine.EXIT_SUCCESS;
    }
}
