package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.pbs.cassandra.probe.NodeHealth;
import dev.pbs.cassandra.probe.ProbeMeasurements;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;

/**
 * What every write of one observation shares.
 *
 * @param session the probe's session
 * @param statements the write, the read and the round-trip query
 * @param coordinators which node coordinates what
 * @param events where every answer is counted (in its write's window) and kept in the run's journal
 * @param measurements the probe's measurements, whose clock times the observation's events
 * @param health the probe's per-node success and failure counts, which observed writes add to
 * @param readScheduler sends each read when it is due
 * @param inFlight permits for requests awaiting an answer, one each, which bound how many there are
 * @param readDelaysNanos the t grid in nanoseconds: when, after a write's acknowledgement reached
 *     the client, each of its reads is due
 * @param traced the sample of reads sent with tracing, and what they answered
 */
record ObservationContext(
        CqlSession session,
        ObservationStatements statements,
        ObservationCoordinators coordinators,
        ObservationEvents events,
        ProbeMeasurements measurements,
        NodeHealth health,
        ScheduledExecutorService readScheduler,
        Semaphore inFlight,
        long[] readDelaysNanos,
        TracedReads traced) {}
