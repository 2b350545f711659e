package dev.pbs.model.profile;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What happens when the coordinator of an operation is itself one of the key's replicas (the
 * usual case with token-aware clients): the replica on the coordinator's own node is reached
 * without a message, through its own delays, and it may be preferred for reads.
 *
 * <p>Used only by the co-located variant (the coordinator is a replica); a profile without this
 * path gives the coordinator's own replica no delay and picks read targets uniformly.
 *
 * @param local the coordinator's own replica, ms, measured from the moment the coordinator starts
 *     the request (as every replica's delays are): W until the coordinator has applied the write
 *     locally, A until the local acknowledgement counts, R until the local read executes, S until
 *     its result counts
 * @param localReadPreference the probability, in [0, 1], that a targeted read puts the
 *     coordinator's own replica first among the replicas it asks (Cassandra's dynamic snitch ranks
 *     the local replica best most of the time); when it does not, the local replica comes last.
 *     Empty: the targets are chosen uniformly at random, the local replica like any other
 */
public record CoordinatorReplicaPath(MessageDelays local, OptionalDouble localReadPreference) {

    public CoordinatorReplicaPath {
        Objects.requireNonNull(local, "the local replica's delays are missing");
        Objects.requireNonNull(localReadPreference, "local read preference is missing (use OptionalDouble.empty())");
        if (localReadPreference.isPresent()) {
            double preference = localReadPreference.getAsDouble();
            if (!(preference >= 0 && preference <= 1)) {
                throw new IllegalArgumentException(
                        "the local read preference is a probability between 0 and 1, was " + preference);
            }
        }
    }
}
