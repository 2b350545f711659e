package dev.pbs.cli;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.formats.report.PredictionJson;
import dev.pbs.formats.report.PredictionTable;
import dev.pbs.questions.ReportOptions;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pbs predict}: runs the WARS Monte Carlo for one profile and N, and reports. */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 100,
        versionProvider = VersionProvider.class,
        description = {"Predicts t-visibility (P(consistent) t ms after commit), windows, read and write latency "
                + "and k-staleness for every requested (R, W), from one set of Monte Carlo trials.", ""},
        footer = {"", "Without --r and --w every (R, W) of N is evaluated (--all). Output for other tools: "
                + "--format json. The same seed gives the same numbers whatever --threads."})
final class PredictCommand implements Callable<Integer> {

    /** The largest N for which every (R, W) fits in one run (N^2 configurations). */
    private static final int LARGEST_N_FOR_ALL = (int) Math.sqrt(SimulationSpec.MAX_CONFIGURATIONS);

    @Spec
    private CommandSpec spec;

    @Mixin
    private ProfileOptions profileOptions;

    @Mixin
    private RunOptions run;

    @Option(names = "--n", required = true, paramLabel = "N", description = "Replicas per key.")
    private int n;

    @Option(names = "--r", paramLabel = "R", description = "Read quorum: a number or ONE, TWO, THREE, QUORUM, ALL.")
    private String readQuorum;

    @Option(names = "--w", paramLabel = "W", description = "Write quorum: a number or ONE, TWO, THREE, QUORUM, ALL.")
    private String writeQuorum;

    @Option(names = "--all", description = "Every (R, W) with 1 <= R, W <= N (the default without --r/--w).")
    private boolean all;

    @Option(names = "--t", paramLabel = "MS,...", defaultValue = "0,1,2,5,10,20,50,100,200,500,1000",
            description = "Times after commit, ms, at which to count P(consistent) (default: ${DEFAULT-VALUE}).")
    private String times;

    @Option(names = "--windows", paramLabel = "P,...", defaultValue = "0.99,0.999,0.9999",
            description = "Probabilities in (0, 1] for windows: ms after commit until P(consistent) >= p "
                    + "(default: ${DEFAULT-VALUE}).")
    private String windows;

    @Option(names = "--percentiles", paramLabel = "Q,...", defaultValue = "50,90,99,99.9",
            description = "Latency percentiles in (0, 100] (default: ${DEFAULT-VALUE}).")
    private String percentiles;

    @Option(names = "--k", paramLabel = "K,...", defaultValue = "1,2,3",
            description = "k >= 1 for P(more than k versions old) (default: ${DEFAULT-VALUE}).")
    private String versionsBehind;

    @Option(names = "--read-fanout", paramLabel = "all|targeted", defaultValue = "all",
            description = "all: the read goes to all N replicas, the first R answers count (Dynamo, Riak); "
                    + "targeted: to R random replicas, all must answer (Voldemort) (default: ${DEFAULT-VALUE}).")
    private String readFanout;

    @Option(names = "--coordinator-replica",
            description = "The coordinator runs on one of the replicas: its messages to that replica take no time.")
    private boolean coordinatorReplica;

    @Override
    public Integer call() {
        boolean json = run.json();
        ReadFanout fanout = ReadFanout.parse(readFanout);
        double[] grid = timesAfterCommit();
        ReportOptions report = new ReportOptions(CommaSeparatedValues.numbers("--windows", windows),
                CommaSeparatedValues.numbers("--percentiles", percentiles),
                CommaSeparatedValues.wholeNumbers("--k", versionsBehind));
        LatencyProfile profile = profile();
        if (n < 1 || n > QuorumConfiguration.MAX_REPLICAS) {
            throw new IllegalArgumentException("--n must be between 1 and " + QuorumConfiguration.MAX_REPLICAS
                    + ", was " + n);
        }
        SimulationSpec simulation = SimulationSpec.builder(profile, n)
                .configurations(configurations())
                .trials(run.trials())
                .seed(run.seed())
                .threads(run.threads())
                .readFanout(fanout)
                .coordinatorReplica(coordinatorReplica)
                .visibilityGridMillis(grid)
                .build();
        long started = System.nanoTime();
        SimulationResult result;
        try (TerminalProgress progress = new TerminalProgress("pbs predict")) {
            result = new WarsEngine().run(simulation, progress);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        if (json) {
            spec.commandLine().getOut().print(PredictionJson.toText(result, report));
        } else {
            spec.commandLine().getOut().print(PredictionTable.render(result, report));
            spec.commandLine().getOut().printf(Locale.ROOT, "Simulated in %.1f s on %d thread%s.%n", seconds,
                    simulation.threads(), simulation.threads() == 1 ? "" : "s");
        }
        return PbsCommandLine.EXIT_SUCCESS;
    }


    private double[] timesAfterCommit() {
        List<Double> values = CommaSeparatedValues.numbers("--t", times);
        double[] grid = new double[values.size()];
        for (int i = 0; i < grid.length; i++) {
            grid[i] = values.get(i);
            if (grid[i] < 0) {
                throw new IllegalArgumentException("--t: times after commit must be >= 0 ms, was "
                        + BigDecimal.valueOf(grid[i]).stripTrailingZeros().toPlainString());
            }
        }
        return grid;
    }

    private LatencyProfile profile() {
        return profileOptions.resolve();
    }

    private List<QuorumConfiguration> configurations() {
        if (readQuorum != null || writeQuorum != null) {
            if (all) {
                throw new IllegalArgumentException("--all cannot be combined with --r and --w");
            }
            if (readQuorum == null || writeQuorum == null) {
                throw new IllegalArgumentException("give both --r and --w, or neither for every (R, W); only "
                        + (readQuorum == null ? "--w" : "--r") + " was given");
            }
            return List.of(QuorumConfiguration.parse(n, readQuorum, writeQuorum));
        }
        if (n > LARGEST_N_FOR_ALL) {
            throw new IllegalArgumentException("every (R, W) of N=" + n + " is " + (long) n * n
                    + " configurations, more than the " + SimulationSpec.MAX_CONFIGURATIONS
                    + " one run evaluates: give --r and --w");
        }
        return SimulationSpec.allConfigurations(n);
    }
}
