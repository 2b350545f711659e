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
 * them: the profile follows from the probe's measurement by the one calibration, with the table's
 * read path and the snitch as the cluster has them, and the prediction is compared with the
 * observation window by window.
 *
 * @param snapshot what the probe measured
 * @param profile the profile predicted from
 * @param observed the observation against the prediction
 */
record ProbeWithObservation(ProbeSnapshot snapshot, LatencyProfile profile, ObservedStaleness observed) {

    /**
     * Runs the probe with {@code settings} and, beside it for as long, the {@code observation}
     * through {@code coordinators}; the profile is named {@code name}.
     */
    static ProbeWithObservation run(
            ProbeSettings settings, ObservationSettings observation, CoordinatorChoice coordinators, String name) {
        try (ProbeRun run = ProbeRun.connect(settings)) {
            ObservationWhileProbing.Result both = ObservationWhileProbing.run(
                    run, observation, coordinators, settings.duration(), Duration.ZERO, () -> false);
            ProbeSnapshot measured = both.measurement();
            LatencyProfile profile = MeasuredProfile.withReadPath(CalibratedProfile.of(measured, name), run.readPath());
            ObservedStaleness observed = WindowedComparison.compare(both, profile, name, settings.replicationFactor());
            return new ProbeWithObservation(measured, profile, observed);
        }
    }

    /** W = R = ONE through round-robin coordinators: {@code writes} writes at {@code writesPerSecond}. */
    static ProbeWithObservation writeOneReadOne(ProbeSettings settings, int writes, double writesPerSecond) {
        return run(
                settings,
                new ObservationSettings(1, 1, writes, writesPerSecond, ObservationSettings.DEFAULT_DELAYS_MILLIS),
                CoordinatorChoice.ROUND_ROBIN,
                "measured-it");
    }

    /** Prints the probe's counters, the staleness and latency figures, and the points. */
    ProbeWithObservation print() {
        System.out.printf(
                "probe: %s%nobserved staleness RMSE %.4f (noise floor %.4f, %d prediction windows), latency "
                        + "NRMSE %.4f%n",
                snapshot.operations(),
                observed.rmse(),
                observed.noiseFloor(),
                observed.predictionWindows(),
                observed.latencyNrmse());
        ObservationPrinter.printPoints(observed);
        ObservationPrinter.printLatencies(observed);
        return this;
    }
}
