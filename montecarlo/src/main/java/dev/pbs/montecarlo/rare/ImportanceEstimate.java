package dev.pbs.montecarlo.rare;

/**
 * A probability estimated from n importance-weighted trials: {@code p = (1/n) sum_j w_j 1_j}, the
 * mean of {@code X_j = w_j 1_j} (w the trial's likelihood ratio, 1 whether the event happened in
 * it). Its standard error is {@code s / sqrt(n)} with {@code s^2 = (sum X^2 - n p^2) / (n - 1)},
 * the 95% interval {@code p +- 1.96 SE} clipped at 0, and the effective sample size {@code ESS =
 * (sum X)^2 / sum X^2}: as many plain trials in the event as would give the same relative error
 * (the relative half-width is about {@code 1.96 / sqrt(ESS)} for small p, so 10% needs about 384).
 *
 * <p>When no trial was in the event (nothing to weigh), the estimate is 0 and the interval's upper
 * end is NaN: unknown, not 0.
 *
 * @param estimate p, a probability
 * @param lower the interval's lower end, {@code >= 0}
 * @param upper the interval's upper end; NaN when no trial was in the event
 * @param standardError SE of the estimate
 * @param effectiveSampleSize {@code (sum X)^2 / sum X^2}; 0 when no trial was in the event
 * @param trials n, every trial run (in the event or not)
 */
public record ImportanceEstimate(
        double estimate, double lower, double upper, double standardError, double effectiveSampleSize, long trials) {

    /** The two-sided 95% point of the normal distribution. */
    static final double Z95 = 1.959963984540054;

    /**
     * @param weightSum {@code sum_j w_j 1_j}
     * @param squaredWeightSum {@code sum_j (w_j 1_j)^2}
     * @param trials n, {@code >= 1}
     */
    static ImportanceEstimate of(double weightSum, double squaredWeightSum, long trials) {
        if (!(weightSum > 0)) {
            return new ImportanceEstimate(0, 0, Double.NaN, Double.NaN, 0, trials);
        }
        double estimate = weightSum / trials;
        double variance =
                trials > 1 ? Math.max(0, (squaredWeightSum - weightSum * estimate) / (trials - 1)) : Double.NaN;
        double standardError = Math.sqrt(variance / trials);
        double halfWidth = Z95 * standardError;
        return new ImportanceEstimate(
                estimate,
                Math.max(0, estimate - halfWidth),
                estimate + halfWidth,
                standardError,
                weightSum * weightSum / squaredWeightSum,
                trials);
    }

    /** Whether some trial was in the event, so that the interval is known. */
    public boolean observed() {
        return effectiveSampleSize > 0;
    }

    /**
     * The 95% interval's half-width relative to the estimate, {@code 1.96 SE / p}; +infinity when
     * no trial was in the event.
     */
    public double relativeHalfWidth() {
        return observed() ? Z95 * standardError / estimate : Double.POSITIVE_INFINITY;
    }
}
