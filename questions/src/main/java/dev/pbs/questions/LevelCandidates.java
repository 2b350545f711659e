package dev.pbs.questions;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.tuning.LevelPair;
import dev.pbs.montecarlo.tuning.LevelTuningSpec;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.Requirement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The (write level, read level) pairs a level tuning question tries, the write's datacenter and
 * the read datacenters its requirements must hold in, checked against the topology. Defaults:
 * every level for writes and for reads, the write coordinated in the first datacenter, reads in
 * every datacenter.
 *
 * <p>A level named for the write must be usable in the write's datacenter, a level named for the
 * read in every read datacenter (else the question is refused). Unnamed, the levels not usable
 * there are left out, except a read level usable in some read datacenters but not in others: that
 * pair stays, and fails in the others with the reason.
 *
 * @param writeLevels level names as given, or null for every level
 * @param readLevels level names as given, or null for every level
 * @param writeDatacenters the write's datacenter as given (one name), or null for the first
 * @param readDatacenters datacenter names as given, or null for every datacenter
 */
record LevelCandidates(
        List<String> writeLevels,
        List<String> readLevels,
        List<String> writeDatacenters,
        List<String> readDatacenters) {

    /** Whether any level or datacenter was named. */
    boolean isAsked() {
        return writeLevels != null || readLevels != null || writeDatacenters != null || readDatacenters != null;
    }

    /** @throws InvalidQuestionException naming the first problem found */
    LevelTuningSpec spec(
            LatencyProfile profile,
            DatacenterReplicas replicas,
            List<Requirement> requirements,
            Objective objective,
            long trials,
            long seed,
            int threads,
            Rules rules) {
        int writeDatacenter = writeDatacenter(replicas, rules);
        List<Integer> reads = readDatacenters == null
                ? IntStream.range(0, replicas.datacenterCount()).boxed().toList()
                : LevelChoice.parseDatacenters(Field.READ_DC, readDatacenters, replicas, rules);
        List<ConsistencyLevel> writes = new ArrayList<>();
        for (ConsistencyLevel level : levels(Field.WRITE_LEVEL, writeLevels, rules)) {
            String problem = problem(replicas, level, writeDatacenter);
            if (problem == null) {
                writes.add(level);
            } else if (writeLevels != null) {
                throw new InvalidQuestionException(rules.name(Field.WRITE_LEVEL) + ": " + problem);
            }
        }
        List<ConsistencyLevel> readable = new ArrayList<>();
        for (ConsistencyLevel level : levels(Field.READ_LEVEL, readLevels, rules)) {
            List<String> problems = new ArrayList<>();
            for (int datacenter : reads) {
                String problem = problem(replicas, level, datacenter);
                if (problem != null) {
                    problems.add(problem);
                }
            }
            if (readLevels != null && !problems.isEmpty()) {
                throw new InvalidQuestionException(rules.name(Field.READ_LEVEL) + ": " + problems.get(0)
                        + (readDatacenters == null
                                ? " (reads are tried in every datacenter unless " + rules.name(Field.READ_DC)
                                        + " names some)"
                                : ""));
            }
            if (problems.size() < reads.size()) {
                readable.add(level);
            }
        }
        if (writes.isEmpty() || readable.isEmpty()) {
            throw new InvalidQuestionException("no (write level, read level) pair is possible on " + replicas);
        }
        List<LevelPair> pairs = new ArrayList<>();
        long configurations = 0;
        for (ConsistencyLevel write : writes) {
            for (ConsistencyLevel read : readable) {
                pairs.add(new LevelPair(write, read));
                for (int datacenter : reads) {
                    configurations += problem(replicas, read, datacenter) == null ? 1 : 0;
                }
            }
        }
        if (configurations > LevelSimulationSpec.MAX_CONFIGURATIONS) {
            throw new InvalidQuestionException("that is " + configurations
                    + " (write level, read level, read datacenter) combinations, more than the "
                    + LevelSimulationSpec.MAX_CONFIGURATIONS + " one run evaluates: name fewer levels with "
                    + rules.name(Field.WRITE_LEVEL) + " or " + rules.name(Field.READ_LEVEL) + ", or fewer read "
                    + "datacenters with " + rules.name(Field.READ_DC));
        }
        try {
            return new LevelTuningSpec(
                    profile, replicas, pairs, writeDatacenter, reads, requirements, objective, trials, seed, threads);
        } catch (IllegalArgumentException rejected) {
            throw new InvalidQuestionException(rejected.getMessage());
        }
    }

    private int writeDatacenter(DatacenterReplicas replicas, Rules rules) {
        if (writeDatacenters == null) {
            return 0;
        }
        List<Integer> named = LevelChoice.parseDatacenters(Field.WRITE_DC, writeDatacenters, replicas, rules);
        if (named.size() > 1) {
            throw rules.invalid(
                    Field.WRITE_DC,
                    "names one datacenter when tuning (the write's coordinator), had " + writeDatacenters.size() + ": "
                            + String.join(", ", writeDatacenters));
        }
        return named.get(0);
    }

    private static List<ConsistencyLevel> levels(Field field, List<String> names, Rules rules) {
        return names == null ? List.of(ConsistencyLevel.values()) : LevelChoice.parseLevels(field, names, rules);
    }

    /** Why the level cannot be used from the datacenter, or null when it can. */
    private static String problem(DatacenterReplicas replicas, ConsistencyLevel level, int datacenter) {
        try {
            replicas.replicasNeeded(level, datacenter);
            return null;
        } catch (IllegalArgumentException notPossible) {
            return notPossible.getMessage();
        }
    }
}
