package dev.pbs.montecarlo;

/** Whether replicas outside the write quorum ever receive the write. */
public enum QuorumExpansion {
    /** Dynamo-style: the write reaches every replica, the last ones after commit. The default. */
    EXPANDING,
    /**
     * The closed form's assumption: only the first W replicas to acknowledge ever hold the write.
     * Used to check the engine against {@code C(N-W, R) / C(N, R)}.
     */
    NON_EXPANDING
}
