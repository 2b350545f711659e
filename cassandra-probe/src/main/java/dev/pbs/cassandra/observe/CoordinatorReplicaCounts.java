package dev.pbs.cassandra.observe;

import dev.pbs.model.profile.CoordinatorReplicaShare;

/**
 * Where an observation's coordinators were: of the observed writes (reads), how many were
 * coordinated by a replica of their key. Round robin over M nodes with N replicas per key reaches a
 * replica for about N/M of the operations; the prediction takes these shares
 * ({@link #share(boolean)}) as the engine's {@link CoordinatorReplicaShare}.
 *
 * @param writesThroughReplica writes whose coordinator was a replica of their key
 * @param writes writes counted
 * @param readsThroughReplica reads whose coordinator was a replica of their key
 * @param reads reads counted
 */
public record CoordinatorReplicaCounts(long writesThroughReplica, long writes, long readsThroughReplica, long reads) {

    /** Nothing counted. */
    public static final CoordinatorReplicaCounts NONE = new CoordinatorReplicaCounts(0, 0, 0, 0);

    public CoordinatorReplicaCounts {
        if (writes < 0 || writesThroughReplica < 0 || writesThroughReplica > writes) {
            throw new IllegalArgumentException("writes through a replica must be between 0 and the writes counted ("
                    + writes + "), was " + writesThroughReplica);
        }
        if (reads < 0 || readsThroughReplica < 0 || readsThroughReplica > reads) {
            throw new IllegalArgumentException("reads through a replica must be between 0 and the reads counted ("
                    + reads + "), was " + readsThroughReplica);
        }
    }

    /**
     * Counts in which every operation went the routing rule's way: all {@code writes} and {@code
     * reads} through a replica when {@code throughReplica}, none otherwise.
     */
    public static CoordinatorReplicaCounts all(boolean throughReplica, long writes, long reads) {
        return new CoordinatorReplicaCounts(throughReplica ? writes : 0, writes, throughReplica ? reads : 0, reads);
    }

    /** These counts and {@code other}'s added. */
    public CoordinatorReplicaCounts plus(CoordinatorReplicaCounts other) {
        return new CoordinatorReplicaCounts(
                writesThroughReplica + other.writesThroughReplica,
                writes + other.writes,
                readsThroughReplica + other.readsThroughReplica,
                reads + other.reads);
    }

    /**
     * The measured shares: writes through a replica over writes, and the same for reads. A side
     * with no operation counted takes its share from the routing rule: 1 when {@code
     * routedToReplicas} (round robin over exactly N nodes: every coordinator a replica), else 0.
     */
    public CoordinatorReplicaShare share(boolean routedToReplicas) {
        double byRule = routedToReplicas ? 1 : 0;
        return CoordinatorReplicaShare.of(
                writes == 0 ? byRule : (double) writesThroughReplica / writes,
                reads == 0 ? byRule : (double) readsThroughReplica / reads);
    }
}
