package dev.pbs.cassandra.probe;

/**
 * The two one-way delays of one replica in one traced operation, in microseconds: for a write, W
 * (request sent until the mutation is applied on the replica) and A (applied until the coordinator
 * has the acknowledgement); for a read, R and S likewise.
 *
 * @param replica the replica's address (host)
 * @param operation write (W, A) or read (R, S)
 * @param outboundMicros W or R
 * @param returnMicros A or S
 */
public record ReplicaDelays(String replica, Operation operation, long outboundMicros, long returnMicros) {}
