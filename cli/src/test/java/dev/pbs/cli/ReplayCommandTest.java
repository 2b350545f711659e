package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.cassandra.fidelity.FidelitySettings;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pbs replay refuses what is not a whole record with one line and exit status 2; a fidelity record's cell reads back. */
class ReplayCommandTest {

    @TempDir
    Path folder;

    @Test
    void replay_ofNoRecord_isBadInput() {
        CommandLineRun run = CommandLineRun.of(
                "replay",
                folder.resolve("absent.jsonl.gz").toString(),
                "--out",
                folder.resolve("p.json").toString());
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("no record at").doesNotContain("Exception");
    }

    @Test
    void replay_ofATruncatedRecord_namesTheLine() throws IOException {
        Path record = folder.resolve("cut.jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(record))) {
            out.write(("{\"record\":\"pbs-probe-record\",\"version\":1,\"written_by\":\"pbs test\"}\n"
                            + "{\"type\":\"command\",\"command\":\"probe\",\"arguments\":[]}\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        CommandLineRun run = CommandLineRun.of(
                "replay", record.toString(), "--out", folder.resolve("p.json").toString());
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("line 2: the record ends without its closing line: it is truncated");
        assertThat(folder.resolve("p.json")).doesNotExist();
    }

    @Test
    void replay_withoutItsProfileFile_isBadInput() {
        CommandLineRun run =
                CommandLineRun.of("replay", folder.resolve("r.jsonl.gz").toString());
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("--out");
    }

    @Test
    void recordedCell_readsTheCellFromTheArgumentsItWasRunWith() {
        FidelitySettings cell = RecordedFidelityCell.of(List.of(
                        "--nodes",
                        "3",
                        "--w-mean-ms",
                        "10",
                        "--ars-mean-ms",
                        "5",
                        "--writes",
                        "3500",
                        "--format",
                        "json"))
                .settings();
        assertThat(cell.replicas()).isEqualTo(3);
        assertThat(cell.writeMeanMillis()).isEqualTo(10);
        assertThat(cell.otherMeanMillis()).isEqualTo(5);
        assertThat(cell.writes()).isEqualTo(3500);
        assertThat(RecordedFidelityCell.of(List.of("--w-mean-ms", "10", "--ars-mean-ms", "5", "--format", "json"))
                        .format())
                .isEqualTo(OutputFormat.JSON);
        assertThatThrownBy(() -> RecordedFidelityCell.of(List.of("--grid")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not those of one cell");
    }
}
