package dev.pbs.model.distribution;

import org.apache.commons.statistics.distribution.ParetoDistribution;

/**
 * Pareto delays: {@code x = xm / U^(1/alpha)} milliseconds for U uniform on (0, 1], so
 * {@code P(X > x) = (xm/x)^alpha} for {@code x >= xm}; the density falls as {@code x^-(alpha+1)}.
 * The mean {@code alpha xm / (alpha - 1)} exists only for {@code alpha > 1}.
 */
public final class Pareto extends CommonsStatisticsDistribution implements LatencyDistribution {

    private final double scaleMillis;
    private final double shape;

    private Pareto(double scaleMillis, double shape) {
        super(ParetoDistribution.of(scaleMillis, shape));
        this.scaleMillis = scaleMillis;
        this.shape = shape;
    }

    /**
     * @param scaleMillis xm, the smallest delay, finite and {@code > 0}
     * @param shape alpha, the tail index, finite and {@code > 0}
     */
    public static Pareto of(double scaleMillis, double shape) {
        LatencyDistribution.requirePositiveFinite("pareto xm_ms", scaleMillis);
        LatencyDistribution.requirePositiveFinite("pareto alpha", shape);
        return new Pareto(scaleMillis, shape);
    }

    public double scaleMillis() {
        return scaleMillis;
    }

    public double shape() {
        return shape;
    }

    @Override
    public double meanMillis() {
        return shape > 1 ? shape * scaleMillis / (shape - 1) : Double.POSITIVE_INFINITY;
    }

    @Override
    public String describe() {
        return "Pareto(xm=" + scaleMillis + " ms, alpha=" + shape + ")";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Pareto that
                && Double.compare(scaleMillis, that.scaleMillis) == 0
                && Double.compare(shape, that.shape) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(scaleMillis) + Double.hashCode(shape);
    }
}
