package dev.pbs.cli;

import dev.pbs.formats.report.FrontierPlot;
import dev.pbs.formats.report.TuningJson;
import dev.pbs.formats.report.TuningTable;
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

/** {@code pbs tune}: the (N, R, W) that meet consistency and latency requirements at the lowest latency. */
@Command(
        name = "tune",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 100,
        versionProvider = VersionProvider.class,
        description = {
            "Chooses N, R and W: every candidate is simulated, checked against each --require, the "
                    + "feasible ones ranked by --objective (99.9th-percentile latencies), each rejection explained."
        },
        footer = {
            "",
            "Requirements: consistency@10ms>=0.999, window@0.999<=50ms, read.p99.9<=20ms, write.p99<=50ms,",
            "w>=2, r>=1, n>=3 (or <=), kstale@2<=0.001. Several may be given; all must hold.",
            "Example: pbs tune --profile ymmr --n 3 --require 'window@0.999<=250ms'"
        })
final class TuneCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ProfileOptions profileOptions;

    @Mixin
    private RunOptions run;

    @Option(names = "--n", required = true, paramLabel = "N|A..B", description = "Replicas per key, or a range.")
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
            defaultValue = "numeric",
            description = "Every R and W in 1..N, or only ONE, TWO, THREE, QUORUM, ALL (default: numeric).")
    private Levels levels;

    @Option(
            names = "--plot",
            paramLabel = "FILE.png|FILE.svg",
            description = "Also draw every candidate's window against its latency, the frontier marked.")
    private Path plot;

    @Override
    public Integer call() {
        TuningQuestion question = TuningQuestion.builder(
                        profileOptions.resolve(), QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE)
                .replicas(replicas)
                .requirements(requirements)
                .objective(objective)
                .levels(levels)
                .trials(run.trials())
                .seed(run.seed())
                .threads(run.threads())
                .build();
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
}
