package dev.pbs.cli;

import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.ObservedLevels;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
import dev.pbs.cassandra.observe.WindowedComparison;
import dev.pbs.cassandra.probe.DatacenterReplication;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.tls.TlsOptions;
import dev.pbs.cassandra.tls.TlsSettings;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.formats.report.ObservationReport;
import dev.pbs.formats.report.ProbeReport;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.ConsistencyLevel;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pbs probe}: measures W, A, R and S on a live Cassandra cluster and writes a profile. */
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

    @Option(
            names = "--contact-point",
            required = true,
            paramLabel = "HOST:PORT",
            description = "A node to connect to first; repeat for more.")
    private List<String> contactPoints;

    @Option(
            names = "--local-dc",
            paramLabel = "NAME",
            description = "Datacenter whose nodes coordinate the probe (default: the contact points' datacenter).")
    private String localDatacenter;

    @Option(
            names = "--username",
            paramLabel = "USER",
            description = "User name, when the cluster requires authentication.")
    private String username;

    @Option(
            names = "--password-env",
            paramLabel = "VARIABLE",
            description = "Name of the environment variable holding the password (never given on the command line).")
    private String passwordVariable;

    @Option(
            names = "--password-file",
            paramLabel = "FILE",
            description = "Or a file holding the password (one trailing line end is ignored).")
    private Path passwordFile;

    @Option(
            names = "--tls",
            description = "Connect over TLS, trusting the JDK's default trust store; implied by --truststore "
                    + "and --keystore.")
    private boolean tls;

    @Option(
            names = "--truststore",
            paramLabel = "FILE",
            description = "TLS: the certificates to trust (PKCS12 or JKS; the type is read from the file).")
    private Path trustStore;

    @Option(
            names = "--truststore-password-env",
            paramLabel = "VARIABLE",
            description = "Environment variable holding the trust store's password, if it has one.")
    private String trustStorePasswordVariable;

    @Option(names = "--truststore-password-file", paramLabel = "FILE", description = "Or a file holding it.")
    private Path trustStorePasswordFile;

    @Option(
            names = "--keystore",
            paramLabel = "FILE",
            description = "Mutual TLS: the client's key and certificate (PKCS12 or JKS), for clusters that "
                    + "require client certificates.")
    private Path keyStore;

    @Option(
            names = "--keystore-password-env",
            paramLabel = "VARIABLE",
            description = "Environment variable holding the key store's password (also its key's).")
    private String keyStorePasswordVariable;

    @Option(names = "--keystore-password-file", paramLabel = "FILE", description = "Or a file holding it.")
    private Path keyStorePasswordFile;

    @Option(
            names = "--no-hostname-verification",
            description = "Accept a trusted certificate that does not name the address connected to; "
                    + "for test clusters only (verification is on by default).")
    private boolean noHostnameVerification;

    @Option(
            names = "--keyspace",
            paramLabel = "NAME",
            defaultValue = ProbeSettings.DEFAULT_KEYSPACE,
            description = "The probe's own keyspace, created if absent (default: ${DEFAULT-VALUE}).")
    private String keyspace;

    @Option(
            names = "--rf",
            paramLabel = "N",
            defaultValue = "3",
            description =
                    "Replication factor of the probe's keyspace; an existing keyspace must have it (default: ${DEFAULT-VALUE}).")
    private int replicationFactor;

    @Option(
            names = "--replication",
            paramLabel = "DC:RF,...",
            description = "A keyspace replicated over several datacenters (NetworkTopologyStrategy), e.g. "
                    + "dc1:3,dc2:3, instead of --rf: every datacenter named coordinates, each replica's delays are "
                    + "measured from its own datacenter, and the one-way delay of every pair of datacenters from the "
                    + "messages that cross them; the profile names the datacenters.")
    private String replication;

    @Option(
            names = "--rate",
            paramLabel = "OPS",
            defaultValue = "50",
            description =
                    "Operations per second, writes and reads together; never exceeded (default: ${DEFAULT-VALUE}).")
    private double rate;

    @Option(
            names = "--duration",
            paramLabel = "TIME",
            defaultValue = "60s",
            description = "How long to run, e.g. 30s, 5m (default: ${DEFAULT-VALUE}); with --observe, "
                    + "at least this long and until the observation ends.")
    private String duration;

    @Option(
            names = "--trace-fraction",
            paramLabel = "F",
            defaultValue = "0.2",
            description = "Fraction of operations traced, in (0, 1] (default: ${DEFAULT-VALUE}).")
    private double traceFraction;

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
            names = "--observe",
            description = "While measuring, observe staleness: write versions at --write-consistency, "
                    + "read each back at every t of --observe-t at --read-consistency, and compare with the prediction "
                    + "from the profile measured meanwhile.")
    private boolean observe;

    @Option(
            names = "--observe-writes",
            paramLabel = "COUNT",
            defaultValue = "500",
            description = "Writes of the observation, each read at every t (default: ${DEFAULT-VALUE}).")
    private int observeWrites;

    @Option(
            names = "--observe-rate",
            paramLabel = "WRITES",
            defaultValue = "20",
            description = "Writes per second during the observation (default: ${DEFAULT-VALUE}).")
    private double observeRate;

    @Option(
            names = "--write-consistency",
            paramLabel = "LEVEL",
            defaultValue = "ONE",
            description =
                    "Write consistency of the observation: ONE, TWO, THREE, QUORUM, ALL (default: ${DEFAULT-VALUE}).")
    private String writeConsistency;

    @Option(
            names = "--read-consistency",
            paramLabel = "LEVEL",
            defaultValue = "ONE",
            description = "Read consistency of the observation (default: ${DEFAULT-VALUE}).")
    private String readConsistency;

    @Option(
            names = "--observe-write-dc",
            paramLabel = "DC",
            description =
                    "With --replication: the datacenter whose nodes coordinate the observed writes (default: the "
                            + "first of --replication). The levels may then be any of Cassandra's (LOCAL_QUORUM, EACH_QUORUM...).")
    private String observeWriteDatacenter;

    @Option(
            names = "--observe-read-dc",
            paramLabel = "DC",
            description = "With --replication: the datacenter whose nodes coordinate the observed reads (default: the "
                    + "last of --replication).")
    private String observeReadDatacenter;

    @Option(
            names = "--observe-t",
            paramLabel = "MS",
            split = ",",
            defaultValue = "0,1,2,3,5,7,10,15,20,30,50,75,100,150,200",
            description =
                    "Delays after the write's acknowledgement at which it is read, ms (default: ${DEFAULT-VALUE}).")
    private List<Double> observeDelays;

    @Option(
            names = "--observe-coordinators",
            paramLabel = "CHOICE",
            defaultValue = "round-robin",
            description = "Which nodes coordinate the observed writes and reads: round-robin (every node of the "
                    + "datacenter in turn; with as many nodes as replicas, each is a replica of every key, as with "
                    + "token-aware routing) or non-replicas (a node that is not a replica of the key, as with "
                    + "token-unaware routing; needs more nodes than --rf). Default: ${DEFAULT-VALUE}.")
    private String observeCoordinators;

    @Option(names = "--observe-out", paramLabel = "FILE", description = "Also write the observation as JSON.")
    private Path observeOut;

    @Override
    public Integer call() {
        ProbeSettings settings = settings();
        if (settings.datacenters().isEmpty() && (observeWriteDatacenter != null || observeReadDatacenter != null)) {
            throw new IllegalArgumentException(
                    (observeWriteDatacenter != null ? "--observe-write-dc" : "--observe-read-dc")
                            + " needs --replication");
        }
        ObservationSettings observation = observe
                ? settings.datacenters()
                        .map(this::observationOverDatacenters)
                        .orElseGet(() -> observation(settings.replicationFactor()))
                : null;
        new OutputFile("--out", outFile).requireWritable();
        if (histogramLog != null) {
            new OutputFile("--hlog", histogramLog).requireWritable();
        }
        if (observeOut != null) {
            new OutputFile("--observe-out", observeOut).requireWritable();
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ProbeSnapshot snapshot;
        try (ProbeRun run = ProbeRun.connect(settings)) {
            err.printf(
                    Locale.ROOT,
                    "pbs: probing the cluster for %s at %s operations/s, tracing a fraction %s of them...%n",
                    duration,
                    rate,
                    traceFraction);
            err.flush();
            ObservationWhileProbing.Result observed = null;
            if (observation == null) {
                snapshot = run.run(() -> false);
            } else {
                err.printf(
                        Locale.ROOT,
                        "pbs: observing staleness meanwhile: %d writes at %s per second, each read at %d delays...%n",
                        observation.writes(),
                        observation.writesPerSecond(),
                        observation.delaysMillis().length);
                err.flush();
                observed = ObservationWhileProbing.run(
                        run, observation, coordinatorChoice(), settings.duration(), Duration.ZERO, () -> false);
                snapshot = observed.measurement();
            }
            LatencyProfile profile = MeasuredProfile.of(snapshot, name);
            new OutputFile("--out", outFile).writeAtomically(ProfileJson.writeString(profile));
            if (histogramLog != null) {
                new OutputFile("--hlog", histogramLog).writeAtomically(ProbeReport.histogramLog(snapshot));
            }
            out.print(ProbeReport.text(snapshot));
            out.println("profile written to " + this.outFile + " (pbs predict --profile-file " + this.outFile
                    + (settings.datacenters().isPresent()
                            ? " --levels all --dc-matrix)"
                            : " --n " + profile.fixedReplicaCount().orElse(replicationFactor) + " --all)"));
            out.flush();
            if (observed != null) {
                ObservedStaleness comparison = WindowedComparison.compare(
                        observed, profile, name, settings.replicationFactor(), StalenessObserver.DEFAULT_CORRECTION);
                out.println();
                out.print(ObservationReport.text(comparison));
                if (observeOut != null) {
                    new OutputFile("--observe-out", observeOut).writeAtomically(ObservationReport.json(comparison));
                }
            }
        }
        return PbsCommandLine.EXIT_SUCCESS;
    }

    private CoordinatorChoice coordinatorChoice() {
        return switch (observeCoordinators) {
            case "round-robin" -> CoordinatorChoice.ROUND_ROBIN;
            case "non-replicas" -> CoordinatorChoice.OUTSIDE_REPLICAS;
            default ->
                throw new IllegalArgumentException("--observe-coordinators must be round-robin or non-replicas, was '"
                        + observeCoordinators + "'");
        };
    }

    /** The observation writes and reads at ONE, TWO, THREE, QUORUM or ALL (or a number of replicas). */
    private static String singleDatacenterLevel(String option, String level) {
        if (level != null) {
            try {
                if (ConsistencyLevel.valueOf(level.trim().toUpperCase(java.util.Locale.ROOT))
                                .scope()
                        != ConsistencyLevel.Scope.EVERY_DATACENTER) {
                    throw new IllegalArgumentException(option + " must be a number or one of ONE, TWO, THREE, QUORUM, "
                            + "ALL: the observation does not use datacenter levels, was '" + level.trim() + "'");
                }
            } catch (IllegalArgumentException notALevel) {
                if (notALevel.getMessage() != null && notALevel.getMessage().startsWith(option)) {
                    throw notALevel;
                }
            }
        }
        return level;
    }

    private ObservationSettings observation(int n) {
        coordinatorChoice();
        int w = ConsistencyLevel.resolve(
                "--write-consistency", singleDatacenterLevel("--write-consistency", writeConsistency), n);
        int r = ConsistencyLevel.resolve(
                "--read-consistency", singleDatacenterLevel("--read-consistency", readConsistency), n);
        return new ObservationSettings(
                w,
                r,
                observeWrites,
                observeRate,
                observeDelays.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * The observation over several datacenters: writes at --write-consistency through nodes of the
     * write datacenter, reads at --read-consistency through nodes of the read datacenter, both
     * outside the key's replicas (the level prediction's coordinators are never replicas).
     */
    private ObservationSettings observationOverDatacenters(DatacenterReplication replication) {
        if (coordinatorChoice() != CoordinatorChoice.OUTSIDE_REPLICAS) {
            throw new IllegalArgumentException(
                    "--observe with --replication predicts coordinators that are not replicas"
                            + " of the key: add --observe-coordinators non-replicas (each datacenter needs a node more than its "
                            + "replicas)");
        }
        List<String> names = List.copyOf(replication.factors().keySet());
        ObservedLevels levels = new ObservedLevels(
                ConsistencyLevel.parse("--write-consistency", writeConsistency),
                ConsistencyLevel.parse("--read-consistency", readConsistency),
                observeWriteDatacenter == null ? names.get(0) : observeWriteDatacenter.trim(),
                observeReadDatacenter == null ? names.get(names.size() - 1) : observeReadDatacenter.trim());
        dev.pbs.model.quorum.DatacenterReplicas placement = replication.placement();
        int writeIndex = datacenterIndex(names, levels.writeDatacenter(), "--observe-write-dc");
        int readIndex = datacenterIndex(names, levels.readDatacenter(), "--observe-read-dc");
        placement.validate(new dev.pbs.model.quorum.LevelConfiguration(
                levels.writeLevel(), levels.readLevel(), writeIndex, readIndex));
        return new ObservationSettings(
                        1,
                        1,
                        observeWrites,
                        observeRate,
                        observeDelays.stream().mapToDouble(Double::doubleValue).toArray())
                .withLevels(
                        levels,
                        placement.replicasNeeded(levels.writeLevel(), writeIndex),
                        placement.replicasNeeded(levels.readLevel(), readIndex));
    }

    private static int datacenterIndex(List<String> names, String datacenter, String option) {
        int index = names.indexOf(datacenter);
        if (index < 0) {
            throw new IllegalArgumentException(option + " " + datacenter + " is not one of --replication's " + names);
        }
        return index;
    }

    private ProbeSettings settings() {
        List<InetSocketAddress> points = ProbeSettings.contactPoints(contactPoints);
        if (username == null && (passwordVariable != null || passwordFile != null)) {
            throw new IllegalArgumentException(
                    (passwordVariable != null ? "--password-env" : "--password-file") + " needs --username");
        }
        Optional<String> password =
                ProbeSettings.passwordFrom(passwordVariable, passwordFile, "--password-env", "--password-file");
        Optional<TlsSettings> tlsSettings = new TlsOptions(
                        TlsOptions.COMMAND_LINE,
                        tls,
                        trustStore,
                        trustStorePasswordVariable,
                        trustStorePasswordFile,
                        keyStore,
                        keyStorePasswordVariable,
                        keyStorePasswordFile,
                        !noHostnameVerification)
                .settings();
        // Every store is read now, so that a problem with one is reported before anything else.
        tlsSettings.ifPresent(TlsSettings::sslContext);
        ProbeSettings settings = new ProbeSettings(
                points,
                Optional.ofNullable(localDatacenter),
                Optional.ofNullable(username),
                password,
                keyspace,
                replicationFactor,
                rate,
                ProbeSettings.duration(duration),
                traceFraction);
        settings = tlsSettings.map(settings::withTls).orElse(settings);
        if (replication != null) {
            if (spec.commandLine().getParseResult().hasMatchedOption("--rf")) {
                throw new IllegalArgumentException(
                        "give either --rf or --replication (which sets the factors), not both");
            }
            settings = settings.withDatacenters(DatacenterReplication.parse(replication));
        }
        return settings;
    }
}
