package dev.pbs.montecarlo;

import java.util.concurrent.TimeUnit;
import java.util.random.RandomGeneratorFactory;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Why the engine records into its own {@link DelayHistogram}: recording one latency-like value
 * (ms, log-normal spread) into HdrHistogram (nanoseconds, three significant digits) and into the
 * engine's double-indexed histogram of the same resolution. Nanoseconds per value. (In the
 * package of the class it measures, which is package-private.)
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar -f 2 HistogramBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class HistogramBenchmark {

    static final int VALUES = 4096;

    private final double[] millis = new double[VALUES];
    private final Histogram hdr = new Histogram(1L << 43, 3);
    private final DelayHistogram ours = new DelayHistogram();

    @Setup
    public void prepare() {
        var random = RandomGeneratorFactory.of("L64X128MixRandom").create(42);
        for (int i = 0; i < VALUES; i++) {
            millis[i] = Math.exp(random.nextGaussian() * 1.5);
        }
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public Histogram hdrHistogram() {
        for (double value : millis) {
            hdr.recordValue((long) (value * 1e6 + 0.5));
        }
        return hdr;
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public DelayHistogram delayHistogram() {
        for (double value : millis) {
            ours.recordMillis(value);
        }
        return ours;
    }
}
