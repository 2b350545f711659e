package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.WarsMessage;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The profile's provenance for {@link TracingDilation}: what the untraced operations took, what
 * the traced and the corrected delays predict for them, and how each path's delays were corrected.
 */
final class CalibrationAccount {

    private CalibrationAccount() {}

    /**
     * The provenance's account: what the untraced operations took, what the traced and the
     * corrected delays predict for them, and how each path's delays were divided.
     */
    static String of(
            ProbeSnapshot snapshot,
            ClientLatencies.Snapshot client,
            String[] operations,
            double[][] targets,
            double[][] tracedParts,
            double[][] correctedParts,
            CoupledSum roundTrip,
            TracingDilation.Corrections corrections) {
        StringBuilder text = new StringBuilder(String.format(
                Locale.ROOT,
                "Tracing's own cost was corrected. A request refused before any work took %.3f ms at the median "
                        + "and %.3f ms at p99.",
                client.roundTrips().getValueAtPercentile(50) / 1000.0,
                client.roundTrips().getValueAtPercentile(99) / 1000.0));
        for (int i = 0; i < operations.length; i++) {
            double[] before = CorrectionStep.quantilesOfSum(roundTrip, tracedParts[i], 1);
            double[] after = CorrectionStep.quantilesOfSum(roundTrip, correctedParts[i], 1);
            int last = TracingDilation.CALIBRATION_PERCENTILES.length - 1;
            text.append(String.format(
                    Locale.ROOT,
                    " Untraced %s took %.3f ms at the median and %.3f ms at p99; the traced delays predicted %.3f "
                            + "and %.3f ms, the corrected ones %.3f and %.3f ms.",
                    operations[i],
                    targets[i][0],
                    targets[i][last],
                    before[0],
                    before[last],
                    after[0],
                    after[last]));
        }
        String[] paths = {
            "own replica's W and A", "other replicas' W and A", "own replica's R and S", "other replicas' R and S"
        };
        Histogram[] references = tracedReferences(snapshot);
        PathCorrection[] corrected = corrections.paths();
        text.append(" Each path's delays became scale x delay^exponent - shift (ms), never longer than traced:");
        for (int i = 0; i < paths.length; i++) {
            double median = percentileMillis(references[i], 50);
            double tail = percentileMillis(references[i], 99);
            text.append(String.format(
                    Locale.ROOT,
                    "%s %s exponent %.2f, shift %.3f ms, its traced W or R divided by %.2f at the median (%.3f ms) "
                            + "and %.2f at p99 (%.3f ms)",
                    i == 0 ? "" : ";",
                    paths[i],
                    corrected[i].exponent(),
                    corrected[i].shift(),
                    corrected[i].divisorAt(median),
                    median,
                    corrected[i].divisorAt(tail),
                    tail));
        }
        text.append('.');
        return text.toString();
    }

    /**
     * The account of an untraced operation that was timed but not calibrated on: what it took at the
     * median and p99, and what the corrected delays predict for it (the round trip plus {@code part}).
     */
    static String uncalibrated(String operation, Histogram untraced, CoupledSum roundTrip, double[] part) {
        double[] predicted = CorrectionStep.quantilesOfSum(roundTrip, part, 1);
        int last = TracingDilation.CALIBRATION_PERCENTILES.length - 1;
        return String.format(
                Locale.ROOT,
                " Untraced %s (not calibrated on) took %.3f ms at the median and %.3f ms at p99; the corrected delays"
                        + " predicted %.3f and %.3f ms.",
                operation,
                percentileMillis(untraced, 50),
                percentileMillis(untraced, 99),
                predicted[0],
                predicted[last]);
    }

    /**
     * Each path's traced delays, in the order of {@link TracingDilation.Corrections#paths}: the own
     * replica's W, the other replicas' W (pooled), the own replica's R, the other replicas' R; null
     * where not measured.
     */
    static Histogram[] tracedReferences(ProbeSnapshot snapshot) {
        Map<WarsMessage, Histogram> local = snapshot.localDelaysMicros();
        Map<WarsMessage, Histogram> remote = pooled(snapshot);
        return new Histogram[] {
            local.get(WarsMessage.WRITE),
            remote.get(WarsMessage.WRITE),
            local.get(WarsMessage.READ),
            remote.get(WarsMessage.READ)
        };
    }

    /** The {@code percentile} of {@code micros}, ms; 0 when it is null or empty. */
    static double percentileMillis(Histogram micros, double percentile) {
        return micros == null || micros.getTotalCount() == 0 ? 0 : micros.getValueAtPercentile(percentile) / 1000.0;
    }

    /** The other replicas' traced delays, pooled over replicas. */
    private static Map<WarsMessage, Histogram> pooled(ProbeSnapshot snapshot) {
        Map<WarsMessage, Histogram> pooled = new EnumMap<>(WarsMessage.class);
        snapshot.delaysMicros()
                .forEach((replica, messages) -> messages.forEach((message, histogram) -> pooled.computeIfAbsent(
                                message, ignored -> new Histogram(WarsRecorder.HIGHEST_MICROS, 3))
                        .add(histogram)));
        return pooled;
    }
}
