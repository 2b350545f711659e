package dev.pbs.cassandra.observe;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.model.profile.LatencyProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares an observation made beside the probe with the prediction window by window: each window
 * of the observation's writes (about {@link ObservationWhileProbing#WINDOW_SECONDS} s) is
 * predicted from the profile of what the probe measured during that window, and the predicted P
 * at each t is the mean of the windows' predictions weighted by the reads each window had at
 * that t.
 *
 * <p>A cluster whose speed changes during the observation (one warming up, a load that comes and
 * goes) is otherwise predicted from a profile that mixes its slow and its fast minutes: the model
 * then pairs a slow minute's write delays with a fast minute's client round trips, where on the
 * cluster a slow write and a late read go together, and predicts more staleness than there was.
 * Latencies are compared over the whole observation, against the whole profile, as before.
 */
public final class WindowedComparison {

    private WindowedComparison() {}

    /**
     * The comparison of the whole observation with {@code whole} (the profile of everything the
     * probe measured), its predictions replaced by the windows' weighted mean. A window whose own
     * measurement does not make a profile (too few samples of some message) is predicted from
     * {@code whole}.
     *
     * @param name the name of the windows' profiles
     */
    public static ObservedStaleness compare(
            ObservationWhileProbing.Result result, LatencyProfile whole, String name, int n) {
        // The client's part goes with the coordinator's as the whole run measured it, as the
        // calibration took it.
        double coupling = result.measurement().pairs().clientCoupling();
        ObservedStaleness overall = StalenessObserver.compare(result.observation(), whole, n, coupling);
        if (result.windows().size() < 2) {
            return overall;
        }
        Map<Double, Double> sums = new HashMap<>();
        Map<Double, Long> weights = new HashMap<>();
        for (int window = 0; window < result.windows().size(); window++) {
            RawObservation raw = result.windows().get(window);
            ObservedStaleness part = StalenessObserver.compare(
                    raw,
                    profileOf(
                            result.windowMeasurements()
                                    .get(window)
                                    .withPairs(result.measurement().pairs()),
                            whole,
                            name),
                    n,
                    coupling);
            for (ObservedPoint point : part.points()) {
                long reads = point.observed().trials();
                sums.merge(point.tMillis(), reads * point.predicted(), Double::sum);
                weights.merge(point.tMillis(), reads, Long::sum);
            }
        }
        List<ObservedPoint> points = new ArrayList<>();
        for (ObservedPoint point : overall.points()) {
            Double sum = sums.get(point.tMillis());
            long weight = weights.getOrDefault(point.tMillis(), 0L);
            if (sum == null || weight == 0) {
                points.add(point);
                continue;
            }
            points.add(new ObservedPoint(point.tMillis(), point.observed(), sum / weight, point.meanLagMillis()));
        }
        return overall.withPoints(points, result.windows().size());
    }

    /**
     * The profile of what the probe measured during one window, with {@code whole}'s read path (the
     * table's options and the snitch, which do not change from window to window). The window
     * carries the whole run's pairs of delays: a window of a 60-second probe holds a few dozen pairs
     * of a kind, fewer than a correlation needs, and how messages move together is the cluster's,
     * not the moment's.
     */
    private static LatencyProfile profileOf(ProbeSnapshot window, LatencyProfile whole, String name) {
        try {
            return MeasuredProfile.withReadPath(CalibratedProfile.of(window, name), whole.readPath());
        } catch (RuntimeException tooFewSamples) {
            return whole;
        }
    }
}
