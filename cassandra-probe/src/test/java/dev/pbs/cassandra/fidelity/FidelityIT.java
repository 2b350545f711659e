package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.ClientGapCorrection;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The fidelity experiment on a real cluster with injected delays: W ~ Exp(mean 10 ms), A, R, S ~
 * Exp(mean 5 ms), N = 3, R = W = 1. Each test's cluster (4 nodes on 127.0.0.11-14, beside the other
 * tests' cluster) is started and stopped by the experiment itself.
 */
class FidelityIT {

    private static FidelityResult run(String folder, int writes) throws Exception {
        Path directory = Files.createDirectories(Path.of("target", folder)).toAbsolutePath();
        FidelitySettings settings = new FidelitySettings(3, 10, 5, writes, 25, FidelitySettings.DEFAULT_DELAYS_MILLIS,
                directory, 11, ClientGapCorrection.MEASURED);
        FidelityResult result = FidelityExperiment.run(settings, line -> System.out.println("[fidelity] " + line));
        ObservedStaleness comparison = result.comparison();
        System.out.printf("fidelity: RMSE %.4f, noise floor %.4f, latency NRMSE %.4f, mean client gap %.2f ms%n",
                comparison.rmse(), comparison.noiseFloor(), comparison.latencyNrmse(), comparison.meanClientGapMillis());
        for (ObservedPoint point : comparison.points()) {
            System.out.printf("  t=%5.0f ms observed %.4f [%.4f, %.4f] predicted %.4f%n", point.tMillis(),
                    point.observed().estimate(), point.observed().lower(), point.observed().upper(), point.predicted());
        }
        return result;
    }

    /**
     * Runs in every build: the injection makes reads measurably stale, the probe measures the
     * delays while the observation runs, and observation and prediction (with the client's round
     * trip) agree to within 5 points: 0.4% in a run under load like a build's, where the model alone
     * missed by 3.3%. The tight bound is the test below.
     */
    @Test
    void fidelity_injectedDelays_makeReadsStaleAndThePredictionFollows() throws Exception {
        FidelityResult result = run("fidelity-it", 400);
        ObservedStaleness comparison = result.comparison();
        List<ObservedPoint> points = comparison.points();
        assertThat(comparison.writes()).isGreaterThanOrEqualTo(390);
        assertThat(comparison.coordinatorIsReplica()).isFalse();
        assertThat(points).allSatisfy(point -> assertThat(point.observed().trials()).isGreaterThan(380));
        assertThat(points.get(0).observed().estimate()).isLessThan(0.99);
        assertThat(points.get(points.size() - 1).observed().estimate()).isGreaterThan(0.98);
        assertThat(points.get(0).predicted()).isLessThan(0.99);
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.get(i).predicted()).isGreaterThanOrEqualTo(points.get(i - 1).predicted());
        }
        assertThat(result.measurement().samples(dev.pbs.cassandra.probe.MessageType.W)).isPositive();
        assertThat(comparison.rmse()).isLessThan(0.05);
    }

    /**
     * The target, on demand ({@code PBS_FIDELITY_IT=1}): 5,000 writes, RMSE at most 1%. Not
     * yet shown reliably on this two-core machine (see the README's fidelity section), which is why
     * it is not part of every build.
     */
    @Test
    @EnabledIfEnvironmentVariable(named = "PBS_FIDELITY_IT", matches = "1")
    void fidelity_wMean10ArsMean5_predictsObservedStalenessWithinOnePercent() throws Exception {
        ObservedStaleness comparison = run("fidelity-it-full", 5000).comparison();
        assertThat(comparison.writes()).isGreaterThanOrEqualTo(4990);
        assertThat(comparison.rmse()).isLessThanOrEqualTo(0.01);
    }
}
