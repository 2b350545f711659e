package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.testing.ObservationPrinter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The fidelity tests' cell: W ~ Exp(mean 10 ms), A, R, S ~ Exp(mean 5 ms), R = W = 1, 10 writes a
 * second read at the default t grid, predicted with the client's round trip and the send lag added
 * to t; on a cluster of its own (N = 3, 4 nodes on 127.0.0.11-14, started and stopped here).
 */
final class FidelityRuns {

    private FidelityRuns() {}

    /**
     * Runs the cell (N = 3) on a 4-node cluster of its own with {@code writes} observed writes after
     * {@code warmUp}, and prints its figures.
     */
    static FidelityResult run(String folder, int writes, double writesPerSecond, Duration warmUp) throws IOException {
        Path directory = Files.createDirectories(Path.of("target", folder)).toAbsolutePath();
        FidelitySettings settings = new FidelitySettings(
                        3, 10, 5, writes, writesPerSecond, FidelitySettings.DEFAULT_DELAYS_MILLIS, directory, 11)
                .withWarmUp(warmUp);
        return printed(FidelityExperiment.run(settings, line -> System.out.println("[fidelity] " + line)));
    }

    private static FidelityResult printed(FidelityResult result) {
        ObservedStaleness comparison = result.comparison();
        System.out.printf(
                "fidelity: N = %d, %d writes in %d s (%d s warm-up included): RMSE %.4f, noise floor %.4f, latency "
                        + "NRMSE %.4f, mean client round trip %.2f ms (coupled %.3f with the time to consistency)%n",
                result.settings().replicas(),
                comparison.writes(),
                result.elapsed().toSeconds(),
                result.settings().warmUp().toSeconds(),
                comparison.rmse(),
                comparison.noiseFloor(),
                comparison.latencyNrmse(),
                comparison.meanClientGapMillis(),
                comparison.clientCoupling());
        result.tracingCost()
                .ifPresent(cost ->
                        System.out.printf("fidelity: predicted with tracing's cost taken off (%s)%n", cost.describe()));
        System.out.printf(
                "fidelity, the profile with %s: RMSE %.4f, latency NRMSE %.4f%n",
                result.other().choice().description(),
                result.other().comparison().rmse(),
                result.other().comparison().latencyNrmse());
        ObservationPrinter.printPoints(comparison);
        return result;
    }
}
