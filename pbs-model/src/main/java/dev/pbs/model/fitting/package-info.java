/**
 * Fitting parametric distributions to measured ones, as the paper did for its production
 * latencies (Table 3): the Pareto-exponential mixture and a lognormal, each by least squares on
 * log-quantiles with Commons Math's Levenberg-Marquardt optimiser, compared by the NRMSE defined
 * in {@link dev.pbs.model.fitting.MeasuredQuantiles}.
 *
 * <p>Example:
 * <pre>{@code
 * DistributionFit fit = new DistributionFitter().fit(Empirical.of(histogram, TimeUnit.MICROSECONDS));
 * CandidateFit best = fit.chosen().orElseThrow();   // best.form(), best.distribution(), best.normalisedError()
 * }</pre>
 */
package dev.pbs.model.fitting;
