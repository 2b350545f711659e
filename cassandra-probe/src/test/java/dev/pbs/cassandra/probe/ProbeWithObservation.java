package dev.pbs.cassandra.probe;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.WindowedComparison;
import dev.pbs.cassandra.testing.ObservationPrinter;
import dev.pbs.model.profile.LatencyProfile;
import java.time.Duration;

/**
 * The probe with an observation of staleness beside it, as {@code ./pbs probe --observe} runs
 * them: W = R = ONE through round-robin coordinators, the observed writes read at the default
 * delays, predicted window by window from the profile the probe measured (with the table's read
 * path and the snitch as the cluster has them), and printed.
 *
 * @param snapshot what the probe measured
 * @param profile the profile predicted from
 * @param observed the observation against the prediction
 */
record ProbeWithObservation(ProbeSnapshot snapshot, LatencyProfile profile, ObservedStaleness observed) {

    /**
     * Runs the probe with {@code settings} and, beside it for as long, {@code writes} observed writes
     * at {@code writesPerSecond}.
     */
    static ProbeWithObservation run(ProbeSettings settings, int writes, double writesPerSecond) {
        try (ProbeRun run = ProbeRun.connect(settings)) {
            ObservationWhileProbing.Result both = ObservationWhileProbing.run(
                    run,
                    new ObservationSettings(1, 1, writes, writesPerSecond, ObservationSettings.DEFAULT_DELAYS_MILLIS),
                    CoordinatorChoice.ROUND_ROBIN,
                    settings.duration(),
                    Duration.ZERO,
                    () -> false);
            ProbeSnapshot measured = both.measurement();
            LatencyProfile profile =
                    MeasuredProfile.withReadPath(CalibratedProfile.of(measured, "measured-it"), run.readPath());
            ObservedStaleness observed =
                    WindowedComparison.compare(both, profile, "measured-it", settings.replicationFactor());
            System.out.printf(
                    "probe: %s%nobserved staleness RMSE %.4f (noise floor %.4f, %d prediction windows), latency "
                            + "NRMSE %.4f%n",
                    measured.operations(),
                    observed.rmse(),
                    observed.noiseFloor(),
                    observed.predictionWindows(),
                    observed.latencyNrmse());
            ObservationPrinter.printPoints(observed);
            ObservationPrinter.printLatencies(observed);
            return new ProbeWithObservation(measured, profile, observed);
        }
    }
}
