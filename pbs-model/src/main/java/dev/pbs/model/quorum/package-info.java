/**
 * Quorum configurations (N, R, W), Cassandra's level names, and the closed forms of
 * version-based staleness.
 */
package dev.pbs.model.quorum;
