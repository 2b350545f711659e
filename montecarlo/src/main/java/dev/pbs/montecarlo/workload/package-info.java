/**
 * Staleness under a workload's real write arrivals: how many reads a day come back stale, and how
 * many versions behind, when each key is written as a Poisson process rather than all at once
 * ({@link dev.pbs.montecarlo.workload.WorkloadStaleness}).
 */
package dev.pbs.montecarlo.workload;
