package dev.pbs.cassandra.probe;

/**
 * The kinds of untraced operation the probe times ({@link ClientLatencies}): a write or a read,
 * through a coordinator that is a replica of its key or through one that is not, and the replicas
 * it waits for. Through a replica: ONE and TWO in turn (TWO with two replicas or more in the
 * coordinator's datacenter), and ALL when asked ({@code --time-all}, three replicas or more, one
 * datacenter); through another node: ONE, LOCAL_ONE over several datacenters.
 */
public enum UntracedKind {
    WRITE_AT_ONE_THROUGH_REPLICA(Operation.WRITE, Awaited.ONE, true),
    WRITE_AT_TWO_THROUGH_REPLICA(Operation.WRITE, Awaited.TWO, true),
    WRITE_AT_ALL_THROUGH_REPLICA(Operation.WRITE, Awaited.ALL, true),
    WRITE_AT_ONE_THROUGH_OTHER(Operation.WRITE, Awaited.ONE, false),
    READ_AT_ONE_THROUGH_REPLICA(Operation.READ, Awaited.ONE, true),
    READ_AT_TWO_THROUGH_REPLICA(Operation.READ, Awaited.TWO, true),
    READ_AT_ALL_THROUGH_REPLICA(Operation.READ, Awaited.ALL, true),
    READ_AT_ONE_THROUGH_OTHER(Operation.READ, Awaited.ONE, false);

    /** The answers an untraced operation waits for. */
    public enum Awaited {
        ONE,
        TWO,
        /** Every replica of the key: the slowest one's answer. */
        ALL
    }

    private final Operation operation;
    private final Awaited awaited;
    private final boolean throughReplica;

    UntracedKind(Operation operation, Awaited awaited, boolean throughReplica) {
        this.operation = operation;
        this.awaited = awaited;
        this.throughReplica = throughReplica;
    }

    /**
     * The kind of {@code operation} through a replica of its key or not, waiting for {@code
     * awaited}.
     *
     * @throws IllegalArgumentException for more than one answer through a node that is not a replica
     */
    public static UntracedKind of(Operation operation, boolean throughReplica, Awaited awaited) {
        for (UntracedKind kind : values()) {
            if (kind.operation == operation && kind.awaited == awaited && kind.throughReplica == throughReplica) {
                return kind;
            }
        }
        throw new IllegalArgumentException(
                "an untraced operation through a node that is not a replica waits for ONE, was " + awaited);
    }

    public Operation operation() {
        return operation;
    }

    public Awaited awaited() {
        return awaited;
    }

    public boolean throughReplica() {
        return throughReplica;
    }

    public boolean isWrite() {
        return operation == Operation.WRITE;
    }

    /** The answers it waits for out of {@code replicationFactor}: 1, 2, or all of them. */
    public int replicas(int replicationFactor) {
        return switch (awaited) {
            case ONE -> 1;
            case TWO -> 2;
            case ALL -> replicationFactor;
        };
    }

    /** "write TWO", "read ONE, non-replica": a row of the probe's report. */
    public String label() {
        return (isWrite() ? "write " : "read ") + awaited + (throughReplica ? "" : ", non-replica");
    }

    /** "writes at TWO through a replica of the key". */
    public String describe() {
        return (isWrite() ? "writes" : "reads") + " at " + awaited + " through "
                + (throughReplica ? "a replica of the key" : "a node that is not a replica");
    }
}
