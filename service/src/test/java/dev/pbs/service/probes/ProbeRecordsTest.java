package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.probe.ProbeJournal;
import dev.pbs.formats.record.ProbeRecordReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProbeRecordsTest {

    @TempDir
    Path folder;

    /** A clock a second later at each reading. */
    private static final class Ticking extends Clock {
        private Instant now = Instant.parse("2026-12-07T11:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            now = now.plusSeconds(1);
            return now;
        }
    }

    @Test
    void windows_keepTheNewestRecords_andOnlyTheLastPartialOne() throws IOException {
        Path records = folder.resolve("records").resolve("cluster-a");
        ProbeRecords kept = new ProbeRecords(records, 2, new Ticking());
        for (int window = 0; window < 3; window++) {
            kept.end(kept.start(List.of("cluster-a")), true);
        }
        ProbeJournal failed = kept.start(List.of("cluster-a"));
        kept.end(failed, false);
        ProbeJournal failedAgain = kept.start(List.of("cluster-a"));
        kept.end(failedAgain, false);
        assertThat(names(records))
                .containsExactly(
                        "20261207T110002.000Z.jsonl.gz",
                        "20261207T110003.000Z.jsonl.gz",
                        "20261207T110005.000Z.jsonl.gz.partial");
        // a window's record holds what the probe was asked, then nothing of a run: the reader says so
        List<String> commands = new ArrayList<>();
        try {
            ProbeRecordReader.replay(records.resolve("20261207T110003.000Z.jsonl.gz"));
        } catch (IllegalArgumentException incomplete) {
            commands.add(incomplete.getMessage());
        }
        assertThat(commands).singleElement().asString().contains("holds no event of a run");
    }

    @Test
    void none_keepsNothing() {
        assertThat(ProbeRecords.NONE.start(List.of("x"))).isSameAs(ProbeJournal.NONE);
        ProbeRecords.NONE.end(ProbeJournal.NONE, true);
        assertThat(folder.resolve("records")).doesNotExist();
    }

    private static List<String> names(Path records) throws IOException {
        try (Stream<Path> files = Files.list(records)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
