package dev.pbs.montecarlo.tuning;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.LevelSimulationSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A level tuning question: which (write level, read level) pair, the write coordinated in one
 * datacenter, meets every requirement for reads coordinated in each of the read datacenters, at
 * the lowest latency by the objective taken at the worst read datacenter. Every candidate at every
 * read datacenter is simulated on the same draws: one {@link LevelSimulationSpec}.
 *
 * <p>A pair whose read level cannot be used in some read datacenter (a LOCAL level where no replica
 * is) is a candidate all the same: it fails there, with the reason.
 *
 * @param replicas the key's replicas by datacenter
 * @param candidates distinct pairs; every write level usable in {@code writeDatacenter}, every
 *     read level usable in at least one read datacenter
 * @param writeDatacenter the datacenter of the write's coordinator, an index into the replicas' names
 * @param readDatacenters distinct datacenters of the read's coordinator; a requirement must hold in each
 */
public record LevelTuningSpec(
        LatencyProfile profile,
        DatacenterReplicas replicas,
        List<LevelPair> candidates,
        int writeDatacenter,
        List<Integer> readDatacenters,
        List<Requirement> requirements,
        Objective objective,
        long trials,
        long seed,
        int threads) {

    public LevelTuningSpec {
        Objects.requireNonNull(profile, "profile is missing");
        Objects.requireNonNull(replicas, "replicas are missing");
        Objects.requireNonNull(objective, "objective is missing");
        requirements = List.copyOf(requirements);
        candidates = List.copyOf(new LinkedHashSet<>(candidates));
        readDatacenters = List.copyOf(new LinkedHashSet<>(readDatacenters));
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("at least one (write level, read level) pair is needed");
        }
        if (readDatacenters.isEmpty()) {
            throw new IllegalArgumentException("at least one read datacenter is needed");
        }
        for (int datacenter : readDatacenters) {
            requireDatacenter(replicas, datacenter);
        }
        requireDatacenter(replicas, writeDatacenter);
        for (LevelPair pair : candidates) {
            replicas.replicasNeeded(pair.writeLevel(), writeDatacenter);
            boolean usable = false;
            for (int datacenter : readDatacenters) {
                usable |= impossibility(replicas, configuration(pair, writeDatacenter, datacenter))
                        .isEmpty();
            }
            if (!usable) {
                throw new IllegalArgumentException(pair.readLevel() + " cannot be read in any of the read datacenters");
            }
        }
        // Checks the trials, the threads and the number of configurations.
        new LevelSimulationSpec(
                profile,
                replicas,
                possible(replicas, candidates, writeDatacenter, readDatacenters),
                trials,
                seed,
                threads,
                Tuner.grid(requirements));
    }

    /** The simulation of every candidate at every read datacenter where its read level can be used. */
    public LevelSimulationSpec simulation() {
        return new LevelSimulationSpec(
                profile, replicas, configurations(), trials, seed, threads, Tuner.grid(requirements));
    }

    /** Every (candidate, read datacenter) that can be simulated, candidate outermost. */
    public List<LevelConfiguration> configurations() {
        return possible(replicas, candidates, writeDatacenter, readDatacenters);
    }

    /** The candidate's configuration for reads coordinated in {@code readDatacenter}. */
    public LevelConfiguration configuration(LevelPair pair, int readDatacenter) {
        return configuration(pair, writeDatacenter, readDatacenter);
    }

    /** Why the configuration cannot be used, or empty when it can. */
    public Optional<String> impossibility(LevelConfiguration configuration) {
        return impossibility(replicas, configuration);
    }

    private static List<LevelConfiguration> possible(
            DatacenterReplicas replicas,
            List<LevelPair> candidates,
            int writeDatacenter,
            List<Integer> readDatacenters) {
        List<LevelConfiguration> configurations = new ArrayList<>();
        for (LevelPair pair : candidates) {
            for (int datacenter : readDatacenters) {
                LevelConfiguration configuration = configuration(pair, writeDatacenter, datacenter);
                if (impossibility(replicas, configuration).isEmpty()) {
                    configurations.add(configuration);
                }
            }
        }
        return configurations;
    }

    private static LevelConfiguration configuration(LevelPair pair, int writeDatacenter, int readDatacenter) {
        return new LevelConfiguration(pair.writeLevel(), pair.readLevel(), writeDatacenter, readDatacenter);
    }

    private static Optional<String> impossibility(DatacenterReplicas replicas, LevelConfiguration configuration) {
        try {
            replicas.validate(configuration);
            return Optional.empty();
        } catch (IllegalArgumentException notPossible) {
            return Optional.of(notPossible.getMessage());
        }
    }

    private static void requireDatacenter(DatacenterReplicas replicas, int datacenter) {
        if (datacenter < 0 || datacenter >= replicas.datacenterCount()) {
            throw new IllegalArgumentException(
                    "datacenter number " + datacenter + " is not one of the " + replicas.datacenterCount());
        }
    }
}
