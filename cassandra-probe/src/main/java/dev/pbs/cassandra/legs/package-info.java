/**
 * Paired legs: traced writes at ALL, each followed, a set time after its acknowledgement, by a
 * traced read at ALL of the same key, beside the probe's workload ({@link
 * dev.pbs.cassandra.legs.PairedLegs}); and the rank correlation of a replica's delays in the write
 * with its delays in the read ({@link dev.pbs.cassandra.legs.LegCorrelation}), which says whether a
 * replica that was slow for the write is slow for the read that follows it (experiment E2 of
 * docs/fidelity.md).
 */
package dev.pbs.cassandra.legs;
