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
 * @param elapsed the whole run, cluster start and stop included
 */
public record FidelityResult(
        FidelitySettings settings,
        ProbeSnapshot measurement,
        LatencyProfile profile,
        ObservedStaleness comparison,
        Duration elapsed) {}
