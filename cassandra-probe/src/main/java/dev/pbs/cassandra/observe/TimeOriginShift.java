package dev.pbs.cassandra.observe;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ConfigurationResult;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.analysis.solvers.BisectionSolver;

/**
 * Experiment E4 of docs/fidelity.md, the time origin: how far along t the prediction must move to
 * meet the observation. At each t whose observed P is below 1 by more than its standard error, the
 * shift s(t) solves P_predicted(t + lag + s) = P_observed(t), the prediction from the whole run's
 * profile with the client's round trip ({@link ClientTimeOrigin}); its standard error is the
 * observation's, sqrt(p (1 - p) / reads), divided by the predicted curve's slope there. A line s = s0
 * + k t is fitted by weighted least squares (weights 1 / se^2). A shift about constant in t points at
 * the time origin; one that grows with t does not.
 */
public final class TimeOriginShift {

    /** The widest shift searched, ms either way. */
    static final double WIDEST_SHIFT_MILLIS = 100;
    /** The step over which the predicted curve's slope is taken, ms. */
    static final double SLOPE_STEP_MILLIS = 0.25;

    private TimeOriginShift() {}

    /**
     * One t's shift.
     *
     * @param tMillis the observation's t
     * @param observed the observed P(consistent at t)
     * @param predicted the prediction at t (plus lag), before any shift
     * @param shiftMillis s(t)
     * @param standardErrorMillis its standard error
     */
    public record Point(
            double tMillis, double observed, double predicted, double shiftMillis, double standardErrorMillis) {}

    /**
     * The shifts and the line through them.
     *
     * @param points the t whose shift could be found
     * @param interceptMillis s0
     * @param interceptStandardError its standard error
     * @param slope k, ms of shift per ms of t
     * @param slopeStandardError its standard error
     */
    public record Result(
            List<Point> points,
            double interceptMillis,
            double interceptStandardError,
            double slope,
            double slopeStandardError) {

        /** The rule of E4: k within two standard errors of 0 and s0 beyond two of its own. */
        public boolean pointsAtTheOrigin() {
            return Math.abs(slope) <= 2 * slopeStandardError && Math.abs(interceptMillis) > 2 * interceptStandardError;
        }
    }

    /**
     * The shifts of an observation against the prediction from {@code profile}.
     *
     * @param coupling the client's part's coupling with the coordinator's, as the comparison took it
     */
    public static Result of(RawObservation raw, LatencyProfile profile, int n, double coupling) {
        ConfigurationResult prediction =
                StalenessObserver.predict(profile, n, raw.settings(), raw.coordinatorReplicaShare());
        ClientTimeOrigin origin = ClientTimeOrigin.of(prediction, raw.clientGapMicros(), coupling);
        double[] delays = raw.settings().delaysMillis();
        List<Point> points = new ArrayList<>();
        for (int j = 0; j < delays.length; j++) {
            long reads = raw.reads()[j];
            if (reads == 0) {
                continue;
            }
            double observed = (double) raw.fresh()[j] / reads;
            double observedError = Math.sqrt(Math.max(observed * (1 - observed), 1.0 / reads) / reads);
            if (1 - observed <= observedError) {
                continue;
            }
            double at = delays[j] + raw.lagMicros()[j] / 1000.0 / reads;
            double shift = solve(origin, at, observed);
            if (Double.isNaN(shift)) {
                continue;
            }
            double slope = (origin.consistentAt(Math.max(0, at + shift + SLOPE_STEP_MILLIS))
                            - origin.consistentAt(Math.max(0, at + shift - SLOPE_STEP_MILLIS)))
                    / (2 * SLOPE_STEP_MILLIS);
            if (!(slope > 0)) {
                continue;
            }
            points.add(new Point(delays[j], observed, origin.consistentAt(at), shift, observedError / slope));
        }
        return fit(points);
    }

    /** Most evaluations of the prediction in one bisection: 2^-100 of the interval is far below its tolerance. */
    private static final int SOLVER_EVALUATIONS = 100;

    /** The shift s with P(at + s) = target, by bisection over [-at, WIDEST]; NaN when the target is out of reach. */
    static double solve(ClientTimeOrigin origin, double at, double target) {
        double low = -at;
        double high = WIDEST_SHIFT_MILLIS;
        if (origin.consistentAt(at + low) > target || origin.consistentAt(at + high) < target) {
            return Double.NaN;
        }
        return new BisectionSolver(1e-9)
                .solve(SOLVER_EVALUATIONS, shift -> origin.consistentAt(at + shift) - target, low, high);
    }

    /** The weighted least-squares line through the shifts; NaN figures with fewer than two points. */
    static Result fit(List<Point> points) {
        if (points.size() < 2) {
            return new Result(points, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double sumWeights = 0;
        double sumT = 0;
        double sumS = 0;
        double sumTT = 0;
        double sumTS = 0;
        for (Point point : points) {
            double weight = 1 / (point.standardErrorMillis() * point.standardErrorMillis());
            sumWeights += weight;
            sumT += weight * point.tMillis();
            sumS += weight * point.shiftMillis();
            sumTT += weight * point.tMillis() * point.tMillis();
            sumTS += weight * point.tMillis() * point.shiftMillis();
        }
        double determinant = sumWeights * sumTT - sumT * sumT;
        if (!(determinant > 0)) {
            return new Result(points, sumS / sumWeights, Math.sqrt(1 / sumWeights), Double.NaN, Double.NaN);
        }
        double slope = (sumWeights * sumTS - sumT * sumS) / determinant;
        double intercept = (sumTT * sumS - sumT * sumTS) / determinant;
        return new Result(
                points, intercept, Math.sqrt(sumTT / determinant), slope, Math.sqrt(sumWeights / determinant));
    }
}
