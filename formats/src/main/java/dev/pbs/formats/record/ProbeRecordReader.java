package dev.pbs.formats.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.WireSplit;
import dev.pbs.cassandra.record.ProbeReplay;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a probe record ({@link ProbeRecordFormat}) strictly: a file that is not a record, a record
 * of another version, one cut short, and a line that does not hold what its type says are each a
 * {@link ProbeRecordException} that names the file, the line and what is wrong.
 */
public final class ProbeRecordReader {

    private ProbeRecordReader() {}

    /**
     * Replays a record ({@link ProbeReplay}): what the run measured, as the live run had it.
     *
     * @throws ProbeRecordException when the record cannot be read or does not hold a whole run
     */
    public static ProbeReplay.Replayed replay(Path file) {
        return replay(file, WireSplit.MEASURED);
    }

    /** {@link #replay(Path)}, each traced message's wire time shared as {@code split} says: an experiment's variant. */
    public static ProbeReplay.Replayed replay(Path file, WireSplit split) {
        ProbeReplay replay = new ProbeReplay(split);
        read(file, replay::apply);
        try {
            return replay.result();
        } catch (IllegalStateException incomplete) {
            throw new ProbeRecordException(file + ": " + incomplete.getMessage(), incomplete);
        }
    }

    /**
     * Hands each event of a record, in order, to {@code each}; an {@link IllegalArgumentException}
     * or {@link IllegalStateException} that {@code each} throws is reported with the event's line.
     *
     * @throws ProbeRecordException when the record cannot be read
     */
    public static void read(Path file, Consumer<ProbeEvent> each) {
        long line = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.UTF_8))) {
            String text = in.readLine();
            line = 1;
            if (text == null) {
                throw failure(file, line, "the record is empty");
            }
            header(file, parse(file, line, text));
            long events = 0;
            boolean ended = false;
            while ((text = in.readLine()) != null) {
                line++;
                if (ended) {
                    throw failure(file, line, "a line after the record's closing line");
                }
                JsonNode node = parse(file, line, text);
                if (ProbeRecordFormat.END.equals(node.path("type").asText())) {
                    long counted = node.path("events").asLong(-1);
                    if (counted != events) {
                        throw failure(
                                file,
                                line,
                                "the closing line counts " + counted + " events, the record holds " + events);
                    }
                    ended = true;
                    continue;
                }
                ProbeEvent event;
                try {
                    event = ProbeEventJson.read(node);
                } catch (IllegalArgumentException | NullPointerException bad) {
                    throw failure(file, line, bad.getMessage());
                }
                try {
                    each.accept(event);
                } catch (IllegalArgumentException | IllegalStateException bad) {
                    throw failure(file, line, bad.getMessage());
                }
                events++;
            }
            if (!ended) {
                throw failure(
                        file,
                        line,
                        "the record ends without its closing line: it is truncated (a run that did not finish?)");
            }
        } catch (NoSuchFileException missing) {
            throw new ProbeRecordException("no record at " + file);
        } catch (ZipException notCompressed) {
            throw new ProbeRecordException(
                    file + " is not a pbs probe record (not gzip-compressed data)", notCompressed);
        } catch (EOFException cutShort) {
            throw failure(
                    file, line + 1, "the record is truncated: its compressed data ends in the middle of the file");
        } catch (IOException unreadable) {
            throw new ProbeRecordException(
                    "cannot read the record " + file + ": " + unreadable.getMessage(), unreadable);
        }
    }

    private static JsonNode parse(Path file, long line, String text) {
        try {
            JsonNode node = ProbeRecordFormat.MAPPER.readTree(text);
            if (node == null || !node.isObject()) {
                throw failure(file, line, "not a JSON object");
            }
            return node;
        } catch (JsonProcessingException bad) {
            throw failure(file, line, "not valid JSON (" + bad.getOriginalMessage() + ")");
        }
    }

    private static void header(Path file, JsonNode header) {
        if (!ProbeRecordFormat.NAME.equals(header.path("record").asText())) {
            throw failure(
                    file,
                    1,
                    "not a pbs probe record (its first line does not name \"" + ProbeRecordFormat.NAME + "\")");
        }
        JsonNode version = header.path("version");
        if (!version.canConvertToInt() || version.asInt() != ProbeRecordFormat.VERSION) {
            throw failure(
                    file,
                    1,
                    "a record of version " + version + ", written by "
                            + header.path("written_by").asText("?") + "; this pbs reads version "
                            + ProbeRecordFormat.VERSION);
        }
    }

    private static ProbeRecordException failure(Path file, long line, String message) {
        return new ProbeRecordException(file + ", line " + line + ": " + message);
    }
}
