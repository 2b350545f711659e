/**
 * Replicas that are not always healthy: stop-the-world pauses ({@link PauseProcess}), outages with
 * hinted handoff ({@link OutageProcess}), which replicas they strike ({@link Faults}), the state of
 * such a process at a random instant ({@link EquilibriumSampler}) and the recovery of a replica
 * after an outage ({@link HintedRecovery}). All times in milliseconds.
 */
package dev.pbs.model.faults;
