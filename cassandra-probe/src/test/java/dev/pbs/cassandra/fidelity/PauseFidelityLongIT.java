package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
import dev.pbs.cassandra.testing.ObservationPrinter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 16's paused-node cell on a real cluster: the W = 10, A = R = S = 5 ms cell (N = 3, four
 * nodes on 127.0.0.31-34), observed healthy and then while node 2 pauses for 200 ms every 2 s;
 * the second observation is predicted from the healthy profile with that pause process and without
 * it. Only under {@code mvn verify -Pfidelity} (tag fidelity), about seven minutes.
 */
@Tag("fidelity")
class PauseFidelityLongIT {

    private static final int WRITES = 1000;

    @Test
    void pausedNode_predictedWithItsPauses_withinTwoPercent() throws Exception {
        Path directory =
                Files.createDirectories(Path.of("target", "pause-fidelity-it")).toAbsolutePath();
        FidelitySettings settings = new FidelitySettings(
                        3,
                        10,
                        5,
                        WRITES,
                        10,
                        FidelitySettings.DEFAULT_DELAYS_MILLIS,
                        directory,
                        31,
                        StalenessObserver.DEFAULT_CORRECTION)
                .withWarmUp(FidelitySettings.DEFAULT_WARM_UP);
        PauseCell cell = new PauseCell(settings, 2, Duration.ofSeconds(2), Duration.ofMillis(200));
        PauseFidelityResult result =
                PauseFidelityExperiment.run(cell, line -> System.out.println("[pause fidelity] " + line));
        print("healthy", result.healthy());
        print("paused, predicted with the pauses", result.withPauses());
        print("paused, predicted without them", result.withoutPauses());
        System.out.printf(
                "pause fidelity: %d pauses made, %d s in all%n",
                result.pauses().size(), result.elapsed().toSeconds());

        assertThat(result.pauses().size()).isGreaterThan(40);
        assertThat(result.withPauses().writes()).isGreaterThanOrEqualTo(WRITES - 10);
        assertThat(result.withPauses().rmse()).isLessThanOrEqualTo(0.02);
        // The pauses show in the reads' tail: the prediction without them misses it.
        assertThat(result.withPauses().latencyNrmse())
                .isLessThan(result.withoutPauses().latencyNrmse());
    }

    private static void print(String what, ObservedStaleness comparison) {
        System.out.printf(
                "pause fidelity, %s: RMSE %.4f (model alone %.4f, with round trip %.4f), noise floor %.4f, latency "
                        + "N-RMSE %.4f%n",
                what,
                comparison.rmse(),
                comparison.rmseWithoutGap(),
                comparison.rmseWithRoundTrip(),
                comparison.noiseFloor(),
                comparison.latencyNrmse());
        comparison
                .latencies()
                .forEach(latency -> System.out.printf(
                        "  %s p%s: observed %.2f ms, predicted %.2f ms%n",
                        latency.operation(),
                        latency.percentile(),
                        latency.observedMillis(),
                        latency.predictedMillis()));
        ObservationPrinter.printPoints(comparison);
    }
}
