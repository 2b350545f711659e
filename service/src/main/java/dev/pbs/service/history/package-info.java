/**
 * A probe's history: its last live profiles and their predictions, kept on disk in the data
 * directory ({@link dev.pbs.service.history.ProbeHistory}), each with which messages' delays moved
 * against the week before ({@link dev.pbs.model.drift.DelayDrift}).
 */
package dev.pbs.service.history;
