package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.calibration.TracingCost;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.model.profile.LatencyProfile;
import java.time.Duration;
import java.util.Optional;

/**
 * A fidelity run: what was measured, what was observed, and the comparison.
 *
 * @param settings the cell
 * @param measurement the probe's measurement, taken while the observation ran
 * @param prediction the default prediction, from the calibrated profile (as {@code ./pbs probe}
 *     calibrates its own)
 * @param other the same observation against the profile measured the other way about tracing's
 *     own cost (the traced delays as kept, or with a slow replica the same profile as {@code
 *     prediction}), reported beside the default
 * @param tracingCost what the calibration took off each traced message, when it took anything off
 * @param elapsed the cell's time from its start, its warm-up included, to the end of its measurement
 * @param readPath what a traced sample of the observed reads showed of the read path, against the
 *     prediction; empty when the cell traced none (it does when it sets the table's read options)
 */
public record FidelityResult(
        FidelitySettings settings,
        ProbeSnapshot measurement,
        Prediction prediction,
        Prediction other,
        Optional<TracingCost> tracingCost,
        Duration elapsed,
        Optional<ReadPathComparison> readPath) {

    /**
     * One profile's prediction of the observation.
     *
     * @param choice how the profile treated tracing's own cost
     * @param profile the measured profile the prediction used
     * @param comparison observed against predicted t-visibility and latency
     */
    public record Prediction(ProfileChoice choice, LatencyProfile profile, ObservedStaleness comparison) {}

    /** The default prediction's profile. */
    public LatencyProfile profile() {
        return prediction.profile();
    }

    /** Observed against the default prediction. */
    public ObservedStaleness comparison() {
        return prediction.comparison();
    }
}
