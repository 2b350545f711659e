/**
 * Faults seen from outside a cluster: pauses of a node found from the timing of small requests it
 * coordinates (a paused node answers nothing, then everything at once when it resumes), turned into
 * the model's pause process ({@link dev.pbs.model.faults.PauseProcess}).
 */
package dev.pbs.cassandra.faults;
