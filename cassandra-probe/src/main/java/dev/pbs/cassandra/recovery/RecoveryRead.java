package dev.pbs.cassandra.recovery;

/**
 * One read of a write made during an outage, served by the returned node.
 *
 * @param sinceReturnMillis the middle of the read's round trip, ms since the node's return
 * @param consistent whether it saw the write
 */
public record RecoveryRead(double sinceReturnMillis, boolean consistent) {}
