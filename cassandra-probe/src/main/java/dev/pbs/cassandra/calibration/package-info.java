/**
 * The probe's measurement model: a pure function from what a probe measured ({@link
 * dev.pbs.cassandra.probe.ProbeSnapshot}) to the profile the engine predicts from. Traced delays
 * less tracing's own cost per message ({@link dev.pbs.cassandra.calibration.TracingCost}), the
 * cost fitted so that the model reproduces the untraced operations the probe timed ({@link
 * dev.pbs.cassandra.calibration.Calibration}); its constants are in {@link
 * dev.pbs.cassandra.calibration.CalibrationSettings}. {@code ./pbs probe}, the service's probes and
 * {@code ./pbs fidelity} all call it through {@code MeasuredProfile}.
 */
package dev.pbs.cassandra.calibration;
