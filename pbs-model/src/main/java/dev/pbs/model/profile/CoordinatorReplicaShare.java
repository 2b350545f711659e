package dev.pbs.model.profile;

/**
 * How often an operation's coordinator is itself a replica of the key it reads or writes: the
 * probability, each in [0, 1], that a write's coordinator is one of the key's replicas, and the
 * probability that a read's is. Not to be confused with {@link CoordinatorPlacement}, which says in
 * which datacenter the coordinator runs.
 *
 * <p>Where it comes from: a client that routes requests round robin over a cluster of M nodes,
 * with N replicas per key, reaches a replica of the key for N/M of its operations (3 nodes with
 * replication factor 2: 2/3); a token-aware client sends every operation to a replica (1); a client
 * whose contact points hold no replica of the keys it touches, never (0). A probe measures it as
 * the fraction of traced writes (reads) whose coordinator was a replica.
 *
 * <p>The simulation decides, per trial and independently for the write and for the read, whether
 * the coordinator is a replica (with these probabilities); when it is, it is one of the key's
 * replicas chosen uniformly (for consistency levels, one of its datacenter's), reached through
 * the profile's {@link CoordinatorReplicaPath}. {@link #NEVER} is the paper's model, {@link #ALWAYS}
 * the co-located variant.
 *
 * @param writes the probability that a write's coordinator is a replica of the key
 * @param reads the probability that a read's coordinator is a replica of the key
 */
public record CoordinatorReplicaShare(double writes, double reads) {

    /** No coordinator is a replica: the coordinator is apart from the replicas (the paper's model). */
    public static final CoordinatorReplicaShare NEVER = new CoordinatorReplicaShare(0, 0);

    /** Every coordinator is a replica (token-aware routing). */
    public static final CoordinatorReplicaShare ALWAYS = new CoordinatorReplicaShare(1, 1);

    public CoordinatorReplicaShare {
        if (!(writes >= 0 && writes <= 1)) {
            throw new IllegalArgumentException(
                    "the share of writes coordinated by a replica must be between 0 and 1, was " + writes);
        }
        if (!(reads >= 0 && reads <= 1)) {
            throw new IllegalArgumentException(
                    "the share of reads coordinated by a replica must be between 0 and 1, was " + reads);
        }
        // One zero, so that equal shares are equal records (-0.0 would differ from 0.0).
        writes = writes == 0 ? 0.0 : writes;
        reads = reads == 0 ? 0.0 : reads;
    }

    /** The given shares of writes and of reads. */
    public static CoordinatorReplicaShare of(double writes, double reads) {
        return new CoordinatorReplicaShare(writes, reads);
    }

    /** The same share for writes and reads. */
    public static CoordinatorReplicaShare uniform(double share) {
        return new CoordinatorReplicaShare(share, share);
    }

    /** {@link #ALWAYS} for true, {@link #NEVER} for false: the boolean of the co-located variant. */
    public static CoordinatorReplicaShare fromFlag(boolean coordinatorReplica) {
        return coordinatorReplica ? ALWAYS : NEVER;
    }

    /** No coordinator is ever a replica. */
    public boolean isNever() {
        return writes == 0 && reads == 0;
    }

    /** Every coordinator is a replica. */
    public boolean isAlways() {
        return writes == 1 && reads == 1;
    }

    /** Some coordinator, of a write or of a read, may be a replica (either share above 0). */
    public boolean any() {
        return writes > 0 || reads > 0;
    }

    /** Whether the shares are neither {@link #NEVER} nor {@link #ALWAYS}. */
    public boolean isPartial() {
        return !isNever() && !isAlways();
    }

    /**
     * In words: {@code "coordinators on replicas for 67% of writes and 67% of reads"}; the
     * percentages rounded to at most two decimals.
     */
    public String describe() {
        return "coordinators on replicas for " + percent(writes) + " of writes and " + percent(reads) + " of reads";
    }

    /**
     * A probability as a percentage with two decimals at most, or as many more as it takes not to
     * show a share strictly between 0 and 1 as 0% or 100%: 0.6667 as {@code 66.67%}, 0.5 as {@code
     * 50%}, 0.00001 as {@code 0.001%}.
     */
    public static String percent(double share) {
        java.math.BigDecimal exact = java.math.BigDecimal.valueOf(share).movePointRight(2);
        java.math.BigDecimal shown = exact;
        for (int scale = 2; scale <= 16; scale++) {
            shown = exact.setScale(scale, java.math.RoundingMode.HALF_EVEN);
            boolean hidesSome = shown.signum() == 0 && share > 0;
            boolean hidesNone = shown.compareTo(java.math.BigDecimal.valueOf(100)) == 0 && share < 1;
            if (!hidesSome && !hidesNone) {
                break;
            }
        }
        return shown.stripTrailingZeros().toPlainString() + "%";
    }
}
