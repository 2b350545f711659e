package dev.pbs.formats.record;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.ProbeJournal;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a probe run's events to a record file as they happen ({@link ProbeRecordFormat}). The
 * events go to {@code FILE.partial} next to the file; {@link #finish}, once the run has ended, adds
 * the closing line and moves it into place. A run that fails before that leaves the partial file
 * when the writer is closed, which the reader refuses as truncated: never half a record under the
 * asked name. A failure to write is remembered and thrown by {@link #finish}, not by the probe's
 * threads that append.
 */
public final class ProbeRecordWriter implements ProbeJournal, AutoCloseable {

    private final Path file;
    private final Path partial;
    private final Writer out;
    private long events;
    private IOException failure;
    private boolean closed;

    private ProbeRecordWriter(Path file, Path partial, Writer out) {
        this.file = file;
        this.partial = partial;
        this.out = out;
    }

    /**
     * Starts a record at {@code file}, written by {@code writtenBy} (such as {@code pbs 0.1.0}).
     *
     * @throws UncheckedIOException when the file's folder cannot be written
     */
    public static ProbeRecordWriter create(Path file, String writtenBy) {
        Path absolute = file.toAbsolutePath();
        Path partial = absolute.resolveSibling(absolute.getFileName() + ".partial");
        try {
            Writer out = new BufferedWriter(
                    new OutputStreamWriter(
                            new GZIPOutputStream(Files.newOutputStream(partial), 1 << 16), StandardCharsets.UTF_8),
                    1 << 16);
            ObjectNode header = JsonNodeFactory.instance.objectNode();
            header.put("record", ProbeRecordFormat.NAME);
            header.put("version", ProbeRecordFormat.VERSION);
            header.put("written_by", writtenBy);
            out.write(ProbeRecordFormat.MAPPER.writeValueAsString(header));
            out.write('\n');
            return new ProbeRecordWriter(absolute, partial, out);
        } catch (IOException cannot) {
            throw new UncheckedIOException("cannot write the record " + file + ": " + cannot.getMessage(), cannot);
        }
    }

    @Override
    public synchronized void append(ProbeEvent event) {
        if (failure != null || closed) {
            return;
        }
        try {
            out.write(ProbeRecordFormat.MAPPER.writeValueAsString(ProbeEventJson.write(event)));
            out.write('\n');
            events++;
        } catch (IOException failed) {
            failure = failed;
        }
    }

    /** The record's file, once finished. */
    public Path file() {
        return file;
    }

    /**
     * Adds the closing line and moves the record into place.
     *
     * @throws UncheckedIOException when any line could not be written
     */
    public synchronized void finish() {
        if (closed) {
            throw new IllegalStateException("the record " + file + " is already closed");
        }
        closed = true;
        try {
            if (failure == null) {
                ObjectNode end = JsonNodeFactory.instance.objectNode();
                end.put("type", ProbeRecordFormat.END);
                end.put("events", events);
                out.write(ProbeRecordFormat.MAPPER.writeValueAsString(end));
                out.write('\n');
            }
            out.close();
        } catch (IOException failed) {
            failure = failure == null ? failed : failure;
        }
        if (failure != null) {
            throw new UncheckedIOException(
                    "the record " + file + " could not be written (what was written is in " + partial + "): "
                            + failure.getMessage(),
                    failure);
        }
        try {
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException failed) {
            throw new UncheckedIOException(
                    "the record could not be moved from " + partial + " to " + file + ": " + failed.getMessage(),
                    failed);
        }
    }

    /**
     * Closes an unfinished record where it is, {@code FILE.partial}, without its closing line (a run
     * that failed); does nothing once finished.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // what was written stays in the partial file, which the reader refuses as truncated anyway
        }
    }
}
