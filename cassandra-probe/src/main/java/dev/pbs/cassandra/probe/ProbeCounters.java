package dev.pbs.cassandra.probe;

/**
 * Counters of a probe's workload.
 *
 * @param issued operations sent
 * @param succeeded operations answered without error
 * @param failed operations that failed (timeouts, unavailable replicas, a node down)
 * @param skipped operations not sent because the probe fell behind its pace or too many were in flight
 * @param traced traced operations that succeeded
 * @param tracesRead traces read back and parsed
 * @param traceFailures traces that could not be read back
 * @param samplesDiscarded replicas in a trace whose events were incomplete or inconsistent
 */
public record ProbeCounters(
        long issued,
        long succeeded,
        long failed,
        long skipped,
        long traced,
        long tracesRead,
        long traceFailures,
        long samplesDiscarded) {}
