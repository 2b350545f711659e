package dev.pbs.cli;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.RequirementParser;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.montecarlo.tuning.TuningResult;
import dev.pbs.montecarlo.tuning.TuningSpec;
import dev.pbs.formats.report.FrontierPlot;
import dev.pbs.formats.report.TuningJson;
import dev.pbs.formats.report.TuningTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pbs tune}: the (N, R, W) that meet consistency and latency requirements at the lowest latency. */
@Command(name = "tune", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 100,
        versionProvider = VersionProvider.class,
        description = {"Chooses N, R and W: every candidate is simulated, checked against each --require, the "
                + "feasible ones ranked by --objective (99.9th-percentile latencies), each rejection explained."},
        footer = {"", "Requirements: consistency@10ms>=0.999, window@0.999<=50ms, read.p99.9<=20ms, write.p99<=50ms,",
            "w>=2, r>=1, n>=3 (or <=), kstale@2<=0.001. Several may be given; all must hold.",
            "Example: pbs tune --profile ymmr --n 3 --require 'window@0.999<=250ms'"})
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

    @Option(names = "--objective", paramLabel = "read|write|sum|mix:A", defaultValue = "sum",
            description = "Ranking on p99.9 latency: read, write, read + write, or A x read + (1-A) x write "
                    + "(default: ${DEFAULT-VALUE}).")
    private String objective;

    @Option(names = "--levels", paramLabel = "numeric|cassandra", defaultValue = "numeric",
            description = "Every R and W in 1..N, or only ONE, TWO, THREE, QUORUM, ALL (default: ${DEFAULT-VALUE}).")
    private String levels;

    @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
            description = "Also draw every candidate's window against its latency, the frontier marked.")
    private Path plot;

    @Override
    public Integer call() {
        boolean json = run.json();
        boolean cassandra = switch (levels.trim().toLowerCase(Locale.ROOT)) {
            case "numeric" -> false;
            case "cassandra" -> true;
            default -> throw new IllegalArgumentException("--levels must be 'numeric' or 'cassandra', was '" + levels
                    + "'");
        };
        LatencyProfile profile = profileOptions.resolve();
        int[] range = range(replicas);
        List<Requirement> parsed = requirements.stream().map(RequirementParser::parse).toList();
        if (run.trials() < 1 || run.trials() > SimulationSpec.MAX_TRIALS) {
            throw new IllegalArgumentException("--trials must be between 1 and " + SimulationSpec.MAX_TRIALS + ", was "
                    + run.trials());
        }
        TuningResult result;
        try (TerminalProgress progress = new TerminalProgress("pbs tune")) {
            result = new Tuner().tune(new TuningSpec(profile, range[0], range[1], parsed,
                    Objective.parse(objective), cassandra, run.trials(), run.seed(), run.threads()), progress);
        }
        if (plot != null) {
            FrontierPlot.write(result, plot);
        }
        spec.commandLine().getOut().print(json ? TuningJson.toText(result) : TuningTable.render(result));
        return PbsCommandLine.EXIT_SUCCESS;
    }

    /** {@code 3} or {@code 3..5}. */
    static int[] range(String text) {
        String trimmed = text.trim();
        try {
            int separator = trimmed.indexOf("..");
            if (separator < 0) {
                int n = Integer.parseInt(trimmed);
                return new int[] {n, n};
            }
            return new int[] {Integer.parseInt(trimmed.substring(0, separator)),
                Integer.parseInt(trimmed.substring(separator + 2))};
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException("--n must be a number or a range like 3..5, was '" + text + "'");
        }
    }
}
