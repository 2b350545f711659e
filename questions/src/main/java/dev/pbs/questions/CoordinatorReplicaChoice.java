package dev.pbs.questions;

import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;

/**
 * How often a question's coordinators run on replicas, and who said so: the question, through one of
 * its two fields ({@link Field#COORDINATOR_REPLICA}, the shorthand for every coordinator, or
 * {@link Field#COORDINATOR_REPLICA_SHARE}), or, when it gave neither, the profile's measured share
 * ({@link LatencyProfile#coordinatorReplicaShare()}), else none.
 *
 * @param share the shares of writes and reads to simulate
 * @param field the question's field that gave them; null when they come from the profile or are the
 *     default
 * @param profileName the profile whose measurement gave them; null when the question did, or when
 *     neither did
 */
record CoordinatorReplicaChoice(CoordinatorReplicaShare share, Field field, String profileName) {

    /**
     * What the question gave (either may be null), else the profile's measurement, else none.
     *
     * @param flag the shorthand, or null when not given
     * @param writes the share of writes given, or null
     * @param reads the share of reads given, or null
     * @throws InvalidQuestionException when both fields are given, or the shares are not
     *     probabilities
     */
    static CoordinatorReplicaChoice resolve(
            Boolean flag, Double writes, Double reads, LatencyProfile profile, Rules rules) {
        boolean shareGiven = writes != null || reads != null;
        if (flag != null && shareGiven) {
            throw rules.invalid(
                    Field.COORDINATOR_REPLICA,
                    "cannot be combined with " + rules.name(Field.COORDINATOR_REPLICA_SHARE) + ": give one of them ("
                            + rules.name(Field.COORDINATOR_REPLICA) + " is a share of 1 for writes and reads)");
        }
        if (flag != null) {
            return new CoordinatorReplicaChoice(
                    CoordinatorReplicaShare.fromFlag(flag), Field.COORDINATOR_REPLICA, null);
        }
        if (shareGiven) {
            if (writes == null || reads == null) {
                throw rules.invalid(
                        Field.COORDINATOR_REPLICA_SHARE, "needs both the share of writes and the share of reads");
            }
            boolean uniform = writes.equals(reads);
            requireShare(writes, uniform ? "" : " for writes", rules);
            requireShare(reads, " for reads", rules);
            return new CoordinatorReplicaChoice(
                    CoordinatorReplicaShare.of(writes, reads), Field.COORDINATOR_REPLICA_SHARE, null);
        }
        return profile.coordinatorReplicaShare()
                .map(measured -> new CoordinatorReplicaChoice(measured, null, profile.name()))
                .orElse(new CoordinatorReplicaChoice(CoordinatorReplicaShare.NEVER, null, null));
    }

    private static void requireShare(double share, String which, Rules rules) {
        if (!(share >= 0 && share <= 1)) {
            throw rules.invalid(
                    Field.COORDINATOR_REPLICA_SHARE,
                    "must hold shares between 0 and 1, had " + Rules.text(share) + which);
        }
    }

    /**
     * This choice, or coordinators apart from the replicas when it only came from the profile's
     * measurement: what is simulated only with the coordinator apart (faulty replicas, session
     * guarantees) then runs that way, rather than refuse a default the question never gave.
     */
    CoordinatorReplicaChoice apartUnlessGiven() {
        return field == null && share.any()
                ? new CoordinatorReplicaChoice(CoordinatorReplicaShare.NEVER, null, null)
                : this;
    }

    /** Whether some coordinator may run on a replica. */
    boolean any() {
        return share.any();
    }

    /** Who put coordinators on replicas, for messages: the field, or the profile's measurement. */
    String source(Rules rules) {
        return field != null
                ? rules.name(field)
                : "the coordinator_replica_share of the profile " + profileName + " (" + share.describe() + ")";
    }

    /**
     * Refuses coordinators on replicas where the question asks for what is simulated with the
     * coordinator apart from the replicas: naming the question's field, or, when the profile's
     * measurement put them there, saying so and how to leave them apart.
     *
     * @param problem what cannot be combined, and why: {@code "cannot be combined with faults: ..."}
     */
    InvalidQuestionException refuse(Rules rules, String problem) {
        if (field != null) {
            return rules.invalid(field, problem);
        }
        return new InvalidQuestionException(source(rules) + " " + problem + " (give "
                + rules.name(Field.COORDINATOR_REPLICA_SHARE) + " 0 to put every coordinator apart)");
    }
}
