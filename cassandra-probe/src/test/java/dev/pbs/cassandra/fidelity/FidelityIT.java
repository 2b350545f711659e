package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.ClientGapCorrection;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.model.profile.WarsMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fidelity experiment on a real cluster with injected delays: W ~ Exp(mean 10 ms), A, R, S ~
 * Exp(mean 5 ms), N = 3, R = W = 1. Each test's cluster (4 nodes on 127.0.0.11-14, beside the other
 * tests' cluster) is started and stopped by the experiment itself.
 */
class FidelityIT {

    private static FidelityResult run(String folder, int writes) throws Exception {
        Path directory = Files.createDirectories(Path.of("target", folder)).toAbsolutePath();
        FidelitySettings settings = new FidelitySettings(3, 10, 5, writes, 10, FidelitySettings.DEFAULT_DELAYS_MILLIS,
                directory, 11, ClientGapCorrection.NONE);
        FidelityResult result = FidelityExperiment.run(settings, line -> System.out.println("[fidelity] " + line));
        ObservedStaleness comparison = result.comparison();
        System.out.printf("fidelity: RMSE %.4f (with latency offset %.4f, with round trip %.4f), noise floor %.4f, latency "
                + "NRMSE %.4f, latency offset %.2f ms, mean client round trip %.2f ms%n", comparison.rmse(),
                comparison.rmseWithLatencyOffset(), comparison.rmseWithRoundTrip(), comparison.noiseFloor(),
                comparison.latencyNrmse(), comparison.latencyOffsetMillis(), comparison.meanClientGapMillis());
        for (ObservedPoint point : comparison.points()) {
            System.out.printf("  t=%5.0f ms observed %.4f [%.4f, %.4f] predicted %.4f%n", point.tMillis(),
                    point.observed().estimate(), point.observed().lower(), point.observed().upper(), point.predicted());
        }
        return result;
    }

    /**
     * The target, in every build: the W = 10, A = R = S = 5 ms cell with 5,000 writes (each
     * read at 21 delays), predicted by the model alone from the profile the probe measured meanwhile,
     * within 1% RMSE (the corrections of the time origin are printed beside it).
     * Also checks that the injection makes reads measurably stale, that they are fresh by 200 ms,
     * and that the prediction is monotone.
     */
    @Test
    void fidelity_wMean10ArsMean5_predictsObservedStalenessWithinOnePercent() throws Exception {
        FidelityResult result = run("fidelity-it", 5000);
        ObservedStaleness comparison = result.comparison();
        List<ObservedPoint> points = comparison.points();
        assertThat(comparison.writes()).isGreaterThanOrEqualTo(4990);
        assertThat(comparison.coordinatorIsReplica()).isFalse();
        assertThat(points).hasSize(FidelitySettings.DEFAULT_DELAYS_MILLIS.length)
                .allSatisfy(point -> assertThat(point.observed().trials()).isGreaterThan(4900));
        assertThat(points.get(0).observed().estimate()).isLessThan(0.95);
        assertThat(points.get(points.size() - 1).observed().estimate()).isGreaterThan(0.99);
        assertThat(points.get(0).predicted()).isLessThan(0.95);
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.get(i).predicted()).isGreaterThanOrEqualTo(points.get(i - 1).predicted());
        }
        assertThat(result.measurement().samples(WarsMessage.WRITE)).isGreaterThan(1000);
        assertThat(comparison.rmse()).isLessThanOrEqualTo(0.01);
    }
}
