/**
 * The probe: measures a live Cassandra cluster with a paced workload of traced writes and reads,
 * turns each operation's trace into the delays of the WARS model's four messages (W, A, R and S)
 * per replica, and makes of them a latency profile in the engine's format, with its provenance,
 * that {@code pbs predict}, {@code pbs tune} and the service's live probes read like any other.
 */
package dev.pbs.cassandra.probe;
