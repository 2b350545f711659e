package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.observe.ClientGapCorrection;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The fidelity tests' cell: W ~ Exp(mean 10 ms), A, R, S ~ Exp(mean 5 ms), N = 3, R = W = 1, 10 writes
 * a second read at the default t grid, the model alone compared. The experiment starts its own
 * cluster (4 nodes on 127.0.0.11-14, beside the other tests' cluster) and stops it.
 */
final class FidelityRuns {

    private FidelityRuns() {
    }

    /** Runs the cell with {@code writes} observed writes after {@code warmUp}, and prints its figures. */
    static FidelityResult run(String folder, int writes, Duration warmUp) throws IOException {
        Path directory = Files.createDirectories(Path.of("target", folder)).toAbsolutePath();
        FidelitySettings settings = new FidelitySettings(3, 10, 5, writes, 10, FidelitySettings.DEFAULT_DELAYS_MILLIS,
                directory, 11, ClientGapCorrection.NONE).withWarmUp(warmUp);
        FidelityResult result = FidelityExperiment.run(settings, line -> System.out.println("[fidelity] " + line));
        ObservedStaleness comparison = result.comparison();
        System.out.printf("fidelity: %d writes in %d s (cluster start, %d s warm-up and stop included): RMSE %.4f (with "
                + "latency offset %.4f, with round trip %.4f), noise floor %.4f, latency NRMSE %.4f, latency offset "
                + "%.2f ms, mean client round trip %.2f ms%n", comparison.writes(), result.elapsed().toSeconds(),
                warmUp.toSeconds(), comparison.rmse(), comparison.rmseWithLatencyOffset(), comparison.rmseWithRoundTrip(),
                comparison.noiseFloor(), comparison.latencyNrmse(), comparison.latencyOffsetMillis(),
                comparison.meanClientGapMillis());
        for (ObservedPoint point : comparison.points()) {
            System.out.printf("  t=%5.0f ms observed %.4f [%.4f, %.4f] predicted %.4f%n", point.tMillis(),
                    point.observed().estimate(), point.observed().lower(), point.observed().upper(), point.predicted());
        }
        return result;
    }
}
