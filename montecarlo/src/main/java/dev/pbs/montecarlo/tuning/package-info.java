/**
 * Consistency SLAs and configuration tuning (PBS paper, section 6): minimise latency subject to
 * staleness, latency and durability requirements over a small space of (N, R, W).
 */
package dev.pbs.montecarlo.tuning;
