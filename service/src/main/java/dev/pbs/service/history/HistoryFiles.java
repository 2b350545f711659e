package dev.pbs.service.history;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.files.AtomicFile;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.service.slas.LivePrediction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A probe's history folder: one file per entry, {@code <epoch milliseconds, 16 digits>.json},
 * written atomically ({@link AtomicFile}), so that a crash leaves whole entries only. An entry's
 * file holds {@code published_at_epoch_seconds}, the live {@code profile} (the profile file
 * format), the {@code prediction} and the {@code drift}.
 */
final class HistoryFiles {

    private static final String SUFFIX = ".json";
    private static final ObjectMapper JSON = JsonMapping.mapper();

    private final Path folder;

    HistoryFiles(Path folder) {
        this.folder = folder;
    }

    Path folder() {
        return folder;
    }

    /** The entries' files, oldest first; deletes temporary files a crash left behind. */
    List<Path> list() {
        List<Path> files = new ArrayList<>();
        try {
            Files.createDirectories(folder);
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
                for (Path entry : entries) {
                    String name = entry.getFileName().toString();
                    if (name.endsWith(AtomicFile.TEMPORARY_SUFFIX)) {
                        Files.deleteIfExists(entry);
                    } else if (name.endsWith(SUFFIX) && Files.isRegularFile(entry)) {
                        files.add(entry);
                    }
                }
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot open the history folder " + folder + ": " + failed, failed);
        }
        files.sort(null);
        return files;
    }

    /**
     * One entry from its file.
     *
     * @throws IllegalArgumentException when the file cannot be read as an entry
     */
    HistoryEntry read(Path file) {
        try {
            JsonNode root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
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
            throw new IllegalArgumentException("history file " + file + ": " + unreadable.getMessage(), unreadable);
        }
    }

    /** Writes an entry's file atomically and durably. */
    void write(HistoryEntry entry, long epochMillis) {
        ObjectNode root = JSON.createObjectNode();
        root.put("published_at_epoch_seconds", entry.publishedAtEpochSeconds());
        root.set("profile", ProfileJson.write(entry.profile()));
        root.set("prediction", JSON.valueToTree(entry.prediction()));
        root.set("drift", JSON.valueToTree(entry.drift()));
        Path file = fileOf(epochMillis);
        try {
            AtomicFile.write(file, JsonMapping.text(root));
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot write history file " + file + ": " + failed, failed);
        }
    }

    /** Deletes an entry's file. */
    void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot delete history file " + file + ": " + failed, failed);
        }
    }

    Path fileOf(long epochMillis) {
        return folder.resolve(String.format(Locale.ROOT, "%016d", epochMillis) + SUFFIX);
    }
}
