package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.recovery.HintReplayMeasurement;
import dev.pbs.cassandra.recovery.RecoveryCurve;
import dev.pbs.cassandra.recovery.RecoveryObservation;
import dev.pbs.cassandra.recovery.ReplayDelays;
import dev.pbs.model.faults.OutageProcess;
import java.time.Duration;
import java.util.List;

/**
 * The outage-recovery cell's run.
 *
 * @param settings the cell
 * @param measurements the first step's outages, each with its hint replay delays
 * @param replayDelays their delays pooled: the delay the prediction used
 * @param observations the second step's outages, each with its reads at the returned node
 * @param process the outage process the prediction used (the measured replay delay, Cassandra's hint window)
 * @param outageMillis the outages' length in the prediction: from the stop to the return, ms, their mean
 * @param curve the second step's reads pooled, observed against predicted P(consistent) by time since the return
 * @param elapsed the whole run, from the start of the cluster to the comparison
 */
public record OutageRecoveryResult(
        OutageRecoverySettings settings,
        List<HintReplayMeasurement.Result> measurements,
        ReplayDelays replayDelays,
        List<RecoveryObservation.Result> observations,
        OutageProcess process,
        double outageMillis,
        RecoveryCurve curve,
        Duration elapsed) {

    public OutageRecoveryResult {
        measurements = List.copyOf(measurements);
        observations = List.copyOf(observations);
    }
}
