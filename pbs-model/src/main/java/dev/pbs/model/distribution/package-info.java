/**
 * Latency distributions of one-way message delays, in milliseconds: constant, exponential,
 * Pareto, log-normal, mixtures, shifted, and empirical (from an HdrHistogram).
 *
 * <p>Example, the write delay of the paper's LinkedIn disk fit:
 * <pre>{@code
 * LatencyDistribution write = Mixture.paretoExponential(0.38, 1.05, 1.51, 0.62, 0.183);
 * LatencySampler sampler = write.sampler(RandomGeneratorFactory.of("L64X128MixRandom").create(42));
 * double millis = sampler.sample();
 * }</pre>
 */
package dev.pbs.model.distribution;
