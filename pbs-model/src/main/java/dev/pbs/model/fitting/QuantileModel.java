package dev.pbs.model.fitting;

/**
 * A parametric family seen through the logarithms of its quantiles at {@link
 * MeasuredQuantiles#probabilities()} (quantiles in milliseconds), as a function of parameters that
 * the optimiser may move freely within {@link #lowerBounds()} and {@link #upperBounds()}.
 */
interface QuantileModel {

    /** Step of the central differences, in the units of the (order-one) parameters. */
    double DIFFERENCE_STEP = 1e-6;

    /** ln F^-1(p_i), F^-1 in milliseconds. */
    double[] logQuantiles(double[] parameters);

    /**
     * d ln F^-1(p_i) / d parameter_k; by default central differences, accurate to about 1e-9
     * because the quantiles are computed to a few ulps.
     *
     * @param logQuantiles {@code logQuantiles(parameters)}, already computed
     */
    default double[][] jacobian(double[] parameters, double[] logQuantiles) {
        double[][] derivatives = new double[logQuantiles.length][parameters.length];
        double[] moved = parameters.clone();
        for (int k = 0; k < parameters.length; k++) {
            moved[k] = parameters[k] + DIFFERENCE_STEP;
            double[] above = logQuantiles(moved);
            moved[k] = parameters[k] - DIFFERENCE_STEP;
            double[] below = logQuantiles(moved);
            moved[k] = parameters[k];
            for (int i = 0; i < logQuantiles.length; i++) {
                derivatives[i][k] = (above[i] - below[i]) / (2 * DIFFERENCE_STEP);
            }
        }
        return derivatives;
    }

    double[] lowerBounds();

    double[] upperBounds();

    /** The parameters moved into the bounds. */
    default double[] clamp(double[] parameters) {
        double[] lower = lowerBounds();
        double[] upper = upperBounds();
        double[] clamped = new double[parameters.length];
        for (int k = 0; k < parameters.length; k++) {
            double value = Double.isNaN(parameters[k]) ? (lower[k] + upper[k]) / 2 : parameters[k];
            clamped[k] = Math.max(lower[k], Math.min(upper[k], value));
        }
        return clamped;
    }
}
