package dev.pbs.service.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.cassandra.observe.ClientGapCorrection;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.montecarlo.ProportionEstimate;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/** Observed against predicted t-visibility, as a table and as JSON. */
public final class ObservationReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ObservationReport() {
    }

    public static String text(ObservedStaleness observed) {
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "observed staleness: N=%d, R=%d, W=%d, %d writes acknowledged (%d failed), "
                        + "%d reads failed; prediction: read fan-out targeted, coordinator %s, %s%n", observed.n(),
                observed.readReplicas(), observed.writeReplicas(), observed.writes(), observed.failedWrites(),
                observed.failedReads(), observed.coordinatorIsReplica() ? "is a replica" : "separate from the replicas",
                observed.correction() == ClientGapCorrection.MEASURED
                        ? String.format(Locale.ROOT, "client round trip (mean %.2f ms) added to t", observed.meanClientGapMillis())
                        : String.format(Locale.ROOT, "the model alone (client round trip, mean %.2f ms, not added; "
                                + "'with gap' adds it)", observed.meanClientGapMillis())));
        boolean measured = observed.correction() == ClientGapCorrection.MEASURED;
        TextTable table = new TextTable(List.of("t ms", "reads", "observed", "95% interval", "predicted", "difference",
                measured ? "without gap" : "with gap", "send lag ms"), 0);
        for (ObservedPoint point : observed.points()) {
            ProportionEstimate seen = point.observed();
            table.addRow(List.of(NumberText.plain(point.tMillis()), NumberText.count(seen.trials()),
                    String.format(Locale.ROOT, "%.4f", seen.estimate()),
                    String.format(Locale.ROOT, "[%.4f, %.4f]", seen.lower(), seen.upper()),
                    String.format(Locale.ROOT, "%.4f", point.predicted()),
                    String.format(Locale.ROOT, "%+.4f", seen.estimate() - point.predicted()),
                    String.format(Locale.ROOT, "%.4f", measured ? point.predictedWithoutGap() : point.predictedWithGap()),
                    String.format(Locale.ROOT, "%.2f", point.meanLagMillis())));
        }
        text.append(table.render());
        text.append(String.format(Locale.ROOT, "RMSE observed against predicted: %.4f (%.2f%%); sampling noise alone "
                + "would give about %.4f%n", observed.rmse(), 100 * observed.rmse(), observed.noiseFloor()));
        if (!observed.latencies().isEmpty()) {
            TextTable latencies = new TextTable(List.of("latency", "percentile", "observed ms", "predicted ms"), 1);
            for (ObservedStaleness.LatencyComparison latency : observed.latencies()) {
                latencies.addRow(List.of(latency.operation(), NumberText.plain(latency.percentile()),
                        String.format(Locale.ROOT, "%.3f", latency.observedMillis()),
                        String.format(Locale.ROOT, "%.3f", latency.predictedMillis())));
            }
            text.append(System.lineSeparator()).append(latencies.render());
            text.append(String.format(Locale.ROOT, "latency NRMSE (client latency observed, against the engine's "
                    + "latency plus the measured client round trip): %.4f%n", observed.latencyNrmse()));
        }
        return text.toString();
    }

    public static ObjectNode tree(ObservedStaleness observed) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode root = nodes.objectNode();
        root.put("n", observed.n());
        root.put("r", observed.readReplicas());
        root.put("w", observed.writeReplicas());
        root.put("writes", observed.writes());
        root.put("failed_writes", observed.failedWrites());
        root.put("failed_reads", observed.failedReads());
        root.put("read_fanout", "targeted");
        root.put("coordinator_is_replica", observed.coordinatorIsReplica());
        root.put("client_gap", observed.correction() == ClientGapCorrection.MEASURED ? "measured" : "none");
        root.put("mean_client_gap_ms", observed.meanClientGapMillis());
        root.put("rmse_t_visibility", observed.rmse());
        root.put("noise_floor_t_visibility", observed.noiseFloor());
        if (Double.isFinite(observed.latencyNrmse())) {
            root.put("nrmse_latency", observed.latencyNrmse());
        } else {
            root.putNull("nrmse_latency");
        }
        ArrayNode points = root.putArray("points");
        for (ObservedPoint point : observed.points()) {
            ObjectNode entry = points.addObject();
            entry.put("t_ms", point.tMillis());
            entry.put("reads", point.observed().trials());
            entry.put("fresh", point.observed().successes());
            entry.put("observed", point.observed().estimate());
            entry.put("observed_lower", point.observed().lower());
            entry.put("observed_upper", point.observed().upper());
            entry.put("predicted", point.predicted());
            entry.put("predicted_without_client_gap", point.predictedWithoutGap());
            entry.put("predicted_with_client_gap", point.predictedWithGap());
            entry.put("mean_send_lag_ms", point.meanLagMillis());
        }
        ArrayNode latencies = root.putArray("latencies");
        for (ObservedStaleness.LatencyComparison latency : observed.latencies()) {
            ObjectNode entry = latencies.addObject();
            entry.put("operation", latency.operation());
            entry.put("percentile", latency.percentile());
            entry.put("observed_ms", latency.observedMillis());
            entry.put("predicted_ms", latency.predictedMillis());
        }
        return root;
    }

    public static String json(ObservedStaleness observed) {
        try {
            return MAPPER.writeValueAsString(tree(observed)) + System.lineSeparator();
        } catch (JsonProcessingException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }
}
