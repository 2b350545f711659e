package dev.pbs.formats.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
                correctionText(observed)));
        TextTable table = new TextTable(List.of("t ms", "reads", "observed", "95% interval", "predicted", "difference",
                "model alone", "with round trip", "with offset", "send lag ms"), 0);
        for (ObservedPoint point : observed.points()) {
            ProportionEstimate seen = point.observed();
            table.addRow(List.of(NumberText.plain(point.tMillis()), NumberText.count(seen.trials()),
                    String.format(Locale.ROOT, "%.4f", seen.estimate()),
                    String.format(Locale.ROOT, "[%.4f, %.4f]", seen.lower(), seen.upper()),
                    String.format(Locale.ROOT, "%.4f", point.predicted()),
                    String.format(Locale.ROOT, "%+.4f", seen.estimate() - point.predicted()),
                    String.format(Locale.ROOT, "%.4f", point.predictedWithoutGap()),
                    String.format(Locale.ROOT, "%.4f", point.predictedWithGap()),
                    String.format(Locale.ROOT, "%.4f", point.predictedWithLatencyOffset()),
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

    /** Which prediction "predicted" is, with the measured figures it used. */
    private static String correctionText(ObservedStaleness observed) {
        return switch (observed.correction()) {
            case NONE -> String.format(Locale.ROOT, "the model alone (client round trip mean %.2f ms and latency offset "
                    + "%.2f ms not added)", observed.meanClientGapMillis(), observed.latencyOffsetMillis());
            case MEASURED -> String.format(Locale.ROOT, "client round trip (mean %.2f ms) added to t",
                    observed.meanClientGapMillis());
            case LATENCY -> String.format(Locale.ROOT, "latency offset (%.2f ms) and each t's send lag added to t",
                    observed.latencyOffsetMillis());
        };
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
        root.put("client_gap", observed.correction().name().toLowerCase(java.util.Locale.ROOT));
        root.put("mean_client_gap_ms", observed.meanClientGapMillis());
        root.put("latency_offset_ms", observed.latencyOffsetMillis());
        root.put("rmse_t_visibility", observed.rmse());
        root.put("noise_floor_t_visibility", observed.noiseFloor());
        root.put("rmse_model_alone", observed.rmseWithoutGap());
        root.put("rmse_with_round_trip", observed.rmseWithRoundTrip());
        root.put("rmse_with_latency_offset", observed.rmseWithLatencyOffset());
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
            entry.put("predicted_with_latency_offset", point.predictedWithLatencyOffset());
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
