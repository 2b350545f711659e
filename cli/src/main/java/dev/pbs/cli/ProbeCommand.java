package dev.pbs.cli;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.faults.NodePinger;
import dev.pbs.cassandra.legs.PairedLegs;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.WarmUpRounds;
import dev.pbs.cassandra.observe.WindowedComparison;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.ProbeJournal;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.recovery.OutageWatch;
import dev.pbs.formats.record.ProbeRecordWriter;
import dev.pbs.model.profile.LatencyProfile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pbs probe}: measures W, A, R and S on a live Cassandra cluster and writes a profile;
 * with {@code --observe}, observes staleness meanwhile and compares it with the prediction. Its
 * options come in groups ({@link ProbeConnectionOptions}, {@link ProbeWorkloadOptions}, the
 * outputs here, {@link ProbeObservationOptions}), in the order the help lists them; {@link
 * ProbeOutput} prints and writes the results.
 */
@Command(
        name = "probe",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 100,
        versionProvider = VersionProvider.class,
        description = {
            "Measures the WARS one-way delays of a live Apache Cassandra cluster from query traces of a "
                    + "paced workload in its own keyspace, and writes them as a latency profile (empirical "
                    + "distributions, one entry per replica) that pbs predict --profile-file reads.",
            ""
        },
        footer = {
            "",
            "Example: pbs probe --contact-point 127.0.0.1:9042 --duration 30s --out p.json",
            "then:    pbs predict --profile-file p.json --n 3 --all"
        })
final class ProbeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ProbeConnectionOptions connectionOptions;

    @Mixin
    private ProbeWorkloadOptions workloadOptions;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "FILE",
            description = "Where to write the measured profile (JSON).")
    private Path outFile;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            defaultValue = "measured",
            description = "The profile's name (default: ${DEFAULT-VALUE}).")
    private String name;

    @Option(
            names = "--hlog",
            paramLabel = "FILE",
            description =
                    "Also write the histograms as an HdrHistogram log, one tagged interval per replica and message.")
    private Path histogramLog;

    @Option(
            names = "--record",
            paramLabel = "FILE",
            description = "Also keep everything the run measured in a record (gzip-compressed JSON lines), from "
                    + "which pbs replay computes the same profile and comparison without the cluster.")
    private Path recordFile;

    @Option(
            names = "--warm-up",
            description = "First warm the cluster up: rounds of 30 s of the same workload (with --observe, the "
                    + "observation too), their results discarded, until the client's mean round trip is within a "
                    + "factor of 1.2 of the round before's (2 to 10 rounds).")
    private boolean warmUp;

    @Option(
            names = "--paired-legs",
            paramLabel = "PAIRS",
            description = "An experiment beside the workload (docs/fidelity.md, E2): PAIRS traced writes at ALL for "
                    + "each delay tau of 0, 2, 5 and 200 ms, each followed tau after its acknowledgement by a traced "
                    + "read at ALL of the same key through the same coordinator, 10 pairs a second; the probe runs "
                    + "until they end. Their traces are in the --record, from which they are compared.")
    private Integer pairedLegs;

    /** Pairs a second of --paired-legs: 20 traced operations a second beside the workload. */
    private static final double PAIRS_PER_SECOND = 10;

    @Mixin
    private ProbeObservationOptions observationOptions;

    @Mixin
    private ProbePauseOptions pauseOptions;

    @Mixin
    private ProbeOutageOptions outageOptions;

    /** The record's journal, which begins with this command and its arguments; none without a record. */
    private ProbeJournal commanded(ProbeRecordWriter record) {
        if (record == null) {
            return ProbeJournal.NONE;
        }
        record.append(new ProbeEvent.Command("probe", CommandArguments.of(spec)));
        return record;
    }

    @Override
    public Integer call() throws InterruptedException {
        ProbeSettings settings = workloadOptions.settings(
                connectionOptions.connection(),
                spec.commandLine().getParseResult().hasMatchedOption("--rf"));
        ObservationSettings observation = observationOptions.settings(settings);
        ProbeOutput output = new ProbeOutput(
                spec.commandLine().getOut(),
                spec.commandLine().getErr(),
                outFile,
                histogramLog,
                observationOptions.observationFile());
        output.requireWritable();
        pauseOptions.check();
        outageOptions.check();
        if (recordFile != null) {
            new OutputFile("--record", recordFile).requireWritable();
            if (pauseOptions.watching() || outageOptions.watching()) {
                throw new IllegalArgumentException("--record keeps the probe's and the observation's measurements, "
                        + "not what --watch-pauses and --watch-outages see: use --record without them");
            }
        }
        PairedLegs.Settings pairs = pairedLegs == null ? null : new PairedLegs.Settings(pairedLegs, PAIRS_PER_SECOND);
        if (pairs != null && (observation != null || recordFile == null)) {
            throw new IllegalArgumentException(
                    "--paired-legs needs --record (the pairs are compared from it) and runs without --observe");
        }
        if (warmUp) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("pbs: warming up in rounds of " + WarmUpRounds.ROUND.toSeconds()
                    + " s until the client's round trip settles (results discarded)...");
            err.flush();
            WarmUpRounds.run(
                    settings, Optional.ofNullable(observation), observationOptions.coordinatorChoice(), line -> {
                        err.println("pbs: " + line);
                        err.flush();
                    });
        }
        try (ProbeRecordWriter record = recordFile == null
                        ? null
                        : ProbeRecordWriter.create(recordFile, "pbs " + VersionProvider.version());
                ProbeRun run = ProbeRun.connect(settings, commanded(record));
                NodePinger pinger = pauseOptions.start(run);
                OutageWatch outageWatch = outageOptions.start(run)) {
            output.probing(workloadOptions.durationText(), settings.operationsPerSecond(), settings.traceFraction());
            ObservationWhileProbing.Result observed = null;
            ProbeSnapshot snapshot;
            if (pairs != null) {
                snapshot = PairedLegs.run(run, pairs, settings.duration());
            } else if (observation == null) {
                snapshot = run.run(() -> false);
            } else {
                output.observing(observation);
                observed = ObservationWhileProbing.run(
                        run,
                        observation,
                        observationOptions.coordinatorChoice(),
                        settings.duration(),
                        Duration.ZERO,
                        () -> false);
                snapshot = observed.measurement();
            }
            if (record != null) {
                record.finish();
            }
            LatencyProfile profile = outageOptions.apply(
                    outageWatch,
                    snapshot,
                    pauseOptions.apply(
                            pinger,
                            snapshot,
                            MeasuredProfile.withReadPath(CalibratedProfile.of(snapshot, name), run.readPath()),
                            spec.commandLine().getErr()),
                    spec.commandLine().getErr());
            output.measured(snapshot, profile);
            if (observed != null) {
                output.observed(WindowedComparison.compare(observed, profile, name, settings.replicationFactor()));
            }
        }
        return PbsCommandLine.EXIT_SUCCESS;
    }
}
