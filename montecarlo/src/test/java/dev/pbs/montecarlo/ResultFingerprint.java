package dev.pbs.montecarlo;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Everything a run reports, as text, and a short hash of it: two runs with the same fingerprint
 * counted the same trials consistent at every time, and drew the same latencies, thresholds,
 * speculations and repairs, to the last bit of every double.
 */
final class ResultFingerprint {

    private static final double[] PERCENTILES = {1, 10, 50, 90, 99, 99.9, 99.99};
    private static final double[] WINDOWS = {0.5, 0.9, 0.99, 0.999, 0.9999};

    private ResultFingerprint() {}

    /** The text of every figure of every configuration of an (R, W) run. */
    static String text(SimulationResult result) {
        return text(result.configurations());
    }

    /** The text of every figure of every configuration of a consistency-level run. */
    static String text(LevelSimulationResult result) {
        return text(result.configurations());
    }

    /** The first 16 hexadecimal digits of the SHA-256 of {@link #text}. */
    static String of(SimulationResult result) {
        return hash(text(result));
    }

    static String of(LevelSimulationResult result) {
        return hash(text(result));
    }

    private static String text(List<ConfigurationResult> configurations) {
        StringBuilder text = new StringBuilder();
        for (ConfigurationResult configuration : configurations) {
            text.append(configuration.configuration())
                    .append(' ')
                    .append(configuration.levels())
                    .append(" trials ")
                    .append(configuration.trials())
                    .append(" at commit ")
                    .append(configuration.consistentAtCommit())
                    .append('\n');
            for (VisibilityPoint point : configuration.visibility()) {
                text.append("  ").append(point).append('\n');
            }
            for (double percentile : PERCENTILES) {
                text.append("  read ")
                        .append(configuration.readLatency(percentile))
                        .append(" write ")
                        .append(configuration.writeLatency(percentile))
                        .append(" repaired ")
                        .append(configuration.readLatencyWithRepair(percentile))
                        .append('\n');
            }
            for (double window : WINDOWS) {
                text.append("  window ").append(configuration.window(window)).append('\n');
            }
            text.append("  speculation ")
                    .append(configuration.speculation())
                    .append(" repair ")
                    .append(configuration.readRepair())
                    .append('\n');
        }
        return text.toString();
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 16);
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
