/**
 * JMH benchmarks that sit in the engine's own package because they measure package-private parts
 * of it: {@link dev.pbs.montecarlo.HistogramBenchmark} times recording a delay into the engine's
 * {@code DelayHistogram} against recording it into an HdrHistogram. Run them from {@code
 * benchmarks/target/benchmarks.jar} like the benchmarks of {@code dev.pbs.benchmarks}.
 */
package dev.pbs.montecarlo;
