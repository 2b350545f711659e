package dev.pbs.cli;

import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservedLevels;
import dev.pbs.cassandra.probe.DatacenterReplication;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code pbs probe}'s options for observing staleness while it measures ({@code --observe}): how
 * many writes and how fast, their consistency levels and coordinators, the delays at which each is
 * read back, and where to write the observation.
 */
final class ProbeObservationOptions {

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
            description =
                    "Writes per second during the observation, on average: a Poisson stream (default: ${DEFAULT-VALUE}).")
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
                    + "token-aware routing), token-aware (a replica of the key, whatever the number of nodes) or "
                    + "non-replicas (a node that is not a replica of the key, as with token-unaware routing; needs "
                    + "more nodes than --rf). Default: ${DEFAULT-VALUE}.")
    private String observeCoordinators;

    @Option(names = "--observe-out", paramLabel = "FILE", description = "Also write the observation as JSON.")
    private Path observeOut;

    /**
     * The observation over the probe's keyspace, or null without {@code --observe}; the
     * datacenter options are refused without {@code --replication} even then.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    ObservationSettings settings(ProbeSettings probe) {
        if (probe.datacenters().isEmpty() && (observeWriteDatacenter != null || observeReadDatacenter != null)) {
            throw new IllegalArgumentException(
                    (observeWriteDatacenter != null ? "--observe-write-dc" : "--observe-read-dc")
                            + " needs --replication");
        }
        return observe
                ? probe.datacenters()
                        .map(this::observationOverDatacenters)
                        .orElseGet(() -> observation(probe.replicationFactor()))
                : null;
    }

    /** {@code --observe-out}, or null. */
    Path observationFile() {
        return observeOut;
    }

    CoordinatorChoice coordinatorChoice() {
        return switch (observeCoordinators) {
            case "round-robin" -> CoordinatorChoice.ROUND_ROBIN;
            case "non-replicas" -> CoordinatorChoice.OUTSIDE_REPLICAS;
            case "token-aware" -> CoordinatorChoice.TOKEN_AWARE;
            default ->
                throw new IllegalArgumentException(
                        "--observe-coordinators must be round-robin, token-aware or non-replicas, was '"
                                + observeCoordinators + "'");
        };
    }

    /** The observation writes and reads at ONE, TWO, THREE, QUORUM or ALL (or a number of replicas). */
    private static String singleDatacenterLevel(String option, String level) {
        if (level != null) {
            try {
                if (ConsistencyLevel.valueOf(level.trim().toUpperCase(Locale.ROOT))
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
        DatacenterReplicas placement = replication.placement();
        int writeIndex = datacenterIndex(names, levels.writeDatacenter(), "--observe-write-dc");
        int readIndex = datacenterIndex(names, levels.readDatacenter(), "--observe-read-dc");
        placement.validate(new LevelConfiguration(levels.writeLevel(), levels.readLevel(), writeIndex, readIndex));
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
}
