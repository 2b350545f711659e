package dev.pbs.cassandra.observe;

import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.WilsonScoreInterval;

/**
 * The rule a cell of the fidelity checks meets (docs/fidelity.md, "Calibration cells and validation
 * cells"): its t-visibility RMSE at most max(0.5%, 1.5 noise floors); the prediction inside the
 * observation's 99% Wilson interval, or within 0.1 point of it, at every t but at most one (a right
 * model misses that in about 1 cell in 100); its latency N-RMSE over p50 to p99 at most max(10%, 1.5
 * latency noise floors).
 */
public final class CellRule {

    /** The observation's interval at each t. */
    static final double CONFIDENCE = 0.99;

    /** How far outside the interval a prediction may lie and still count as inside: 0.1 point. */
    static final double INTERVAL_SLACK = 0.001;

    private CellRule() {}

    /**
     * A cell's figures against the rule.
     *
     * @param rmse the t-visibility RMSE
     * @param stalenessGoal max(0.5%, 1.5 noise floors)
     * @param pointsOutside the t at which the prediction lies outside the 99% interval by more than
     *     0.1 point
     * @param latencyNrmse the latency N-RMSE (NaN when no latency was compared)
     * @param latencyGoal max(10%, 1.5 latency noise floors)
     */
    public record Verdict(
            double rmse, double stalenessGoal, int pointsOutside, double latencyNrmse, double latencyGoal) {

        /** Whether the cell meets the rule. */
        public boolean passes() {
            return rmse <= stalenessGoal && pointsOutside <= 1 && latencyNrmse <= latencyGoal;
        }
    }

    /** The verdict on an observation compared with its prediction. */
    public static Verdict of(ObservedStaleness observed) {
        int outside = 0;
        WilsonScoreInterval wilson = new WilsonScoreInterval();
        for (ObservedPoint point : observed.points()) {
            long reads = point.observed().trials();
            ConfidenceInterval interval =
                    wilson.createInterval((int) reads, (int) point.observed().successes(), CONFIDENCE);
            double estimate = point.observed().estimate();
            double lower = Math.max(0, Math.min(estimate, interval.getLowerBound()));
            double upper = Math.min(1, Math.max(estimate, interval.getUpperBound()));
            if (point.predicted() < lower - INTERVAL_SLACK || point.predicted() > upper + INTERVAL_SLACK) {
                outside++;
            }
        }
        return new Verdict(
                observed.rmse(),
                Math.max(0.005, 1.5 * observed.noiseFloor()),
                outside,
                observed.latencyNrmse(),
                Math.max(0.10, 1.5 * observed.latencyNoiseFloor()));
    }
}
