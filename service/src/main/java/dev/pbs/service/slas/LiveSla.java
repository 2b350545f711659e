package dev.pbs.service.slas;

import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.montecarlo.tuning.Requirement;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A configuration a probe predicts at every refresh, and the requirements it must meet.
 *
 * @param writeLevel the writes' consistency level
 * @param readLevel the reads' consistency level
 * @param readDatacenter the datacenter whose reads are predicted, for a cluster with datacenters;
 *     empty: each datacenter
 * @param requirements what must hold (none: the configuration is only predicted)
 */
public record LiveSla(
        ConsistencyLevel writeLevel,
        ConsistencyLevel readLevel,
        Optional<String> readDatacenter,
        List<Requirement> requirements) {

    public LiveSla {
        Objects.requireNonNull(writeLevel, "writeLevel");
        Objects.requireNonNull(readLevel, "readLevel");
        Objects.requireNonNull(readDatacenter, "readDatacenter");
        requirements = List.copyOf(requirements);
    }
}
