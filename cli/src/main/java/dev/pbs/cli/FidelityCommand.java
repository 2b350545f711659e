package dev.pbs.cli;

import dev.pbs.cassandra.fidelity.FidelityDatacenters;
import dev.pbs.cassandra.fidelity.FidelityExperiment;
import dev.pbs.cassandra.fidelity.FidelityResult;
import dev.pbs.cassandra.fidelity.FidelitySettings;
import dev.pbs.cassandra.fidelity.FidelityTable;
import dev.pbs.cassandra.observe.ObservedLevels;
import dev.pbs.cassandra.probe.DatacenterReplication;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.ProbeJournal;
import dev.pbs.formats.record.ProbeRecordWriter;
import dev.pbs.formats.report.FidelityReport;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pbs fidelity}: predicted against observed staleness on a local cluster with injected delays. */
@Command(
        name = "fidelity",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpWidth = 100,
        versionProvider = VersionProvider.class,
        description = {
            "Checks the model against a real Cassandra: starts a local cluster whose nodes delay every "
                    + "message by exponential times (W on writes to replicas, A, R, S on the others), measures the "
                    + "profile with the probe while observing staleness at R = W = 1, predicts from the measured "
                    + "profile and reports observed against predicted P(consistent) at every t (the model at t plus "
                    + "the client's measured round trip and each read's send lag, as pbs probe --observe predicts), their "
                    + "RMSE and the RMSE sampling noise alone would give. The "
                    + "cluster has one node more than --nodes, which coordinates every observed key without being "
                    + "one of its replicas. It is stopped at the end.",
            ""
        },
        footer = {
            "",
            "Example: pbs fidelity --nodes 3 --w-mean-ms 10 --ars-mean-ms 5 --writes 5000 --format json",
            "         pbs fidelity --grid --writes 1000",
            "         pbs fidelity --fault outage --node 3 --for 20s"
        })
final class FidelityCommand implements Callable<Integer> {

    /** The paper's validation grid (Bailis et al., section 5.2): W means crossed with A = R = S means, ms. */
    private static final double[] GRID_WRITE_MEANS = {20, 10, 5};

    private static final double[] GRID_OTHER_MEANS = {10, 5, 2};

    @Spec
    private CommandSpec spec;

    @Option(
            names = "--nodes",
            paramLabel = "N",
            defaultValue = "3",
            description = "Replicas per key (default: ${DEFAULT-VALUE}).")
    private int replicas;

    @Option(
            names = "--datacenters",
            paramLabel = "DC:REPLICAS,...",
            description = "Several datacenters instead of --nodes, e.g. dc1:3,dc2:3: replicas per key in each; "
                    + "each datacenter gets one node more, which coordinates the keys it is not a replica of. Needs "
                    + "--inter-dc-mean-ms, and takes --write-level, --read-level, --write-dc, --read-dc.")
    private String datacenters;

    @Option(
            names = "--inter-dc-mean-ms",
            paramLabel = "MS",
            description = "With --datacenters: mean of the exponential delay injected into every message between "
                    + "datacenters (D), beside W, A, R and S.")
    private Double interDatacenterMean;

    @Option(
            names = "--write-level",
            paramLabel = "LEVEL",
            defaultValue = "LOCAL_QUORUM",
            description = "With --datacenters: the observed writes' consistency level (default: ${DEFAULT-VALUE}).")
    private String writeLevel;

    @Option(
            names = "--read-level",
            paramLabel = "LEVEL",
            defaultValue = "LOCAL_ONE",
            description = "With --datacenters: the observed reads' consistency level (default: ${DEFAULT-VALUE}).")
    private String readLevel;

    @Option(
            names = "--write-dc",
            paramLabel = "DC",
            description = "With --datacenters: the datacenter whose node coordinates the writes (default: the first).")
    private String writeDatacenter;

    @Option(
            names = "--read-dc",
            paramLabel = "DC",
            description = "With --datacenters: the datacenter whose node coordinates the reads (default: the last).")
    private String readDatacenter;

    @Option(
            names = "--w-mean-ms",
            paramLabel = "MS",
            description = "Mean of the exponential delay injected into writes reaching a replica (W).")
    private Double writeMean;

    @Option(
            names = "--ars-mean-ms",
            paramLabel = "MS",
            description =
                    "Mean of the exponential delays injected into acknowledgements, reads and read responses (A, R, S).")
    private Double otherMean;

    @Option(
            names = "--grid",
            description = "Run the paper's 3x3 grid instead of one cell: W means 20, 10, 5 ms crossed "
                    + "with A, R, S means 10, 5, 2 ms, on one cluster, --writes per cell.")
    private boolean grid;

    @Option(
            names = "--writes",
            paramLabel = "COUNT",
            defaultValue = "5000",
            description = "Observed writes, each read at every t (default: ${DEFAULT-VALUE}).")
    private int writes;

    @Option(
            names = "--rate",
            paramLabel = "WRITES",
            defaultValue = "10",
            description = "Observed writes per second (default: ${DEFAULT-VALUE}; each is read at every t, and a "
                    + "faster pace loads a 2-core machine enough to distort the delays).")
    private double rate;

    @Option(
            names = "--t",
            paramLabel = "MS",
            split = ",",
            description = "The t grid, ms after the acknowledgement "
                    + "(default: 0,1,2,3,4,5,7,10,13,16,20,25,30,40,50,65,80,100,125,150,200).")
    private List<Double> delays;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description = "Folder for the cluster (default: a new temporary folder).")
    private Path directory;

    @Option(
            names = "--first-address",
            paramLabel = "K",
            defaultValue = "11",
            description =
                    "The cluster's node 1 listens on 127.0.0.K, beside a default local cluster (default: ${DEFAULT-VALUE}).")
    private int firstAddress;

    @Option(
            names = "--speculative-retry",
            paramLabel = "SETTING",
            description = "Set the experiment table's speculative_retry: NONE, ALWAYS, a time (20ms), a percentile "
                    + "(99p) or MIN(99p,20ms) / MAX(...) (default: as Cassandra creates the table, 99p). The probe reads "
                    + "it back, and the prediction speculates the same way.")
    private String speculativeRetry;

    @Option(
            names = "--read-repair",
            paramLabel = "blocking|none",
            description = "Set the experiment table's read_repair (default: as Cassandra creates the table, BLOCKING).")
    private String readRepair;

    @Option(
            names = "--read-consistency",
            paramLabel = "LEVEL",
            description = "In one datacenter: the level of the observed reads, ONE, TWO, QUORUM or a number of "
                    + "replicas (default: ONE); writes stay at ONE.")
    private String readConsistency;

    @Option(
            names = "--slow-replica",
            paramLabel = "FACTOR",
            description = "In one datacenter: make node 1 a slow replica, every injected delay of a request it "
                    + "receives or a response it sends FACTOR times the others' mean (in (1, 100], e.g. 5); only "
                    + "keys it holds "
                    + "are observed, and the prediction has it as a replica of its own with the dynamic snitch's "
                    + "replica choice.")
    private Double slowReplica;

    @Mixin
    private FidelityFaultOptions faultOptions;

    @Option(
            names = "--profile-out",
            paramLabel = "FILE",
            description = "Also write the measured profile the prediction used.")
    private Path profileOut;

    @Option(
            names = "--format",
            paramLabel = "table|json",
            defaultValue = "table",
            description = "Output format (default: ${DEFAULT-VALUE}).")
    private OutputFormat format;

    @Option(
            names = "--record",
            paramLabel = "FILE",
            description = "Also keep everything the cell's measurement measured in a record (its warm-up left out), "
                    + "from which pbs replay computes the same result without the cluster; one cell, not --grid.")
    private Path recordFile;

    /** Whether the options ask for one injected cell: not --grid, not a fault cell. */
    boolean asksOneInjectedCell() {
        return !grid && !faultOptions.asked();
    }

    /** The output format asked for. */
    OutputFormat format() {
        return format;
    }

    /**
     * The cells the options ask for, every setting checked before anything is created; the default
     * folder is only named here (the cluster creates it when it starts).
     */
    List<FidelitySettings> checkedCells() {
        double[] delayGrid = delays == null
                ? FidelitySettings.DEFAULT_DELAYS_MILLIS
                : delays.stream().mapToDouble(Double::doubleValue).toArray();
        if (grid == (writeMean != null || otherMean != null)) {
            throw new IllegalArgumentException(
                    grid
                            ? "--grid chooses the means itself: drop --w-mean-ms and --ars-mean-ms"
                            : "give --w-mean-ms and --ars-mean-ms, or --grid");
        }
        if (!grid && (writeMean == null || otherMean == null)) {
            throw new IllegalArgumentException("give both --w-mean-ms and --ars-mean-ms");
        }
        return cells(folder(), delayGrid);
    }

    /** The grid's nine cells, or the one cell of --w-mean-ms and --ars-mean-ms; each checks its settings. */
    private List<FidelitySettings> cells(Path folder, double[] delayGrid) {
        double[] writeMeans = grid ? GRID_WRITE_MEANS : new double[] {writeMean};
        double[] otherMeans = grid ? GRID_OTHER_MEANS : new double[] {otherMean};
        Optional<FidelityDatacenters> overDatacenters = datacenters();
        List<FidelitySettings> cells = new ArrayList<>();
        for (double w : writeMeans) {
            for (double other : otherMeans) {
                FidelitySettings cell = new FidelitySettings(
                        overDatacenters.isPresent() ? 1 : replicas,
                        w,
                        other,
                        writes,
                        rate,
                        delayGrid,
                        folder,
                        firstAddress);
                FidelitySettings read =
                        overDatacenters.map(cell::withDatacenters).orElse(cell).withTable(table());
                cells.add(slowReplica == null ? read : read.withSlowReplica(slowReplica));
            }
        }
        return cells;
    }

    /** The table options and read level of --speculative-retry, --read-repair and --read-consistency. */
    private FidelityTable table() {
        Optional<SpeculativeRetry> retry;
        try {
            retry = Optional.ofNullable(speculativeRetry).map(SpeculativeRetry::parse);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException("--speculative-retry " + bad.getMessage(), bad);
        }
        Optional<ReadRepair> repair;
        try {
            repair = Optional.ofNullable(readRepair).map(ReadRepair::parse);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException("--read-repair must be blocking or none, was '" + readRepair + "'", bad);
        }
        if (repair.filter(chosen -> chosen == ReadRepair.OFF).isPresent()) {
            throw new IllegalArgumentException(
                    "--read-repair sets the table's read_repair, which Cassandra knows as blocking or none, not off");
        }
        if (readConsistency != null && datacenters != null) {
            throw new IllegalArgumentException(
                    "over several datacenters the read's level is --read-level, not " + "--read-consistency");
        }
        int readReplicas =
                readConsistency == null ? 1 : ConsistencyLevel.resolve("--read-consistency", readConsistency, replicas);
        return new FidelityTable(retry, repair, readReplicas);
    }

    /** The datacenters of --datacenters and the options that go with it; checks that they go together. */
    private Optional<FidelityDatacenters> datacenters() {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        if (datacenters == null) {
            for (String option :
                    List.of("--inter-dc-mean-ms", "--write-level", "--read-level", "--write-dc", "--read-dc")) {
                if (parsed.hasMatchedOption(option)) {
                    throw new IllegalArgumentException(option + " needs --datacenters");
                }
            }
            return Optional.empty();
        }
        if (parsed.hasMatchedOption("--nodes")) {
            throw new IllegalArgumentException("give either --nodes or --datacenters, not both");
        }
        if (interDatacenterMean == null) {
            throw new IllegalArgumentException("--datacenters needs --inter-dc-mean-ms");
        }
        DatacenterReplication replication;
        try {
            replication = DatacenterReplication.parse(datacenters);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(bad.getMessage().replace("--replication", "--datacenters"), bad);
        }
        List<String> names = List.copyOf(replication.factors().keySet());
        ObservedLevels levels = new ObservedLevels(
                ConsistencyLevel.parse("--write-level", writeLevel),
                ConsistencyLevel.parse("--read-level", readLevel),
                writeDatacenter == null ? names.get(0) : writeDatacenter.trim(),
                readDatacenter == null ? names.get(names.size() - 1) : readDatacenter.trim());
        return Optional.of(new FidelityDatacenters(replication, interDatacenterMean, levels));
    }

    /** --dir, else a new temporary folder's name (the cluster creates it when it starts). */
    private Path folder() {
        return directory != null
                ? directory
                : Path.of(
                        System.getProperty("java.io.tmpdir"),
                        "pbs-fidelity-"
                                + Long.toUnsignedString(
                                        ThreadLocalRandom.current().nextLong(), 36));
    }

    @Override
    public Integer call() throws Exception {
        if (faultOptions.asked()) {
            return faultOptions.run(
                    spec.commandLine(),
                    new FidelityFaultOptions.Shared(
                            spec.commandLine().getParseResult().hasMatchedOption("--writes") ? writes : null,
                            rate,
                            writeMean,
                            otherMean,
                            folder(),
                            firstAddress,
                            format));
        }
        faultOptions.refuseWithoutFault(spec.commandLine().getParseResult());
        List<FidelitySettings> cells = checkedCells();
        if (profileOut != null) {
            new OutputFile("--profile-out", profileOut).requireWritable();
        }
        if (recordFile != null) {
            if (grid) {
                throw new IllegalArgumentException("--record keeps one cell: drop --grid, or --record");
            }
            new OutputFile("--record", recordFile).requireWritable();
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long started = System.nanoTime();
        List<FidelityResult> results;
        try (ProbeRecordWriter record =
                recordFile == null ? null : ProbeRecordWriter.create(recordFile, "pbs " + VersionProvider.version())) {
            if (record != null) {
                record.append(new ProbeEvent.Command("fidelity", CommandArguments.of(spec)));
            }
            results = FidelityExperiment.runGrid(cells, record == null ? ProbeJournal.NONE : record, line -> {
                err.println("pbs: " + line);
                err.flush();
            });
            if (record != null) {
                record.finish();
            }
        }
        if (profileOut != null) {
            new OutputFile("--profile-out", profileOut)
                    .writeAtomically(dev.pbs.formats.profile.ProfileJson.writeString(
                            results.get(results.size() - 1).profile()));
        }
        if (grid) {
            out.print(
                    format == OutputFormat.JSON ? FidelityReport.gridJson(results) : FidelityReport.gridText(results));
        } else {
            out.print(
                    format == OutputFormat.JSON
                            ? FidelityReport.json(results.get(0))
                            : FidelityReport.text(results.get(0)));
        }
        err.printf(
                Locale.ROOT,
                "pbs: done in %d s; the cluster's folder is %s%n",
                (System.nanoTime() - started) / 1_000_000_000L,
                cells.get(0).directory());
        return PbsCommandLine.EXIT_SUCCESS;
    }
}
