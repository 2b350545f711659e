package dev.pbs.model.fitting;

import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresProblem;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.util.Pair;

/**
 * Minimises {@code sum_i (ln F^-1(p_i; theta) - ln Q(p_i))^2}, hence the NRMSE, over the parameters
 * theta of a {@link QuantileModel}, with Commons Math's Levenberg-Marquardt optimiser (its default
 * tolerances: 1e-10 relative on the cost and the parameters). Parameters leaving the model's
 * bounds are moved back onto them.
 */
final class QuantileLeastSquares {

    private QuantileLeastSquares() {}

    /**
     * The least-squares parameters from a starting point.
     *
     * @param maxEvaluations evaluations of the log-quantiles and their Jacobian before giving up
     * @throws IllegalStateException (Commons Math's TooManyEvaluationsException,
     *     ConvergenceException, ...) when the optimiser does not converge
     */
    static double[] minimise(MeasuredQuantiles target, QuantileModel model, double[] start, int maxEvaluations) {
        LeastSquaresProblem problem = new LeastSquaresBuilder()
                .start(model.clamp(start))
                .target(target.logQuantiles())
                .model(point -> {
                    double[] parameters = point.toArray();
                    double[] logQuantiles = model.logQuantiles(parameters);
                    return new Pair<>(
                            new ArrayRealVector(logQuantiles, false),
                            new Array2DRowRealMatrix(model.jacobian(parameters, logQuantiles), false));
                })
                .parameterValidator(point -> validated(model, point))
                .lazyEvaluation(false)
                .maxEvaluations(maxEvaluations)
                .maxIterations(maxEvaluations)
                .build();
        LeastSquaresOptimizer.Optimum optimum = new LevenbergMarquardtOptimizer().optimize(problem);
        return model.clamp(optimum.getPoint().toArray());
    }

    private static RealVector validated(QuantileModel model, RealVector point) {
        return new ArrayRealVector(model.clamp(point.toArray()), false);
    }
}
