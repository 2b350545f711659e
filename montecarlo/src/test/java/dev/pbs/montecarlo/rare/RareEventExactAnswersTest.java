package dev.pbs.montecarlo.rare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rare-event estimator against closed forms, down to P(stale) = 1e-9.
 *
 * <p>The model: N = 3, A = R = 0 (constants), S ~ Exp(1 per ms) and W ~ Exp(lambda), lambda = 1 per
 * ms, all independent. A replica's gap is then {@code W_i - R_i = W_i}, and the order of the
 * responses, by S alone, is a uniformly random order independent of the W's (as is a targeted
 * read's random choice). With f the first responder (uniform) and M, M' the minimum and the
 * maximum of the other two W's:
 *
 * <ul>
 *   <li>R = 1, W = 1: {@code t* = W_f - min_j W_j}. When f holds the smallest W (probability 1/3),
 *       t* = 0; otherwise the smallest is M ~ Exp(2 lambda), and {@code P(W_f - M > t) =
 *       E[e^(-lambda (M + t))] = e^(-lambda t) 2 lambda / (2 lambda + lambda)}. So P(stale at t) =
 *       {@code (2/3) e^(-lambda t)} (the second case already includes the first's 0).
 *   <li>R = 2, W = 1: {@code t* = min(W_f, W_g) - min_j W_j} for the first two, f and g: positive
 *       only when the third, k, holds the smallest W, and then {@code P(min(W_f, W_g) > W_k + t) =
 *       E[e^(-2 lambda (W_k + t))] = e^(-2 lambda t) lambda / (lambda + 2 lambda)}: P(stale at t) =
 *       {@code (1/3) e^(-2 lambda t)}.
 *   <li>R = 1, W = 2: {@code t* = W_f - W_(2)}, positive only when f holds the largest W, and then
 *       {@code P(W_f > M' + t) = e^(-lambda t) E[e^(-lambda M')]}, with M' the larger of two
 *       Exp(lambda): {@code E[e^(-lambda M')] = int 2 lambda e^(-lambda x)(1 - e^(-lambda x))
 *       e^(-lambda x) dx = 1 - 2/3 = 1/3}. P(stale at t) = {@code (1/3) e^(-lambda t)}.
 * </ul>
 *
 * The window at level p solves {@code c e^(-k lambda t) = 1 - p}: {@code t = ln(c / (1 - p)) / (k
 * lambda)}. Each P(stale) must lie within {@value #STANDARD_ERRORS} of the estimator's own standard
 * errors of its closed form (sampling alone fails that with probability 6.3e-5 a figure, normal
 * approximation; 1e-3 for the fifteen), the window's closed form inside its 95% interval, and each
 * interval must be at most 10% of its estimate.
 */
class RareEventExactAnswersTest {

    private static final double RATE_PER_MILLISECOND = 1.0;
    private static final double[] STALE_PROBABILITIES = {1e-5, 1e-7, 1e-9};
    private static final double WINDOW_LEVEL = 1 - 1e-9;
    /** How many of its standard errors an estimate may lie from its closed form. */
    private static final double STANDARD_ERRORS = 4;

    static LatencyProfile exponentialWrites() {
        return LatencyProfile.builder("exponential-writes")
                .provenance("closed-form test profile: W ~ Exp(1/ms), A = R = 0, S ~ Exp(1/ms)")
                .defaults(new MessageDelays(
                        Exponential.ofRate(RATE_PER_MILLISECOND),
                        Constant.of(0),
                        Constant.of(0),
                        Exponential.ofRate(1)))
                .build();
    }

    /**
     * @param coefficient c in P(stale at t) = c e^(-k lambda t)
     * @param exponent k
     */
    @ParameterizedTest(name = "R={0} W={1} {4}: P(stale at t) = {2} e^(-{3} t)")
    @CsvSource({
        "1, 1, 0.6666666666666666, 1, ALL",
        "2, 1, 0.3333333333333333, 2, ALL",
        "1, 2, 0.3333333333333333, 1, ALL",
        "1, 1, 0.6666666666666666, 1, TARGETED",
        "2, 1, 0.3333333333333333, 2, TARGETED"
    })
    void staleAtAndWindow_exponentialDelays_matchTheClosedFormWithinTheirIntervals(
            int r, int w, double coefficient, int exponent, ReadFanout fanout) {
        QuorumConfiguration configuration = QuorumConfiguration.of(3, r, w);
        SimulationSpec simulation = SimulationSpec.builder(exponentialWrites(), 3)
                .configurations(List.of(configuration))
                .readFanout(fanout)
                .seed(20_121_204L)
                .threads(2)
                .build();
        double decay = exponent * RATE_PER_MILLISECOND;
        List<RareEventTarget> targets = new ArrayList<>();
        double[] times = new double[STALE_PROBABILITIES.length];
        for (int k = 0; k < times.length; k++) {
            times[k] = Math.log(coefficient / STALE_PROBABILITIES[k]) / decay;
            targets.add(new RareEventTarget.StaleAt(configuration, times[k]));
        }
        targets.add(new RareEventTarget.Window(configuration, WINDOW_LEVEL));

        RareEventResult result = new RareEventEstimator().run(RareEventSpec.of(simulation, targets));

        assertThat(result.stopReason()).isEqualTo(StopReason.SETTLED);
        assertThat(result.resolved()).isTrue();
        RareConfigurationResult estimates = result.configuration(configuration).orElseThrow();
        for (int k = 0; k < times.length; k++) {
            double exact = coefficient * Math.exp(-decay * times[k]);
            ImportanceEstimate stale = estimates.staleAt(times[k]);
            assertThat(estimates.isExactAt(times[k])).isTrue();
            assertThat(Math.abs(stale.estimate() - exact))
                    .as("P(stale at %s ms) = %s against %s", times[k], exact, stale)
                    .isLessThanOrEqualTo(STANDARD_ERRORS * stale.standardError());
            assertThat(stale.relativeHalfWidth()).isLessThanOrEqualTo(0.1);
        }
        double exactWindow = Math.log(coefficient / (1 - WINDOW_LEVEL)) / decay;
        ImportanceWindow window = estimates.window(WINDOW_LEVEL);
        assertThat(exactWindow)
                .as("window at 1 - 1e-9: %s ms against %s", exactWindow, window)
                .isBetween(window.window().lowerMillis(), window.window().upperMillis());
        assertThat(window.staleBefore().relativeHalfWidth()).isLessThanOrEqualTo(0.1);
    }
}
