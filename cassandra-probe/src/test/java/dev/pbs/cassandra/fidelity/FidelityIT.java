package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.ClientGapCorrection;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * One cell of the paper's validation grid on a real cluster with injected delays: W ~ Exp(mean
 * 10 ms), A, R, S ~ Exp(mean 5 ms), N = 3, R = W = 1. The cluster (4 nodes on 127.0.0.11-14, beside
 * the other tests' cluster) is started and stopped by the experiment itself.
 *
 * <p>The bound is 3%: the model alone reached 0.79% to 1.28% on this cell in runs of 1,000 writes
 * on this two-core machine, with the load of the rest of the build around it in CI; the goal is
 * 1% (the paper's worst cell was 0.53%), not met reliably yet: see the README's fidelity section.
 * A broken injection, trace decomposition or prediction puts the RMSE far above 3%.
 */
class FidelityIT {

    private static final int WRITES = 2000;

    @Test
    void fidelity_wMean10ArsMean5_predictsObservedStalenessWithinThreePercent() throws Exception {
        Path folder = Files.createDirectories(Path.of("target", "fidelity-it")).toAbsolutePath();
        FidelitySettings settings = new FidelitySettings(3, 10, 5, WRITES, 25, FidelitySettings.DEFAULT_DELAYS_MILLIS,
                folder, 11, ClientGapCorrection.NONE);
        FidelityResult result = FidelityExperiment.run(settings, line -> System.out.println("[fidelity] " + line));
        ObservedStaleness comparison = result.comparison();
        System.out.printf("fidelity: RMSE %.4f, noise floor %.4f, latency NRMSE %.4f, mean client gap %.2f ms%n",
                comparison.rmse(), comparison.noiseFloor(), comparison.latencyNrmse(), comparison.meanClientGapMillis());
        for (ObservedPoint point : comparison.points()) {
            System.out.printf("  t=%5.0f ms observed %.4f [%.4f, %.4f] predicted %.4f%n", point.tMillis(),
                    point.observed().estimate(), point.observed().lower(), point.observed().upper(), point.predicted());
        }
        assertThat(comparison.writes()).isGreaterThanOrEqualTo(WRITES - 10);
        assertThat(comparison.coordinatorIsReplica()).isFalse();
        assertThat(comparison.points()).allSatisfy(point -> assertThat(point.observed().trials()).isGreaterThan(WRITES - 50));
        // Staleness is real here: right after the acknowledgement a visible fraction of reads is stale.
        assertThat(comparison.points().get(0).observed().estimate()).isLessThan(0.995);
        assertThat(comparison.rmse()).isLessThanOrEqualTo(0.03);
    }
}
