package dev.pbs.service.probes;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.ObservedFreshInterval;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.WindowedComparison;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.formats.report.ObservationReport;
import dev.pbs.formats.wire.Observation;
import dev.pbs.model.profile.LatencyProfile;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A probe's observation of staleness beside its windows, and what it found: the last window's
 * observed against predicted staleness (each point with the interval its observed share should
 * fall in, {@link ObservedFreshInterval}), the last problem, and how often the windows' observed
 * shares fell inside their intervals ({@link CoverageTally}).
 */
final class ProbeObservation {

    private static final Logger LOG = LoggerFactory.getLogger(ProbeObservation.class);

    private final String probe;
    private final String profileName;
    private final ObservationSettings settings;
    private final Duration window;
    private final CoverageTally coverage = new CoverageTally();

    /** The last observation as its record, built once when it is made; null before the first. */
    private volatile Observation last;
    /** Why the last window has no observation, or null. */
    private volatile String problem;

    ProbeObservation(String probe, String profileName, ObservationSettings settings, Duration window) {
        this.probe = probe;
        this.profileName = profileName;
        this.settings = settings;
        this.window = window;
    }

    /**
     * One window of the probe with the observation beside it ({@link ObservationWhileProbing}): the
     * window lasts until the observation ends, at least the configured window; the observation is
     * then compared with the profile of that window. An observation that fails leaves the window's
     * measurement as it is: the probe kept measuring beside it.
     *
     * @return what the probe measured in the window; null when {@code stopping} ended it
     */
    ProbeSnapshot window(ProbeRun run, BooleanSupplier stopping) {
        ObservationWhileProbing.Result both;
        try {
            both = ObservationWhileProbing.run(
                    run, settings, CoordinatorChoice.ROUND_ROBIN, window, Duration.ZERO, stopping);
        } catch (RuntimeException failed) {
            if (stopping.getAsBoolean()) {
                return null;
            }
            problem = "observation failed: " + failed.getMessage();
            LOG.warn("probe {}: {}; the window's measurement is kept", probe, problem);
            return run.snapshot(ProbeEvent.Measured.Purpose.WINDOW);
        }
        try {
            // the table's read path, as the command line's comparison has it
            LatencyProfile measured =
                    MeasuredProfile.withReadPath(CalibratedProfile.of(both.measurement(), profileName), run.readPath());
            int n = run.settings().replicationFactor();
            ObservedStaleness observed = ObservedFreshInterval.of(
                    WindowedComparison.compare(both, measured, profileName, n),
                    both.observation(),
                    measured,
                    n,
                    both.measurement().pairs().clientCoupling());
            last = ObservationReport.answer(observed);
            coverage.count(observed);
            problem = null;
            LOG.info("probe {}: observed staleness, RMSE against the prediction {}", probe, observed.rmse());
        } catch (RuntimeException failed) {
            problem = "the observation could not be compared with the prediction: " + failed.getMessage();
            LOG.warn("probe {}: {}", probe, problem);
        }
        return both.measurement();
    }

    /** The last window's observation, or null before the first. */
    Observation last() {
        return last;
    }

    /** Why the last window has no observation, or null. */
    String problem() {
        return problem;
    }

    /** How often the windows' observed shares fell inside their intervals, t by t. */
    List<ObservationCoverage> coverage() {
        return coverage.view();
    }
}
