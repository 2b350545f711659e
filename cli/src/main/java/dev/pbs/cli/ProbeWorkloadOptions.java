package dev.pbs.cli;

import dev.pbs.cassandra.probe.DatacenterReplication;
import dev.pbs.cassandra.probe.ProbeSettings;
import picocli.CommandLine.Option;

/**
 * {@code pbs probe}'s options for its workload: the keyspace and its replication, the pace, how
 * long, the fraction traced, and whether untraced operations run at ALL too.
 */
final class ProbeWorkloadOptions {

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
            names = "--time-all",
            description = "Also time untraced writes and reads at ALL through a replica of their key (one "
                    + "datacenter, three replicas or more): the slowest replica's answer, which the profile must "
                    + "predict without being fitted on it. Through a replica, untraced operations then take ONE, "
                    + "TWO and ALL in turn instead of ONE and TWO.")
    private boolean timeAll;

    /**
     * The probe's settings: the connection's, then this workload's, checked in that order.
     *
     * @param replicationFactorGiven whether {@code --rf} was on the command line (it may not be
     *     given with {@code --replication})
     * @throws IllegalArgumentException naming the option at fault
     */
    ProbeSettings settings(ProbeConnectionOptions.Connection connection, boolean replicationFactorGiven) {
        ProbeSettings settings = new ProbeSettings(
                connection.contactPoints(),
                connection.localDatacenter(),
                connection.username(),
                connection.password(),
                keyspace,
                replicationFactor,
                rate,
                ProbeSettings.duration(duration),
                traceFraction);
        settings = connection.tls().map(settings::withTls).orElse(settings);
        if (replication != null) {
            if (replicationFactorGiven) {
                throw new IllegalArgumentException(
                        "give either --rf or --replication (which sets the factors), not both");
            }
            settings = settings.withDatacenters(DatacenterReplication.parse(replication));
        }
        return timeAll ? settings.withTimeAll(true) : settings;
    }

    /** {@code --rf} as given, or its default. */
    int replicationFactor() {
        return replicationFactor;
    }

    /** {@code --duration} as written, e.g. 30s. */
    String durationText() {
        return duration;
    }
}
