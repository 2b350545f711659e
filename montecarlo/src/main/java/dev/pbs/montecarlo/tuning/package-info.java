/**
 * Consistency SLAs and configuration tuning (PBS paper, section 6): minimise latency subject to
 * staleness, latency and durability requirements over a small space of (N, R, W) ({@link
 * dev.pbs.montecarlo.tuning.Tuner}), or of Cassandra's (write level, read level) pairs across
 * datacenters, where every requirement must hold for reads coordinated in every read datacenter
 * ({@link dev.pbs.montecarlo.tuning.LevelTuner}).
 */
package dev.pbs.montecarlo.tuning;
