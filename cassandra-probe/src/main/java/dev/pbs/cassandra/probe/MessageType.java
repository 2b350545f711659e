package dev.pbs.cassandra.probe;

/** The four one-way delays of the WARS model, by the letter the model gives them. */
public enum MessageType {
    /** Write request to the replica until it is applied there. */
    W,
    /** The replica's acknowledgement back to the coordinator. */
    A,
    /** Read request to the replica until it reads. */
    R,
    /** The replica's read response back to the coordinator. */
    S
}
