package dev.pbs.montecarlo;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A {@link LevelSimulationSpec} compiled into flat arrays for the hot loop: the replicas by
 * datacenter, each replica's delays, the inter-datacenter delays of the pairs in use, and the
 * distinct writes (level, datacenter) and reads (level, datacenter) the configurations combine,
 * so that each is simulated once per trial. Immutable, shared by all workers.
 */
final class LevelTrialPlan {

    /** How a write or read level picks its replicas. */
    static final int EVERY_DATACENTER = 0;

    static final int COORDINATOR_DATACENTER = 1;
    static final int EACH_DATACENTER = 2;

    final int n;
    final int datacenterCount;
    final int[] replicaDatacenter;
    final int[][] replicasIn;

    final LatencyDistribution[] write;
    final LatencyDistribution[] acknowledgement;
    final LatencyDistribution[] read;
    final LatencyDistribution[] response;
    /** pair[from][to]: the one-way delay between two datacenters; null on the diagonal. */
    final LatencyDistribution[][] pair;

    /**
     * Whether some coordinator may run on a replica of its datacenter (a share above 0): then the
     * local path is drawn, and each write and read site decides per trial whether its coordinator
     * is a replica ({@link TrialPlan#onReplica}) and which.
     */
    final boolean coordinatorReplica;
    /** The probability that a write's coordinator is a replica of its datacenter. */
    final double writeCoordinatorShare;
    /** The probability that a read's coordinator is a replica of its datacenter. */
    final double readCoordinatorShare;
    /**
     * The coordinator's own replica's W, A (write coordinator) and R, S (read coordinator): the
     * profile's local path, or no delay without one. Used only with {@code coordinatorReplica}.
     */
    final MessageDelays local;
    /** How one operation's message delays move together ({@link MessageCorrelation#NONE}: independently). */
    final MessageCorrelation correlation;
    /**
     * The probability that the read coordinator's own replica comes first among its datacenter's
     * replicas (otherwise last); NaN: uniform order.
     */
    final double localReadPreference;

    /** The datacenters that coordinate writes, and those that coordinate reads. */
    final int[] writeDatacenters;

    final int[] readDatacenters;

    /** Per write (a level at a datacenter): its index into writeDatacenters, scope and count. */
    final int[] writeSite;

    final int[] writeScope;
    /** Acknowledgements counted: k for ONE to ALL and LOCAL levels; unused for EACH_QUORUM. */
    final int[] writeCount;

    /** Per read (a level at a datacenter): its index into readDatacenters, scope and count. */
    final int[] readSite;

    final int[] readScope;
    final int[] readCount;
    /** Replicas each datacenter's quorum needs (EACH_QUORUM), 0 where a datacenter holds none. */
    final int[] quorumIn;

    /** Per configuration: its write and read, and whether it is strict (never stale). */
    final int[] configurationWrite;

    final int[] configurationRead;
    final boolean[] strict;
    final int[] partialConfigurations;
    final int configurationCount;

    final VisibilityGrid grid;
    /** Every distinct distribution the trials draw from. */
    final List<LatencyDistribution> distributions;

    LevelTrialPlan(LevelSimulationSpec spec) {
        DatacenterReplicas replicas = spec.replicas();
        n = replicas.replicaCount();
        datacenterCount = replicas.datacenterCount();
        replicaDatacenter = replicas.replicaDatacenters();
        replicasIn = new int[datacenterCount][];
        quorumIn = new int[datacenterCount];
        for (int d = 0; d < datacenterCount; d++) {
            replicasIn[d] = replicas.replicasIn(d);
            quorumIn[d] = replicasIn[d].length == 0 ? 0 : ConsistencyLevel.quorum(replicasIn[d].length);
        }
        write = new LatencyDistribution[n];
        acknowledgement = new LatencyDistribution[n];
        read = new LatencyDistribution[n];
        response = new LatencyDistribution[n];
        for (int i = 0; i < n; i++) {
            MessageDelays delays = spec.profile().delaysOf(i);
            write[i] = delays.write();
            acknowledgement[i] = delays.acknowledgement();
            read[i] = delays.read();
            response[i] = delays.response();
        }
        coordinatorReplica = spec.coordinatorReplicaShare().any();
        writeCoordinatorShare = spec.coordinatorReplicaShare().writes();
        readCoordinatorShare = spec.coordinatorReplicaShare().reads();
        correlation = spec.profile().messageCorrelation();
        CoordinatorReplicaPath path = spec.profile().coordinatorReplica().orElse(null);
        local = path != null ? path.local() : MessageDelays.all(Constant.of(0));
        localReadPreference = path != null && path.localReadPreference().isPresent()
                ? path.localReadPreference().getAsDouble()
                : Double.NaN;
        DatacenterTopology topology = spec.profile().topology().orElse(null);
        pair = new LatencyDistribution[datacenterCount][datacenterCount];
        for (int from = 0; from < datacenterCount; from++) {
            for (int to = 0; to < datacenterCount; to++) {
                if (from != to) {
                    pair[from][to] = topology.interDatacenterDelay(from, to);
                }
            }
        }

        List<LevelConfiguration> configurations = spec.configurations();
        configurationCount = configurations.size();
        List<Integer> writeSites = new ArrayList<>();
        List<Integer> readSites = new ArrayList<>();
        List<List<Integer>> writes = new ArrayList<>();
        List<List<Integer>> reads = new ArrayList<>();
        configurationWrite = new int[configurationCount];
        configurationRead = new int[configurationCount];
        strict = new boolean[configurationCount];
        for (int c = 0; c < configurationCount; c++) {
            LevelConfiguration configuration = configurations.get(c);
            configurationWrite[c] = indexOf(
                    writes,
                    List.of(
                            site(writeSites, configuration.writeDatacenter()),
                            configuration.writeLevel().ordinal()));
            configurationRead[c] = indexOf(
                    reads,
                    List.of(
                            site(readSites, configuration.readDatacenter()),
                            configuration.readLevel().ordinal()));
            strict[c] = replicas.isStrict(configuration);
        }
        writeDatacenters = writeSites.stream().mapToInt(Integer::intValue).toArray();
        readDatacenters = readSites.stream().mapToInt(Integer::intValue).toArray();
        writeSite = new int[writes.size()];
        writeScope = new int[writes.size()];
        writeCount = new int[writes.size()];
        for (int k = 0; k < writes.size(); k++) {
            writeSite[k] = writes.get(k).get(0);
            ConsistencyLevel level = ConsistencyLevel.values()[writes.get(k).get(1)];
            writeScope[k] = scope(level);
            writeCount[k] = replicas.replicasNeeded(level, writeDatacenters[writeSite[k]]);
        }
        readSite = new int[reads.size()];
        readScope = new int[reads.size()];
        readCount = new int[reads.size()];
        for (int k = 0; k < reads.size(); k++) {
            readSite[k] = reads.get(k).get(0);
            ConsistencyLevel level = ConsistencyLevel.values()[reads.get(k).get(1)];
            readScope[k] = scope(level);
            readCount[k] = replicas.replicasNeeded(level, readDatacenters[readSite[k]]);
        }
        partialConfigurations = java.util.stream.IntStream.range(0, configurationCount)
                .filter(c -> !strict[c])
                .toArray();
        grid = new VisibilityGrid(spec.visibilityGridMillis());

        Set<LatencyDistribution> distinct = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            distinct.addAll(List.of(write[i], acknowledgement[i], read[i], response[i]));
        }
        for (LatencyDistribution[] row : pair) {
            for (LatencyDistribution delay : row) {
                if (delay != null) {
                    distinct.add(delay);
                }
            }
        }
        if (coordinatorReplica) {
            distinct.addAll(List.of(local.write(), local.acknowledgement(), local.read(), local.response()));
        }
        distributions = List.copyOf(distinct);
    }

    private static int scope(ConsistencyLevel level) {
        return switch (level.scope()) {
            case EVERY_DATACENTER -> EVERY_DATACENTER;
            case COORDINATOR_DATACENTER -> COORDINATOR_DATACENTER;
            case EACH_DATACENTER -> EACH_DATACENTER;
        };
    }

    private static int site(List<Integer> sites, int datacenter) {
        int index = sites.indexOf(datacenter);
        if (index < 0) {
            sites.add(datacenter);
            index = sites.size() - 1;
        }
        return index;
    }

    private static int indexOf(List<List<Integer>> keys, List<Integer> key) {
        int index = keys.indexOf(key);
        if (index < 0) {
            keys.add(key);
            index = keys.size() - 1;
        }
        return index;
    }

    /** The acknowledgements write k waits for in all: k, or for EACH_QUORUM the sum of the quorums. */
    int writeCount(int write) {
        if (writeScope[write] != EACH_DATACENTER) {
            return writeCount[write];
        }
        int sum = 0;
        for (int quorum : quorumIn) {
            sum += quorum;
        }
        return sum;
    }

    /** Distinct writes (level, datacenter) simulated per trial. */
    int writes() {
        return writeSite.length;
    }

    /** Distinct reads (level, datacenter) simulated per trial. */
    int reads() {
        return readSite.length;
    }
}
