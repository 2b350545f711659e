/**
 * A node's recovery after an outage, measured on a local cluster: the delays with which hinted
 * handoff replays the writes of the outage to the returned node ({@link
 * dev.pbs.cassandra.recovery.HintReplayMeasurement}), and P(consistent) of reads the node serves
 * against the time since its return ({@link dev.pbs.cassandra.recovery.RecoveryObservation},
 * {@link dev.pbs.cassandra.recovery.RecoveryCurve}).
 */
package dev.pbs.cassandra.recovery;
