package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.cluster.ReadRepairMeters;
import dev.pbs.cassandra.probe.ProbeEvent;
import java.util.Objects;
import java.util.Optional;

/** The events of a fidelity cell beyond its probe's and observation's ({@link ProbeEvent}). */
public interface FidelityEvent extends ProbeEvent {

    /**
     * The cell's measurement has ended.
     *
     * @param elapsedNanos the cell's time from its start (the warm-up included) to the end of its
     *     measurement
     * @param readRepairs what the coordinators' read-repair meters counted during the observation,
     *     when the cell read them
     */
    record CellMeasured(long elapsedNanos, Optional<ReadRepairMeters.Counts> readRepairs) implements FidelityEvent {

        public CellMeasured {
            Objects.requireNonNull(readRepairs, "read repairs");
        }
    }
}
