package dev.pbs.cli;

import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.report.LevelPredictionTable;
import dev.pbs.formats.report.PredictionJson;
import dev.pbs.formats.report.PredictionTable;
import dev.pbs.formats.wire.Prediction;
import dev.pbs.montecarlo.LevelSimulationResult;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SessionResult;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.montecarlo.rare.RareEventAnswer;
import dev.pbs.questions.InvalidQuestionException;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.PredictionQuestionBuilder;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.ReportOptions;
import dev.pbs.questions.Vocabulary;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pbs predict}: runs the WARS Monte Carlo for one profile and N, and reports. */
@Command(
        name = "predict",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 100,
        versionProvider = VersionProvider.class,
        description = {
            "Predicts t-visibility (P(consistent) t ms after commit), windows, read and write latency "
                    + "and k-staleness for every requested (R, W), from one set of Monte Carlo trials.",
            ""
        },
        footer = {
            "",
            "Without --r and --w every (R, W) of N is evaluated (--all). Output for other tools: "
                    + "--format json. The same seed gives the same numbers whatever --threads."
        })
final class PredictCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ProfileOptions profileOptions;

    @Mixin
    private RunOptions run;

    @ArgGroup(exclusive = false, heading = "%nFaulty replicas:%n")
    private FaultCommandOptions faults = new FaultCommandOptions();

    @Option(
            names = "--n",
            paramLabel = "N",
            description = "Replicas per key (required unless the profile places its replicas in datacenters).")
    private Long n;

    @Option(names = "--r", paramLabel = "R", description = "Read quorum: a number or ONE, TWO, THREE, QUORUM, ALL.")
    private String readQuorum;

    @Option(names = "--w", paramLabel = "W", description = "Write quorum: a number or ONE, TWO, THREE, QUORUM, ALL.")
    private String writeQuorum;

    @Option(
            names = "--write-level",
            paramLabel = "LEVEL",
            split = ",",
            description = "Consistency levels across datacenters: the write's, ONE, TWO, THREE, QUORUM, ALL, "
                    + "LOCAL_ONE, LOCAL_QUORUM or EACH_QUORUM (default LOCAL_QUORUM).")
    private List<String> writeLevels;

    @Option(
            names = "--read-level",
            paramLabel = "LEVEL",
            split = ",",
            description = "The read's consistency levels (default LOCAL_QUORUM).")
    private List<String> readLevels;

    @Option(
            names = "--write-dc",
            paramLabel = "DC",
            split = ",",
            description = "The datacenters of the write's coordinator (default: the profile's first).")
    private List<String> writeDatacenters;

    @Option(
            names = "--read-dc",
            paramLabel = "DC",
            split = ",",
            description = "The datacenters of the read's coordinator (default: every datacenter).")
    private List<String> readDatacenters;

    @Option(
            names = "--levels",
            paramLabel = "all",
            description = "all: every (write level, read level) pair the profile's topology allows.")
    private String levels;

    @Option(names = "--dc-matrix", description = "Every (write datacenter, read datacenter) pair.")
    private boolean datacenterMatrix;

    @Option(names = "--all", description = "Every (R, W) with 1 <= R, W <= N (the default without --r/--w).")
    private boolean all;

    @Option(
            names = "--t",
            paramLabel = "MS",
            split = ",",
            defaultValue = "0,1,2,5,10,20,50,100,200,500,1000",
            description = "Times after commit, ms, at which to count P(consistent) (default: ${DEFAULT-VALUE}).")
    private List<Double> times;

    @Option(
            names = "--windows",
            paramLabel = "P",
            split = ",",
            description = "Probabilities in (0, 1] for windows: ms after commit until P(consistent) >= p "
                    + "(default: 0.99,0.999,0.9999). A window given here that fewer than 400 of the trials lie "
                    + "beyond ((1 - p) x trials < 400) is estimated by importance sampling (the rare-event method), "
                    + "marked * in the table.")
    private List<Double> windows;

    @Option(
            names = "--stale-probabilities",
            description = "Also report P(stale) at every --t, by importance sampling where fewer than 400 trials "
                    + "were stale: probabilities down to 1e-9 and below, with their intervals (R, W only).")
    private boolean staleProbabilities;

    @Option(
            names = "--percentiles",
            paramLabel = "Q",
            split = ",",
            defaultValue = "50,90,99,99.9",
            description = "Latency percentiles in (0, 100] (default: ${DEFAULT-VALUE}).")
    private List<Double> percentiles;

    @Option(
            names = "--k",
            paramLabel = "K",
            split = ",",
            defaultValue = "1,2,3",
            description = "k >= 1 for P(more than k versions old) (default: ${DEFAULT-VALUE}).")
    private List<Long> versionsBehind;

    @Option(
            names = "--read-fanout",
            paramLabel = "all|targeted",
            description = "all: the read goes to all N replicas, the first R answers count (Dynamo, Riak); "
                    + "targeted: to R random replicas, all must answer (Voldemort, Cassandra) (default: all, or "
                    + "the profile's read_path when it has one and no read option is given).")
    private ReadFanout readFanout;

    @Option(
            names = "--coordinator-replica",
            description = "Every coordinator runs on one of the replicas (with levels, one of its datacenter's): it "
                    + "reaches that replica through the profile's coordinator_replica path, else at once. "
                    + "The same as --coordinator-replica-share 1.")
    private boolean coordinatorReplica;

    @Option(
            names = "--coordinator-replica-share",
            paramLabel = "SHARE|WRITES,READS",
            description = "How often the coordinator is one of the replicas, each from 0 to 1: one share for writes "
                    + "and reads, or the writes' and the reads' (round-robin routing over M nodes with N replicas "
                    + "per key: N/M; token-aware routing: 1). Each write and each read is coordinated by a replica "
                    + "with that probability, independently (default: the profile's coordinator_replica_share "
                    + "when it has one, else 0).")
    private String coordinatorReplicaShare;

    @Option(
            names = "--speculative-retry",
            paramLabel = "SETTING",
            description = "With --read-fanout targeted: when a read asks one more replica than R, as Cassandra's "
                    + "table option speculative_retry: NONE, ALWAYS, a time (20ms), a percentile of the read "
                    + "latency without speculation (99p, Cassandra's default), or MIN(99p,20ms) / MAX(99p,20ms). "
                    + "The read keeps the first R answers; the output gives the fraction that speculated "
                    + "(default: NONE).")
    private String speculativeRetry;

    @Option(
            names = "--read-repair",
            paramLabel = "blocking|none|off",
            description = "As Cassandra's table option read_repair: a read whose kept answers disagree reads the full "
                    + "data again from the same replicas (none, 'NONE'), and with blocking ('BLOCKING', Cassandra's "
                    + "default) also writes the newest value to the replicas still stale and waits for them; the "
                    + "output gives, at each --t (at most 100), the fraction of reads that disagree, that repair, and "
                    + "the time it adds. Needs R >= 2 to happen. off: the paper's read, which does neither "
                    + "(default: off).")
    private String readRepair;

    @Option(
            names = "--replica-choice",
            paramLabel = "random|snitch",
            description = "With --read-fanout targeted: which replicas a read asks. random (default): uniformly; "
                    + "snitch: as Cassandra's dynamic snitch, which keeps a random order unless a replica in it "
                    + "scores more than 1 + the badness threshold times the replica at its place in the order by "
                    + "score (score: the medians of its read request and response).")
    private String replicaChoice;

    @Option(
            names = "--snitch-badness-threshold",
            paramLabel = "X",
            description = "With --replica-choice snitch: Cassandra's dynamic_snitch_badness_threshold, >= 0 "
                    + "(default: 1.0, Cassandra 4's and 5's).")
    private Double snitchBadnessThreshold;

    @Option(
            names = "--write-rate",
            paramLabel = "PER_SECOND",
            description = "Also predict session guarantees (monotonic reads, read-your-writes) for one client "
                    + "while all clients write the key this many times per second, by simulation (R, W only).")
    private Double writesPerSecond;

    @Option(
            names = "--read-interval",
            paramLabel = "MS",
            description = "With --write-rate: the client reads again this many ms after its previous read "
                    + "started, or when it returns if later (default: 0, back to back).")
    private Double readIntervalMillis;

    @Override
    public Integer call() {
        PredictionQuestionBuilder builder = faults.applyTo(PredictionQuestion.builder(
                profileOptions.resolve(), QuestionLimits.COMMAND_LINE, Vocabulary.COMMAND_LINE));
        if (coordinatorReplica) {
            builder.coordinatorReplica(true);
        }
        if (coordinatorReplicaShare != null) {
            double[] shares = shares(coordinatorReplicaShare);
            builder.coordinatorReplicaShare(shares[0], shares[1]);
        }
        PredictionQuestion question = builder.replicas(n)
                .quorums(readQuorum, writeQuorum)
                .everyConfiguration(all)
                .timesMillis(times)
                .windows(windows)
                .staleProbabilities(staleProbabilities)
                .percentiles(percentiles)
                .versionsBehind(versionsBehind)
                .trials(run.trials())
                .seed(run.seed())
                .threads(run.threads())
                .readFanout(readFanout)
                .speculativeRetry(speculativeRetry)
                .readRepair(readRepair)
                .replicaChoice(replicaChoice, snitchBadnessThreshold)
                .writeLevels(writeLevels)
                .readLevels(readLevels)
                .writeDatacenters(writeDatacenters)
                .readDatacenters(readDatacenters)
                .everyLevel(everyLevel())
                .datacenterMatrix(datacenterMatrix)
                .sessions(writesPerSecond, readIntervalMillis)
                .build();
        if (question.isLevels()) {
            return predictLevels(question);
        }
        if (run.json()) {
            prepareJsonWhileSimulating();
        }
        SimulationSpec simulation = question.simulation();
        ReportOptions report = question.report();
        long started = System.nanoTime();
        SimulationResult result;
        try (TerminalProgress progress = new TerminalProgress("pbs predict")) {
            result = new WarsEngine().run(simulation, progress);
        }
        SessionResult sessions =
                question.sessions() == null ? null : new WarsEngine().run(simulation, question.sessions());
        RareEventAnswer rare = RareEventAnswer.of(
                result, question.rareEventWindows(), question.rareEvents().staleProbabilities());
        print(
                () -> JsonMapping.text(PredictionJson.answer(result, sessions, report, question.recovery(), rare)),
                () -> PredictionTable.render(result, sessions, report, question.recovery(), rare),
                started,
                simulation.threads());
        return PbsCommandLine.EXIT_SUCCESS;
    }

    /**
     * Builds the JSON answer's serializers on a thread of their own while the simulation runs
     * (about a tenth of a second of a cold process's reflection, which printing would otherwise
     * wait for); a problem there only leaves printing to build them.
     */
    private static void prepareJsonWhileSimulating() {
        Thread preparing = new Thread(
                () -> {
                    try {
                        JsonMapping.prepare(Prediction.class);
                    } catch (RuntimeException problem) {
                        // Printing builds them again, and reports what goes wrong.
                    }
                },
                "json-serializers");
        preparing.setDaemon(true);
        preparing.start();
    }

    /**
     * {@code SHARE} or {@code WRITES,READS} as the writes' and the reads' shares, each a number; the
     * question checks that they lie in [0, 1].
     */
    static double[] shares(String text) {
        String[] parts = text.split(",", -1);
        try {
            if (parts.length == 1) {
                double share = Double.parseDouble(parts[0].trim());
                return new double[] {share, share};
            }
            if (parts.length == 2) {
                return new double[] {Double.parseDouble(parts[0].trim()), Double.parseDouble(parts[1].trim())};
            }
        } catch (NumberFormatException notANumber) {
            // the message below
        }
        throw new InvalidQuestionException("--coordinator-replica-share must be SHARE or WRITES,READS, numbers "
                + "from 0 to 1 such as 0.67 or 0.67,0.5, was '" + dev.pbs.model.quorum.EchoedText.of(text) + "'");
    }

    private boolean everyLevel() {
        if (levels == null) {
            return false;
        }
        if (!levels.trim().equalsIgnoreCase("all")) {
            throw new InvalidQuestionException("--levels must be 'all' (every level pair), was '" + levels + "'");
        }
        return true;
    }

    private Integer predictLevels(PredictionQuestion question) {
        LevelSimulationSpec simulation = question.levelSimulation();
        long started = System.nanoTime();
        LevelSimulationResult result;
        try (TerminalProgress progress = new TerminalProgress("pbs predict")) {
            result = new WarsEngine().run(simulation, progress);
        }
        RareEventAnswer rare = RareEventAnswer.of(result, question.rareEventWindows());
        print(
                () -> PredictionJson.toText(result, question.report(), rare),
                () -> LevelPredictionTable.render(result, question.report(), rare),
                started,
                simulation.threads());
        return PbsCommandLine.EXIT_SUCCESS;
    }

    /** Prints the JSON or the table (with the time taken) of a simulation started at {@code startedNanos}. */
    private void print(
            java.util.function.Supplier<String> json,
            java.util.function.Supplier<String> table,
            long startedNanos,
            int threads) {
        double seconds = (System.nanoTime() - startedNanos) / 1e9;
        if (run.json()) {
            spec.commandLine().getOut().print(json.get());
            return;
        }
        spec.commandLine().getOut().print(table.get());
        spec.commandLine()
                .getOut()
                .printf(
                        Locale.ROOT,
                        "Simulated in %.1f s on %d thread%s.%n",
                        seconds,
                        threads,
                        threads == 1 ? "" : "s");
    }
}
