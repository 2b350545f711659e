package dev.pbs.cassandra.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencySamplingTest {

    /** n latencies at the quantiles (i + 0.5) / n of an exponential distribution with this mean, microseconds. */
    private static Histogram exponential(int n, double meanMillis) {
        Histogram micros = new Histogram(3_600_000_000L, 3);
        for (int i = 0; i < n; i++) {
            micros.recordValue(Math.round(-meanMillis * Math.log(1 - (i + 0.5) / n) * 1000));
        }
        return micros;
    }

    @Test
    void standardError_exponential_isTheAsymptoticOne() {
        // A sample quantile's standard error is sqrt(p (1 - p) / n) / f(x_p); for an exponential
        // with mean m, f(x_p) = (1 - p) / m: at the median sqrt(0.25 / n) * 2 m, at p99
        // sqrt(0.0099 / n) * 100 m.
        Histogram micros = exponential(10_000, 10);
        assertThat(LatencySampling.standardErrorMillis(micros, 50)).isCloseTo(0.1, within(0.005));
        assertThat(LatencySampling.standardErrorMillis(micros, 99)).isCloseTo(0.995, within(0.06));
        // a quarter of the samples, twice the error
        assertThat(LatencySampling.standardErrorMillis(exponential(2_500, 10), 50))
                .isCloseTo(0.2, within(0.01));
    }

    @Test
    void standardError_tooFewValues_isNotKnown() {
        Histogram micros = new Histogram(3_600_000_000L, 3);
        assertThat(LatencySampling.standardErrorMillis(micros, 50)).isNaN();
        micros.recordValue(1000);
        assertThat(LatencySampling.standardErrorMillis(micros, 50)).isNaN();
    }
}
