package dev.pbs.service.probes;

import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.ProbeJournal;
import dev.pbs.formats.record.ProbeRecordWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a probe of the service keeps a record of each window ({@code pbs replay} reads one): a
 * folder of its own, {@code WINDOW-START.jsonl.gz} in UTC, the newest {@code keep} of them. A window
 * that ends without its measurement (the cluster unreachable, the service stopping) leaves its
 * {@code .partial} file, which the next window's pruning removes. A record that cannot be written
 * is logged and the probe goes on without it.
 */
final class ProbeRecords {

    /** Keeps nothing. */
    static final ProbeRecords NONE = new ProbeRecords(null, 0, Clock.systemUTC());

    private static final Logger LOG = LoggerFactory.getLogger(ProbeRecords.class);
    private static final DateTimeFormatter NAME =
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final String SUFFIX = ".jsonl.gz";

    private final Path folder;
    private final int keep;
    private final Clock clock;

    /**
     * @param folder the probe's own folder, created when the first record is written
     * @param keep the newest records kept; 0 keeps none
     */
    ProbeRecords(Path folder, int keep, Clock clock) {
        this.folder = folder;
        this.keep = keep;
        this.clock = clock;
    }

    /**
     * A journal for the window about to start, beginning with what the probe was asked; {@link
     * ProbeJournal#NONE} when no record is kept or its file cannot be made.
     */
    ProbeJournal start(List<String> description) {
        if (keep == 0) {
            return ProbeJournal.NONE;
        }
        try {
            Files.createDirectories(folder);
            ProbeRecordWriter writer =
                    ProbeRecordWriter.create(folder.resolve(NAME.format(clock.instant()) + SUFFIX), "pbs service");
            writer.append(new ProbeEvent.Command("serve", description));
            return writer;
        } catch (IOException | UncheckedIOException cannot) {
            LOG.warn("cannot keep a record in {}: {}", folder, cannot.getMessage());
            return ProbeJournal.NONE;
        }
    }

    /** Ends the window's record: whole when the window {@code completed}, else left partial; then prunes. */
    void end(ProbeJournal journal, boolean completed) {
        if (!(journal instanceof ProbeRecordWriter writer)) {
            return;
        }
        try {
            if (completed) {
                writer.finish();
            } else {
                writer.close();
            }
        } catch (UncheckedIOException | IllegalStateException failed) {
            LOG.warn("a window's record was not kept: {}", failed.getMessage());
        }
        prune();
    }

    /** Removes the records beyond the newest {@code keep}, and every partial file but the newest. */
    private void prune() {
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> names = files.sorted().toList();
            List<Path> records = names.stream()
                    .filter(file -> file.getFileName().toString().endsWith(SUFFIX))
                    .toList();
            for (int extra = 0; extra < records.size() - keep; extra++) {
                Files.deleteIfExists(records.get(extra));
            }
            List<Path> partial = names.stream()
                    .filter(file -> file.getFileName().toString().endsWith(SUFFIX + ".partial"))
                    .toList();
            for (int older = 0; older < partial.size() - 1; older++) {
                Files.deleteIfExists(partial.get(older));
            }
        } catch (IOException failed) {
            LOG.warn("cannot prune the records in {}: {}", folder, failed.getMessage());
        }
    }
}
