package dev.pbs.service.history;

import dev.pbs.files.AtomicFile;
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
 * A probe's history folder: one file per entry, {@code <epoch milliseconds, 16 digits>.json}
 * ({@link HistoryEntryJson}), written atomically ({@link AtomicFile}), so that a crash leaves whole
 * entries only.
 */
public final class HistoryFiles implements HistoryStorage {

    private static final String SUFFIX = ".json";

    private final Path folder;

    public HistoryFiles(Path folder) {
        this.folder = folder;
    }

    /**
     * The keys of the entries' files, oldest first; deletes temporary files a crash left behind and
     * leaves alone files whose names are not an entry's.
     */
    @Override
    public List<Long> keys() {
        List<Long> keys = new ArrayList<>();
        try {
            Files.createDirectories(folder);
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
                for (Path entry : entries) {
                    String name = entry.getFileName().toString();
                    if (name.endsWith(AtomicFile.TEMPORARY_SUFFIX)) {
                        Files.deleteIfExists(entry);
                    } else if (name.endsWith(SUFFIX) && Files.isRegularFile(entry) && keyOf(name) >= 0) {
                        keys.add(keyOf(name));
                    }
                }
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot open the history folder " + folder + ": " + failed, failed);
        }
        keys.sort(null);
        return keys;
    }

    @Override
    public HistoryEntry read(long key) {
        Path file = fileOf(key);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException unreadable) {
            throw new IllegalArgumentException("history file " + file + ": " + unreadable.getMessage(), unreadable);
        }
        return HistoryEntryJson.read(text, "history file " + file);
    }

    @Override
    public void write(HistoryEntry entry, long key) {
        Path file = fileOf(key);
        try {
            AtomicFile.write(file, HistoryEntryJson.write(entry));
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot write history file " + file + ": " + failed, failed);
        }
    }

    @Override
    public void delete(long key) {
        Path file = fileOf(key);
        try {
            Files.deleteIfExists(file);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot delete history file " + file + ": " + failed, failed);
        }
    }

    private Path fileOf(long key) {
        return folder.resolve(String.format(Locale.ROOT, "%016d", key) + SUFFIX);
    }

    /** The key in a file's name; -1 for a name that holds none (not an entry's file: left alone). */
    private static long keyOf(String name) {
        try {
            return Long.parseLong(name.substring(0, name.indexOf('.')));
        } catch (RuntimeException notANumber) {
            return -1;
        }
    }
}
