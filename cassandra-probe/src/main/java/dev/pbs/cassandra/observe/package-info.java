/**
 * Observed staleness: measures on a live Cassandra cluster how often reads at a given consistency
 * level miss a write t ms after it was acknowledged, as a client sees it, and compares that
 * observation with the model's prediction from the profile the probe measured on the same cluster.
 */
package dev.pbs.cassandra.observe;
