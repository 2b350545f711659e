package dev.pbs.questions;

import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.EchoedText;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.LevelSimulationSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The consistency levels and datacenters a prediction asks for, checked against the profile's
 * topology and turned into level configurations. Defaults: writes and reads at LOCAL_QUORUM, the
 * write coordinated in the first datacenter, reads from every datacenter. {@code every level}
 * takes every (write level, read level) pair the topology allows; {@code datacenter matrix} every
 * (write datacenter, read datacenter) pair.
 *
 * @param writeLevels level names as given, or null
 * @param readLevels level names as given, or null
 * @param writeDatacenters datacenter names as given, or null
 * @param readDatacenters datacenter names as given, or null
 * @param everyLevel every level pair the topology allows (cannot be combined with named levels)
 * @param datacenterMatrix every datacenter pair (cannot be combined with named datacenters)
 */
record LevelChoice(
        List<String> writeLevels,
        List<String> readLevels,
        List<String> writeDatacenters,
        List<String> readDatacenters,
        boolean everyLevel,
        boolean datacenterMatrix) {

    /** The datacenter a profile without datacenters is, for consistency levels. */
    static final String SINGLE_DATACENTER = "dc1";

    private static final List<ConsistencyLevel> DEFAULT_LEVELS = List.of(ConsistencyLevel.LOCAL_QUORUM);

    /** Whether any level or datacenter was asked for. */
    boolean isAsked() {
        return writeLevels != null
                || readLevels != null
                || writeDatacenters != null
                || readDatacenters != null
                || everyLevel
                || datacenterMatrix;
    }

    /**
     * The key's replicas by datacenter: the profile's topology, or for a profile without
     * datacenters one datacenter of {@code replicas} (required then).
     */
    static DatacenterReplicas replicas(LatencyProfile profile, Long replicas, Rules rules, QuestionLimits limits) {
        DatacenterTopology topology = profile.topology().orElse(null);
        if (topology == null) {
            int n = (int) rules.wholeNumber(
                    Field.N,
                    rules.required(Field.N, replicas),
                    1,
                    Math.min(limits.maxReplicas(), DatacenterReplicas.MAX_REPLICAS));
            return DatacenterReplicas.of(List.of(SINGLE_DATACENTER), new int[n]);
        }
        DatacenterReplicas placed;
        try {
            placed = topology.replicas();
        } catch (IllegalArgumentException perReplica) {
            throw new InvalidQuestionException("the profile " + profile.name() + ": " + perReplica.getMessage());
        }
        if (replicas != null && replicas != placed.replicaCount()) {
            throw rules.invalid(
                    Field.N,
                    "is " + replicas + ", but the profile " + profile.name() + " places " + placed.replicaCount()
                            + " replicas (" + placed + "); leave it out");
        }
        if (placed.replicaCount() > limits.maxReplicas()) {
            throw new InvalidQuestionException("the profile " + profile.name() + " places " + placed.replicaCount()
                    + " replicas, more than the " + limits.maxReplicas() + " allowed here");
        }
        return placed;
    }

    /**
     * The configurations asked for, every one valid for {@code replicas}; with coordinators on
     * replicas, a datacenter without replicas is left out of the defaults and the matrix, and
     * refused when named.
     */
    List<LevelConfiguration> configurations(
            DatacenterReplicas replicas, Rules rules, CoordinatorReplicaChoice coordinator) {
        if (everyLevel && (writeLevels != null || readLevels != null)) {
            throw rules.invalid(
                    Field.LEVELS,
                    "cannot be combined with " + rules.name(Field.WRITE_LEVEL) + " or " + rules.name(Field.READ_LEVEL));
        }
        if (datacenterMatrix && (writeDatacenters != null || readDatacenters != null)) {
            throw rules.invalid(
                    Field.DATACENTER_MATRIX,
                    "cannot be combined with " + rules.name(Field.WRITE_DC) + " or " + rules.name(Field.READ_DC));
        }
        List<ConsistencyLevel> writes = levels(Field.WRITE_LEVEL, writeLevels, rules);
        List<ConsistencyLevel> reads = levels(Field.READ_LEVEL, readLevels, rules);
        List<Integer> writeSites = datacentersOrDefault(Field.WRITE_DC, writeDatacenters, replicas, rules, true);
        List<Integer> readSites = datacentersOrDefault(Field.READ_DC, readDatacenters, replicas, rules, false);
        if (coordinator.any()) {
            writeSites =
                    withReplicas(Field.WRITE_DC, writeSites, writeDatacenters != null, replicas, rules, coordinator);
            readSites = withReplicas(Field.READ_DC, readSites, readDatacenters != null, replicas, rules, coordinator);
        }
        List<LevelConfiguration> configurations = new ArrayList<>();
        for (LevelConfiguration configuration :
                LevelSimulationSpec.combinations(replicas, writes, reads, writeSites, readSites)) {
            try {
                replicas.validate(configuration);
                configurations.add(configuration);
            } catch (IllegalArgumentException notPossible) {
                if (!everyLevel) {
                    throw new InvalidQuestionException(notPossible.getMessage());
                }
            }
        }
        if (configurations.isEmpty()) {
            throw new InvalidQuestionException("no level pair is possible on " + replicas);
        }
        if (configurations.size() > LevelSimulationSpec.MAX_CONFIGURATIONS) {
            throw new InvalidQuestionException("that is " + configurations.size()
                    + " (write level, read level, write datacenter, read datacenter) combinations, more than the "
                    + LevelSimulationSpec.MAX_CONFIGURATIONS + " one run evaluates: name fewer levels or datacenters");
        }
        return configurations;
    }

    private List<ConsistencyLevel> levels(Field field, List<String> names, Rules rules) {
        if (everyLevel) {
            return List.of(ConsistencyLevel.values());
        }
        if (names == null) {
            return DEFAULT_LEVELS;
        }
        return parseLevels(field, names, rules);
    }

    /** The levels named, each once, in the order given. */
    static List<ConsistencyLevel> parseLevels(Field field, List<String> names, Rules rules) {
        List<ConsistencyLevel> levels = new ArrayList<>();
        for (String name : rules.sized(field, names, ConsistencyLevel.values().length)) {
            ConsistencyLevel level;
            try {
                level = ConsistencyLevel.parse(rules.name(field), name);
            } catch (IllegalArgumentException unknown) {
                throw new InvalidQuestionException(unknown.getMessage());
            }
            if (!levels.contains(level)) {
                levels.add(level);
            }
        }
        return levels;
    }

    private List<Integer> datacentersOrDefault(
            Field field, List<String> names, DatacenterReplicas replicas, Rules rules, boolean writes) {
        if (datacenterMatrix || (names == null && !writes)) {
            return java.util.stream.IntStream.range(0, replicas.datacenterCount())
                    .boxed()
                    .toList();
        }
        if (names == null) {
            return List.of(0);
        }
        return parseDatacenters(field, names, replicas, rules);
    }

    /**
     * The sites that hold replicas, where a co-located coordinator can run: the others are left out,
     * or refused when named.
     */
    private static List<Integer> withReplicas(
            Field field,
            List<Integer> sites,
            boolean named,
            DatacenterReplicas replicas,
            Rules rules,
            CoordinatorReplicaChoice coordinator) {
        List<Integer> kept = new ArrayList<>();
        for (int site : sites) {
            if (replicas.replicationFactor(site) > 0) {
                kept.add(site);
            } else if (named) {
                throw rules.invalid(
                        field,
                        "names datacenter '" + replicas.name(site) + "', which holds no replica of the key for "
                                + "its coordinator to run on (" + coordinator.source(rules) + ")");
            }
        }
        return kept;
    }

    /** The numbers of the datacenters named, each once, in the order given. */
    static List<Integer> parseDatacenters(Field field, List<String> names, DatacenterReplicas replicas, Rules rules) {
        List<Integer> datacenters = new ArrayList<>();
        for (String name : rules.sized(field, names, replicas.datacenterCount())) {
            int index = name == null ? -1 : replicas.indexOf(name.trim());
            if (index < 0) {
                throw rules.invalid(
                        field,
                        "names datacenter '" + (name == null ? "null" : EchoedText.of(name))
                                + "', which is not one of the profile's: " + String.join(", ", replicas.names()));
            }
            if (!datacenters.contains(index)) {
                datacenters.add(index);
            }
        }
        return datacenters;
    }
}
