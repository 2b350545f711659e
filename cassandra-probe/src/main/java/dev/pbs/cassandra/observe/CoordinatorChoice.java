package dev.pbs.cassandra.observe;

/** Which node coordinates an observed write and its reads. */
public enum CoordinatorChoice {
    /**
     * The datacenter's nodes in turn, writes and reads in separate rotations. With as many nodes
     * as replicas, every coordinator is itself a replica (Cassandra's usual case).
     */
    ROUND_ROBIN,
    /**
     * For each key, a node that is not one of its replicas, for the write and every read: all of
     * W, A, R and S then cross the network, as in the model with a separate coordinator. Needs more
     * nodes than replicas.
     */
    OUTSIDE_REPLICAS,
    /**
     * For each key, one of its replicas, for the write and every read (the replicas in turn), as
     * with the driver's token-aware routing: every coordinator is a replica of the key it serves,
     * whatever the number of nodes.
     */
    TOKEN_AWARE
}
