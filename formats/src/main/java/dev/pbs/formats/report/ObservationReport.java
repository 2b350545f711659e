package dev.pbs.formats.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.profile.ProfileDocument;
import dev.pbs.formats.wire.Observation;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.montecarlo.ProportionEstimate;
import java.util.List;
import java.util.Locale;

/** Observed against predicted t-visibility, as a table and as JSON (the {@link Observation} record). */
public final class ObservationReport {

    private ObservationReport() {}

    public static String text(ObservedStaleness observed) {
        StringBuilder text = new StringBuilder();
        text.append(String.format(
                Locale.ROOT,
                "observed staleness: N=%d, R=%d, W=%d, %d writes acknowledged (%d failed), "
                        + "%d reads failed; prediction: read fan-out targeted, coordinator %s, %s%n",
                observed.n(),
                observed.readReplicas(),
                observed.writeReplicas(),
                observed.writes(),
                observed.failedWrites(),
                observed.failedReads(),
                coordinatorText(observed.coordinatorReplicaShare()),
                predictionText(observed)
                        + (observed.predictionWindows() > 1
                                ? "; each of " + observed.predictionWindows()
                                        + " windows of the writes predicted from what the probe measured during it"
                                : "")));
        TextTable table = new TextTable(
                List.of("t ms", "reads", "observed", "95% interval", "predicted", "difference", "send lag ms"), 0);
        for (ObservedPoint point : observed.points()) {
            ProportionEstimate seen = point.observed();
            table.addRow(List.of(
                    NumberText.plain(point.tMillis()),
                    NumberText.count(seen.trials()),
                    String.format(Locale.ROOT, "%.4f", seen.estimate()),
                    String.format(Locale.ROOT, "[%.4f, %.4f]", seen.lower(), seen.upper()),
                    String.format(Locale.ROOT, "%.4f", point.predicted()),
                    String.format(Locale.ROOT, "%+.4f", seen.estimate() - point.predicted()),
                    String.format(Locale.ROOT, "%.2f", point.meanLagMillis())));
        }
        text.append(table.render());
        text.append(String.format(
                Locale.ROOT,
                "RMSE observed against predicted: %.4f (%.2f%%); sampling noise alone " + "would give about %.4f%n",
                observed.rmse(),
                100 * observed.rmse(),
                observed.noiseFloor()));
        if (!observed.latencies().isEmpty()) {
            TextTable latencies = new TextTable(List.of("latency", "percentile", "observed ms", "predicted ms"), 1);
            for (ObservedStaleness.LatencyComparison latency : observed.latencies()) {
                latencies.addRow(List.of(
                        latency.operation(),
                        NumberText.plain(latency.percentile()),
                        String.format(Locale.ROOT, "%.3f", latency.observedMillis()),
                        String.format(Locale.ROOT, "%.3f", latency.predictedMillis())));
            }
            text.append(System.lineSeparator()).append(latencies.render());
            text.append(String.format(
                    Locale.ROOT,
                    "latency NRMSE (client latency observed, against the engine's latency plus the measured "
                            + "client round trip, timed beside the writes for writes and beside the reads, mean "
                            + "%.2f ms, for reads; the two coupled %.2f, as the traced operations measured): %.4f; "
                            + "the observation's sampling alone would give about %.4f%n",
                    observed.meanReadRoundTripMillis(),
                    observed.clientCoupling(),
                    observed.latencyNrmse(),
                    observed.latencyNoiseFloor()));
        }
        return text.toString();
    }

    /**
     * Where the coordinators were, after "coordinator ": a replica, separate from the replicas, or
     * a replica for the measured shares of writes and reads when some were and some not.
     */
    static String coordinatorText(CoordinatorReplicaShare share) {
        if (share.isPartial()) {
            return "a replica for " + wholePercent(share.writes()) + " of writes and " + wholePercent(share.reads())
                    + " of reads";
        }
        return share.isAlways() ? "is a replica" : "separate from the replicas";
    }

    /**
     * A measured share as a whole percentage ({@code 67%}), or with as many decimals as it takes
     * not to show a share strictly between 0 and 1 as 0% or 100%.
     */
    private static String wholePercent(double share) {
        long whole = Math.round(share * 100);
        if ((whole == 0 && share > 0) || (whole == 100 && share < 1)) {
            return CoordinatorReplicaShare.percent(share);
        }
        return whole + "%";
    }

    /** What "predicted" adds to t, with the measured figures it used. */
    private static String predictionText(ObservedStaleness observed) {
        return String.format(
                Locale.ROOT,
                "client round trip (mean %.2f ms, coupled %.2f with the time to consistency) and each t's send lag "
                        + "added to t",
                observed.meanClientGapMillis(),
                observed.clientCoupling());
    }

    /** The record of an observation. */
    public static Observation answer(ObservedStaleness observed) {
        List<Observation.Point> points = observed.points().stream()
                .map(point -> new Observation.Point(
                        point.tMillis(),
                        point.observed().trials(),
                        point.observed().successes(),
                        point.observed().estimate(),
                        point.observed().lower(),
                        point.observed().upper(),
                        point.predicted(),
                        point.meanLagMillis(),
                        point.expected() == null ? null : point.expected().lower(),
                        point.expected() == null ? null : point.expected().upper()))
                .toList();
        List<Observation.Latency> latencies = observed.latencies().stream()
                .map(latency -> new Observation.Latency(
                        latency.operation(), latency.percentile(), latency.observedMillis(), latency.predictedMillis()))
                .toList();
        return new Observation(
                observed.n(),
                observed.readReplicas(),
                observed.writeReplicas(),
                observed.writes(),
                observed.failedWrites(),
                observed.failedReads(),
                "targeted",
                observed.coordinatorReplicaShare().isAlways(),
                new ProfileDocument.CoordinatorReplicaShareDocument(
                        observed.coordinatorReplicaShare().writes(),
                        observed.coordinatorReplicaShare().reads()),
                observed.predictionWindows(),
                observed.meanClientGapMillis(),
                observed.meanReadRoundTripMillis(),
                observed.clientCoupling(),
                observed.rmse(),
                observed.noiseFloor(),
                Double.isFinite(observed.latencyNrmse()) ? observed.latencyNrmse() : null,
                Double.isFinite(observed.latencyNoiseFloor()) ? observed.latencyNoiseFloor() : null,
                points,
                latencies);
    }

    public static ObjectNode tree(ObservedStaleness observed) {
        return JsonMapping.tree(answer(observed));
    }

    public static String json(ObservedStaleness observed) {
        return JsonMapping.text(answer(observed));
    }
}
