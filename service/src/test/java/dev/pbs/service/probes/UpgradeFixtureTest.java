package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.formats.record.ProbeRecordException;
import dev.pbs.formats.record.ProbeRecordReader;
import dev.pbs.service.core.FileUploadedProfiles;
import dev.pbs.service.history.HistoryView;
import dev.pbs.service.history.ProbeHistory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data directory release 0.1.0 wrote ({@code upgrade/0.1.0/data}, see its README), read by this
 * build: the uploaded profile, the probe's history and its record, with the record format's version
 * check (a record of a newer version is refused, naming both versions).
 */
class UpgradeFixtureTest {

    @TempDir
    Path copy;

    private Path data;

    @BeforeEach
    void copyFixture() throws Exception {
        Path fixture = Path.of(UpgradeFixtureTest.class
                .getResource("/upgrade/" + UpgradeFixtures.RELEASE + "/data")
                .toURI());
        data = copy.resolve("data");
        try (Stream<Path> files = Files.walk(fixture)) {
            for (Path file : files.toList()) {
                Path target = data.resolve(fixture.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }

    @Test
    void uploadedProfiles_release010_areLoadedAsUploaded() {
        FileUploadedProfiles profiles = FileUploadedProfiles.open(data);

        assertThat(profiles.loadProblems()).isEmpty();
        assertThat(profiles.find(UpgradeFixtures.PROFILE))
                .hasValueSatisfying(profile -> assertThat(profile.description())
                        .isEqualTo(UpgradeFixtures.uploadedProfile().description()));
    }

    @Test
    void probeHistory_release010_keepsItsTwoWindows() {
        ProbeHistory history = ProbeHistory.open(
                data.resolve("history").resolve(UpgradeFixtures.PROBE),
                10,
                UpgradeFixtures.SPACING,
                UpgradeFixtures.SPACING);

        assertThat(history.loadProblems()).isEmpty();
        assertThat(history.view(UpgradeFixtures.PROBE).entries())
                .extracting(HistoryView.Entry::publishedAtEpochSeconds)
                .containsExactly(
                        UpgradeFixtures.FIRST_WINDOW.getEpochSecond(),
                        UpgradeFixtures.FIRST_WINDOW
                                .plus(UpgradeFixtures.SPACING)
                                .getEpochSecond());
        assertThat(history.view(UpgradeFixtures.PROBE).entries())
                .as("release 0.1.0 predicted t after commit, and its entries do not name a clock")
                .allSatisfy(entry -> {
                    assertThat(entry.prediction()).isNotNull();
                    assertThat(entry.prediction().clock()).isEqualTo("commit");
                    assertThat(entry.prediction().clientRoundTripMillis()).isNull();
                });
    }

    @Test
    void probeRecord_release010_isReadWhole() throws Exception {
        List<ProbeEvent> events = new ArrayList<>();

        ProbeRecordReader.read(record(), events::add);

        assertThat(events).first().isInstanceOf(ProbeEvent.Command.class);
        assertThat(((ProbeEvent.Command) events.get(0)).arguments()).contains("probe " + UpgradeFixtures.PROBE);
    }

    @Test
    void probeRecord_ofANewerVersion_isRefusedNamingBothVersions() throws Exception {
        Path newer = copy.resolve("newer.jsonl.gz");
        String text = gunzip(record());
        assertThat(text).contains("\"version\":1");
        gzip(text.replaceFirst("\"version\":1", "\"version\":2"), newer);

        assertThatThrownBy(() -> ProbeRecordReader.read(newer, event -> {}))
                .isInstanceOf(ProbeRecordException.class)
                .hasMessageContaining("a record of version 2")
                .hasMessageContaining("this pbs reads version 1");
    }

    private Path record() throws IOException {
        try (Stream<Path> files = Files.list(data.resolve("records").resolve(UpgradeFixtures.PROBE))) {
            return files.filter(file -> file.toString().endsWith(".jsonl.gz"))
                    .findFirst()
                    .orElseThrow();
        }
    }

    private static String gunzip(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            in.transferTo(bytes);
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    private static void gzip(String text, Path file) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
