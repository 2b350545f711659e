package dev.pbs.service.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.cassandra.fidelity.FidelityResult;
import dev.pbs.cassandra.fidelity.FidelitySettings;
import dev.pbs.cassandra.probe.MessageType;
import java.io.UncheckedIOException;
import java.util.Locale;

/** What {@code pbs fidelity} prints: the cell, the measurement, and observed against predicted. */
public final class FidelityReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private FidelityReport() {
    }

    public static String text(FidelityResult result) {
        FidelitySettings settings = result.settings();
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "pbs fidelity: N=%d, injected W ~ Exp(mean %s ms), A, R, S ~ Exp(mean %s ms); "
                        + "measured W %d, A %d, R %d, S %d samples%n%n", settings.replicas(),
                NumberText.plain(settings.writeMeanMillis()), NumberText.plain(settings.otherMeanMillis()),
                result.measurement().samples(MessageType.W), result.measurement().samples(MessageType.A),
                result.measurement().samples(MessageType.R), result.measurement().samples(MessageType.S)));
        text.append(ObservationReport.text(result.comparison()));
        return text.toString();
    }

    public static ObjectNode tree(FidelityResult result) {
        FidelitySettings settings = result.settings();
        ObjectNode root = ObservationReport.tree(result.comparison());
        ObjectNode cell = root.putObject("injected");
        cell.put("w_mean_ms", settings.writeMeanMillis());
        cell.put("ars_mean_ms", settings.otherMeanMillis());
        ObjectNode samples = root.putObject("measured_samples");
        for (MessageType type : MessageType.values()) {
            samples.put(type.name(), result.measurement().samples(type));
        }
        root.put("elapsed_s", result.elapsed().toSeconds());
        return root;
    }

    public static String json(FidelityResult result) {
        try {
            return MAPPER.writeValueAsString(tree(result)) + System.lineSeparator();
        } catch (JsonProcessingException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }
}
