package dev.pbs.service.history;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.service.slas.LivePrediction;
import java.io.IOException;
import java.util.List;

/**
 * A history entry as JSON, as both storages keep it: {@code published_at_epoch_seconds}, the live
 * {@code profile} (the profile file format), the {@code prediction} and the {@code drift}.
 */
public final class HistoryEntryJson {

    private static final ObjectMapper JSON = JsonMapping.mapper();

    private HistoryEntryJson() {}

    /** The entry's JSON text. */
    public static String write(HistoryEntry entry) {
        ObjectNode root = JSON.createObjectNode();
        root.put("published_at_epoch_seconds", entry.publishedAtEpochSeconds());
        root.set("profile", ProfileJson.write(entry.profile()));
        root.set("prediction", JSON.valueToTree(entry.prediction()));
        root.set("drift", JSON.valueToTree(entry.drift()));
        return JsonMapping.text(root);
    }

    /**
     * The entry of that JSON text.
     *
     * @param where names the text's place in a message (a file, a row)
     * @throws IllegalArgumentException when the text is not an entry
     */
    public static HistoryEntry read(String text, String where) {
        try {
            JsonNode root = JSON.readTree(text);
            long published = root.path("published_at_epoch_seconds").asLong(-1);
            if (published < 0) {
                throw new IllegalArgumentException("no published_at_epoch_seconds");
            }
            LivePrediction prediction = root.path("prediction").isObject()
                    ? JSON.treeToValue(root.get("prediction"), LivePrediction.class)
                    : null;
            List<DriftView> drift = root.path("drift").isArray()
                    ? JSON.convertValue(root.get("drift"), new TypeReference<List<DriftView>>() {})
                    : null;
            return new HistoryEntry(published, ProfileJson.read(root.get("profile")), prediction, drift);
        } catch (IOException | RuntimeException unreadable) {
            throw new IllegalArgumentException(where + ": " + unreadable.getMessage(), unreadable);
        }
    }
}
