package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.model.profile.LatencyProfile;
import java.time.Duration;

/**
 * A fidelity run: what was measured, what was observed, and the comparison.
 *
 * @param settings the cell
 * @param measurement the probe's measurement, taken while the observation ran
 * @param profile the measured profile the prediction used
 * @param comparison observed against predicted t-visibility and latency
 * @param otherTracing the same observation against the profile measured the other way about
 *     tracing's own cost: with it divided out over one datacenter (where {@code profile} keeps it),
 *     kept over several (where {@code profile} divides it out)
 * @param tracingSubtracted the same observation against the profile with tracing's own cost
 *     subtracted as a constant per message, and that constant; empty over several datacenters and
 *     with a slow replica
 * @param elapsed the whole run, cluster start and stop included
 * @param readPath what a traced sample of the observed reads showed of the read path, against the
 *     prediction; empty when the cell traced none (it does when it sets the table's read options)
 */
public record FidelityResult(
        FidelitySettings settings,
        ProbeSnapshot measurement,
        LatencyProfile profile,
        ObservedStaleness comparison,
        ObservedStaleness otherTracing,
        java.util.Optional<TracingSubtracted> tracingSubtracted,
        Duration elapsed,
        java.util.Optional<ReadPathComparison> readPath) {

    /**
     * The observation against the profile with tracing's cost subtracted.
     *
     * @param shift what was subtracted from each message, and why
     * @param comparison observed against predicted t-visibility and latency
     */
    public record TracingSubtracted(dev.pbs.cassandra.probe.TracingShift shift, ObservedStaleness comparison) {}

    /**
     * How far the observation lies outside what the measurement cannot tell apart: the band of the
     * model alone and the round trip, for both profiles (see {@link
     * ObservedStaleness#rmseOutsideMeasurementBand(ObservedStaleness)}).
     */
    public double rmseOutsideMeasurementBand() {
        return comparison.rmseOutsideMeasurementBand(otherTracing);
    }
}
