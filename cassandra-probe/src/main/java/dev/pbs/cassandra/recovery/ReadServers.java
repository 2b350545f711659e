package dev.pbs.cassandra.recovery;

/**
 * What the traced reads of a phase showed of who served them ({@link ReadServer}).
 *
 * @param returnedNode served by the returned node itself
 * @param otherReplica served by, or also sent to, another replica
 * @param unknown whose trace showed no execution of the query (not written or not complete)
 */
public record ReadServers(long returnedNode, long otherReplica, long unknown) {

    public long traced() {
        return returnedNode + otherReplica + unknown;
    }

    ReadServers plus(ReadServer server) {
        return switch (server) {
            case RETURNED_NODE -> new ReadServers(returnedNode + 1, otherReplica, unknown);
            case OTHER_REPLICA -> new ReadServers(returnedNode, otherReplica + 1, unknown);
            case UNKNOWN -> new ReadServers(returnedNode, otherReplica, unknown + 1);
        };
    }
}
