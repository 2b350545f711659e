package dev.pbs.model.readpath;

import java.util.Objects;

/**
 * A cluster's read path as configured: the table's {@code speculative_retry} and {@code
 * read_repair} options and the dynamic snitch's choice of replicas. A profile measured by the
 * probe carries it, so that its predictions read as the cluster does.
 */
public record ReadPath(SpeculativeRetry speculativeRetry, ReadRepair readRepair, ReplicaChoice replicaChoice) {

    public ReadPath {
        Objects.requireNonNull(speculativeRetry, "speculative retry is missing");
        Objects.requireNonNull(readRepair, "read repair is missing");
        Objects.requireNonNull(replicaChoice, "replica choice is missing");
    }
}
