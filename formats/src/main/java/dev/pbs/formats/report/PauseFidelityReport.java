package dev.pbs.formats.report;

import dev.pbs.cassandra.fidelity.PauseCell;
import dev.pbs.cassandra.fidelity.PauseFidelityResult;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.wire.PauseFidelityCell;
import java.util.List;
import java.util.Locale;

/**
 * The paused-node fidelity cell for people and for programs: the three comparisons (healthy; under
 * pauses with them predicted; under pauses without), each as its RMSE, latency N-RMSE, and the
 * observed and predicted latency percentiles.
 */
public final class PauseFidelityReport {

    private PauseFidelityReport() {}

    /** The text report. */
    public static String text(PauseFidelityResult result) {
        StringBuilder text = new StringBuilder();
        text.append(String.format(
                Locale.ROOT,
                "pbs fidelity --fault pause: node %d (%s) paused %d ms every %d ms, %d pauses made; %d s in all%n",
                result.cell().pausedNode(),
                result.cell().pausedAddress(),
                result.cell().length().toMillis(),
                result.cell().period().toMillis(),
                result.pauses().size(),
                result.elapsed().toSeconds()));
        section(text, "healthy, against the healthy profile", result.healthy());
        section(text, "node pausing, predicted with the pauses", result.withPauses());
        section(text, "node pausing, predicted without them", result.withoutPauses());
        return text.toString();
    }

    private static void section(StringBuilder text, String what, ObservedStaleness comparison) {
        text.append(String.format(
                Locale.ROOT,
                "%n%s: RMSE %.4f (from t = %.0f ms on %.4f), noise floor %.4f, latency N-RMSE %.4f%n",
                what,
                comparison.rmse(),
                PauseCell.TAIL_FROM_MILLIS,
                comparison.rmseFrom(PauseCell.TAIL_FROM_MILLIS),
                comparison.noiseFloor(),
                comparison.latencyNrmse()));
        for (ObservedStaleness.LatencyComparison latency : comparison.latencies()) {
            text.append(String.format(
                    Locale.ROOT,
                    "  %s p%s: observed %.2f ms, predicted %.2f ms%n",
                    latency.operation(),
                    NumberText.plain(latency.percentile()),
                    latency.observedMillis(),
                    latency.predictedMillis()));
        }
    }

    /** The JSON document ({@link PauseFidelityCell}), ending in a newline. */
    public static String json(PauseFidelityResult result) {
        return JsonMapping.text(new PauseFidelityCell(
                "pause",
                result.cell().pausedNode(),
                result.cell().period().toNanos() / 1e6,
                result.cell().length().toNanos() / 1e6,
                result.pauses().size(),
                result.cell().cell().writes(),
                comparison(result.healthy()),
                comparison(result.withPauses()),
                comparison(result.withoutPauses()),
                result.elapsed().toSeconds()));
    }

    private static PauseFidelityCell.Comparison comparison(ObservedStaleness comparison) {
        List<PauseFidelityCell.Point> points =
                comparison.points().stream().map(PauseFidelityReport::point).toList();
        List<PauseFidelityCell.Latency> latencies = comparison.latencies().stream()
                .map(latency -> new PauseFidelityCell.Latency(
                        latency.operation(), latency.percentile(), latency.observedMillis(), latency.predictedMillis()))
                .toList();
        return new PauseFidelityCell.Comparison(
                comparison.rmse(),
                comparison.rmseFrom(PauseCell.TAIL_FROM_MILLIS),
                PauseCell.TAIL_FROM_MILLIS,
                comparison.noiseFloor(),
                comparison.latencyNrmse(),
                points,
                latencies);
    }

    private static PauseFidelityCell.Point point(ObservedPoint point) {
        return new PauseFidelityCell.Point(
                point.tMillis(), point.observed().estimate(), point.observed().trials(), point.predicted());
    }
}
