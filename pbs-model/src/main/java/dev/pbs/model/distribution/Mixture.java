package dev.pbs.model.distribution;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A finite mixture: each delay is drawn from component c with probability {@code weight_c}. The
 * paper's production fits are mixtures of an exponential and a Pareto.
 *
 * <p>{@code P(X > x) = sum_c weight_c P(X_c > x)}. The inverse is found between the
 * components' own quantiles, which bracket it, by Illinois false position. When the components' supports join into one
 * interval the quantile function is continuous and sampling uses a {@link QuantileTable} (one
 * uniform per delay); otherwise a component is chosen first and sampled exactly.
 */
public final class Mixture extends TabulatedDistribution implements LatencyDistribution {

    /** How far the weights may sum from 1 before the mixture is refused. */
    public static final double WEIGHT_SUM_TOLERANCE = 1e-6;

    /** One weighted component. */
    public record Component(double weight, LatencyDistribution distribution) {
        public Component {
            Objects.requireNonNull(distribution, "mixture component distribution");
            if (!(weight >= 0 && weight <= 1)) {
                throw new IllegalArgumentException("mixture weight must be in [0, 1], was " + weight);
            }
        }
    }

    private final List<Component> components;
    private final double[] weights;
    private final LatencyDistribution[] distributions;
    private final boolean continuousQuantile;

    private Mixture(List<Component> components) {
        if (components == null || components.isEmpty()) {
            throw new IllegalArgumentException("a mixture needs at least one component");
        }
        double sum = 0;
        for (Component component : components) {
            Objects.requireNonNull(component, "mixture component");
            sum += component.weight();
        }
        if (Math.abs(sum - 1.0) > WEIGHT_SUM_TOLERANCE) {
            throw new IllegalArgumentException("mixture weights must sum to 1, sum was " + sum);
        }
        List<Component> kept = new ArrayList<>();
        for (Component component : components) {
            if (component.weight() > 0) {
                kept.add(component);
            }
        }
        this.components = List.copyOf(components);
        this.weights = new double[kept.size()];
        this.distributions = new LatencyDistribution[kept.size()];
        for (int i = 0; i < kept.size(); i++) {
            weights[i] = kept.get(i).weight() / sum;
            distributions[i] = kept.get(i).distribution();
        }
        this.continuousQuantile = Supports.joinIntoOneInterval(distributions);
    }

    public static Mixture of(List<Component> components) {
        return new Mixture(components);
    }

    /**
     * The paper's fitted form: an exponential of rate lambda (per ms) with probability
     * {@code exponentialWeight}, else Pareto(xm, alpha).
     */
    public static Mixture paretoExponential(
            double paretoWeight,
            double scaleMillis,
            double shape,
            double exponentialWeight,
            double ratePerMillisecond) {
        return of(List.of(
                new Component(paretoWeight, Pareto.of(scaleMillis, shape)),
                new Component(exponentialWeight, Exponential.ofRate(ratePerMillisecond))));
    }

    public List<Component> components() {
        return components;
    }

    @Override
    public double survivalProbability(double millis) {
        double survival = 0;
        for (int i = 0; i < weights.length; i++) {
            survival += weights[i] * distributions[i].survivalProbability(millis);
        }
        return Math.min(1.0, survival);
    }

    @Override
    public double cumulativeProbability(double millis) {
        double cumulative = 0;
        for (int i = 0; i < weights.length; i++) {
            cumulative += weights[i] * distributions[i].cumulativeProbability(millis);
        }
        return Math.min(1.0, cumulative);
    }

    @Override
    public double inverseSurvivalProbability(double probability) {
        LatencyDistribution.requireProbability(probability);
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (LatencyDistribution distribution : distributions) {
            double quantile = distribution.inverseSurvivalProbability(probability);
            low = Math.min(low, quantile);
            high = Math.max(high, quantile);
        }
        if (low == high || Double.isInfinite(high)) {
            return high;
        }
        if (survivalProbability(low) <= probability) {
            // Below low every component survives with probability > v, so low is the answer
            // (an atom, or 0 at v = 1); the search below, which returns its upper end, would miss it.
            return low;
        }
        // Illinois false position on f(x) = survival(x) - v, which falls from f(low) > 0 to
        // f(high) <= 0: a handful of steps where f is smooth, never worse than bisection's
        // halving (a stalled end's value is halved). Invariant: f(low) > 0 >= f(high).
        double excessLow = survivalProbability(low) - probability;
        double excessHigh = survivalProbability(high) - probability;
        int lastMoved = 0;
        for (int iteration = 0; iteration < 400; iteration++) {
            if (high - low <= 2 * Math.ulp(high)) {
                break;
            }
            double next = high - excessHigh * (high - low) / (excessHigh - excessLow);
            if (!(next > low && next < high)) {
                next = low + (high - low) / 2;
                if (next <= low || next >= high) {
                    break;
                }
            }
            double excess = survivalProbability(next) - probability;
            if (excess <= 0) {
                high = next;
                excessHigh = excess;
                if (lastMoved < 0) {
                    excessLow /= 2;
                }
                lastMoved = -1;
            } else {
                low = next;
                excessLow = excess;
                if (lastMoved > 0) {
                    excessHigh /= 2;
                }
                lastMoved = 1;
            }
        }
        return high;
    }

    @Override
    public double meanMillis() {
        double mean = 0;
        for (int i = 0; i < weights.length; i++) {
            mean += weights[i] * distributions[i].meanMillis();
        }
        return mean;
    }

    @Override
    public LatencySampler sampler(RandomGenerator random) {
        if (continuousQuantile) {
            return super.sampler(random);
        }
        LatencySampler[] samplers = new LatencySampler[distributions.length];
        double[] cumulative = new double[distributions.length];
        double running = 0;
        for (int i = 0; i < distributions.length; i++) {
            samplers[i] = distributions[i].sampler(random);
            running += weights[i];
            cumulative[i] = running;
        }
        cumulative[cumulative.length - 1] = Double.POSITIVE_INFINITY;
        return () -> {
            double choice = random.nextDouble();
            int component = 0;
            while (choice >= cumulative[component]) {
                component++;
            }
            return samplers[component].sample();
        };
    }

    /**
     * From the tables when the quantile function is continuous (as the sampler), exactly
     * otherwise.
     */
    @Override
    public double tabulatedInverseSurvival(double probability) {
        return continuousQuantile
                ? super.tabulatedInverseSurvival(probability)
                : inverseSurvivalProbability(probability);
    }

    boolean hasContinuousQuantile() {
        return continuousQuantile;
    }

    @Override
    public String describe() {
        StringBuilder text = new StringBuilder("Mixture(");
        for (int i = 0; i < components.size(); i++) {
            Component component = components.get(i);
            text.append(i == 0 ? "" : ", ")
                    .append(component.weight())
                    .append(" x ")
                    .append(component.distribution().describe());
        }
        return text.append(')').toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Mixture that && components.equals(that.components);
    }

    @Override
    public int hashCode() {
        return components.hashCode();
    }

    @Override
    public String toString() {
        return describe();
    }

    /** Supports as intervals [inf, sup], to decide whether a quantile function is continuous. */
    static final class Supports {
        private Supports() {}

        static boolean joinIntoOneInterval(LatencyDistribution[] distributions) {
            List<double[]> intervals = new ArrayList<>();
            for (LatencyDistribution distribution : distributions) {
                if (!hasIntervalSupport(distribution)) {
                    return false;
                }
                intervals.add(new double[] {
                    distribution.inverseSurvivalProbability(1.0), distribution.inverseSurvivalProbability(0.0)
                });
            }
            intervals.sort(Comparator.comparingDouble(interval -> interval[0]));
            double reach = intervals.get(0)[1];
            for (double[] interval : intervals) {
                if (interval[0] > reach) {
                    return false;
                }
                reach = Math.max(reach, interval[1]);
            }
            return true;
        }

        static boolean hasIntervalSupport(LatencyDistribution distribution) {
            if (distribution instanceof Shifted shifted) {
                return hasIntervalSupport(shifted.distribution());
            }
            if (distribution instanceof Mixture mixture) {
                return mixture.continuousQuantile;
            }
            return !(distribution instanceof Empirical);
        }
    }
}
