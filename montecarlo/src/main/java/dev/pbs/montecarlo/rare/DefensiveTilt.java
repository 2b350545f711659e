package dev.pbs.montecarlo.rare;

import java.util.random.RandomGenerator;

/**
 * The importance density of one tilted delay, in survival-probability space: the delay is drawn by
 * inversion, {@code x = Q(v)}, with v drawn from
 *
 * <pre>
 *   g(v) = (1 - a) + a h(v),   h(v) = 1 / (v ln(1 / v_min))  on [v_min, 1], 0 below
 * </pre>
 *
 * instead of the uniform density {@code f(v) = 1} on (0, 1]. h is log-uniform: {@code v = v_min^U}
 * with U uniform, so every decade of survival probability between v_min and 1 gets the same share
 * of draws, and one set of draws serves every time t and every level p. The uniform part (the
 * "defensive" share {@code 1 - a}) keeps {@code f / g <= 1 / (1 - a)} everywhere, so no weight can
 * be large, and {@code g > 0} wherever {@code f > 0}, so {@code E_g[f/g * X] = E_f[X]} for every X:
 * the estimator is unbiased.
 *
 * <p>For an event {@code v <= u} with {@code v_min << u << 1}, the likelihood ratio is about
 * {@code v ln(1/v_min) / a}, and the relative variance of one weighted draw is about
 * {@code ln(1/v_min) / (2a)}: 42 for {@code a = 0.5, v_min = 2^-60}, against {@code 1/u} for plain
 * draws (10^9 at u = 10^-9).
 */
final class DefensiveTilt {

    /** a, the share of draws from the log-uniform part. */
    private final double tiltedShare;

    private final double smallestSurvival;
    /** ln(v_min), negative. */
    private final double logSmallest;
    /** a / ln(1/v_min): g(v) = (1 - a) + this / v on [v_min, 1]. */
    private final double tiltedDensityScale;

    private final double uniformShare;

    /**
     * @param tiltedShare a, in (0, 1)
     * @param smallestSurvival v_min, in (0, 1)
     */
    DefensiveTilt(double tiltedShare, double smallestSurvival) {
        this.tiltedShare = tiltedShare;
        this.smallestSurvival = smallestSurvival;
        this.logSmallest = Math.log(smallestSurvival);
        this.uniformShare = 1 - tiltedShare;
        this.tiltedDensityScale = tiltedShare / -logSmallest;
    }

    /** One survival probability v in (0, 1] drawn from g: two uniforms, the first choosing the part. */
    double draw(RandomGenerator random) {
        boolean tilted = random.nextDouble() < tiltedShare;
        double uniform = random.nextDouble();
        // Log-uniform: v_min^U in (v_min, 1]; uniform: 1 - U in (0, 1].
        return tilted ? Math.exp(uniform * logSmallest) : 1.0 - uniform;
    }

    /** The likelihood ratio {@code f(v) / g(v) = 1 / g(v)} of a draw v. */
    double likelihoodRatio(double v) {
        return v >= smallestSurvival ? 1.0 / (uniformShare + tiltedDensityScale / v) : 1.0 / uniformShare;
    }
}
