package dev.pbs.formats.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.cassandra.cluster.ReadRepairMeters;
import dev.pbs.cassandra.fidelity.FidelityEvent;
import dev.pbs.cassandra.observe.ObservationEvent;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservedLevels;
import dev.pbs.cassandra.probe.DatacenterReplication;
import dev.pbs.cassandra.probe.NodeHealth;
import dev.pbs.cassandra.probe.Operation;
import dev.pbs.cassandra.probe.ProbeCounters;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.TraceEvent;
import dev.pbs.cassandra.probe.UntracedKind;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A record's lines written and read back, and every way a damaged record is refused with its line. */
class ProbeRecordFileTest {

    private static final Instant AT = Instant.parse("2026-12-07T11:02:03.123456789Z");

    @TempDir
    Path folder;

    /** One event of every kind, with values that a lossy format would change. */
    private static List<ProbeEvent> everyKind() {
        ObservationSettings settings = new ObservationSettings(
                        1,
                        2,
                        20,
                        7.3,
                        new double[] {0, 1e-3, 0.5, 2.1},
                        Optional.of(new ObservedLevels(
                                ConsistencyLevel.LOCAL_QUORUM, ConsistencyLevel.LOCAL_ONE, "dc1", "dc2")),
                        10)
                .withKeysReplicatedOn("127.0.0.11");
        return List.of(
                new ProbeEvent.Command("probe", List.of("--contact-point", "127.0.0.1:9042", "--observe")),
                new ProbeEvent.ClusterSeen(
                        "pbs-local",
                        "5.0.6",
                        "dc1",
                        4,
                        Map.of("127.0.0.1", "dc1", "127.0.0.2", "dc2"),
                        Optional.of(new DatacenterReplication(Map.of("dc1", 3, "dc2", 1))),
                        Optional.of(new ReadPath(
                                SpeculativeRetry.parse("99p"),
                                ReadRepair.parse("BLOCKING"),
                                ReplicaChoice.snitch(0.1))),
                        "pbs_probe",
                        50,
                        0.1 + 0.2),
                new ProbeEvent.TracedOperation(
                        12,
                        Operation.WRITE,
                        "127.0.0.1",
                        "k7",
                        "ALL",
                        3,
                        false,
                        4_500,
                        2,
                        List.of(
                                new TraceEvent("127.0.0.1", 0, "Determining replicas for mutation"),
                                new TraceEvent("127.0.0.2", 812, "Adding to wars memtable \"quoted\" é"))),
                new ProbeEvent.Untraced(13, UntracedKind.READ_AT_ONE_THROUGH_OTHER, "127.0.0.2", 900, 20_000),
                new ProbeEvent.Untraced(13, UntracedKind.WRITE_AT_ALL_THROUGH_REPLICA, "127.0.0.1", 4_100, 0),
                new ProbeEvent.RoundTrip(14, "127.0.0.2", 310),
                new ProbeEvent.Measured(
                        ProbeEvent.Measured.Purpose.WINDOW,
                        AT,
                        AT.plusNanos(1),
                        new ProbeCounters(1, 2, 3, 4, 5, 6, 7, 8),
                        List.of(new NodeHealth.NodeReport("127.0.0.1", false, 10, 2, 1, AT))),
                new ObservationEvent.Started(settings, 5),
                new ObservationEvent.Gap(0, "127.0.0.1", 400),
                new ObservationEvent.WriteAnswer(0, "observe-x-0", "127.0.0.1", true, 100, 1_200, false),
                new ObservationEvent.Read(0, 1, "127.0.0.2", false, 2_000, 35, 900, true, false),
                new ObservationEvent.ReadRoundTrip(0, "127.0.0.2", 390),
                new ObservationEvent.TracedRead(0, 2, List.of("reading data from /127.0.0.2:7000", "")),
                new ObservationEvent.Ended(false),
                new FidelityEvent.CellMeasured(123_456_789_012L, Optional.of(new ReadRepairMeters.Counts(3, 2))),
                new FidelityEvent.CellMeasured(5, Optional.empty()));
    }

    @Test
    void writtenRecord_readsBackEveryEventExactly() {
        Path file = folder.resolve("run.jsonl.gz");
        List<ProbeEvent> written = everyKind();
        try (ProbeRecordWriter writer = ProbeRecordWriter.create(file, "pbs test")) {
            written.forEach(writer::append);
            writer.finish();
        }
        assertThat(folder.resolve("run.jsonl.gz.partial")).doesNotExist();
        List<ProbeEvent> read = new ArrayList<>();
        ProbeRecordReader.read(file, read::add);
        assertThat(read).hasSameSizeAs(written);
        for (int event = 0; event < written.size(); event++) {
            if (written.get(event) instanceof ObservationEvent.Started started) {
                ObservationEvent.Started back = (ObservationEvent.Started) read.get(event);
                assertThat(back.settings().delaysMillis())
                        .containsExactly(started.settings().delaysMillis());
                assertThat(back.settings()).usingRecursiveComparison().isEqualTo(started.settings());
                assertThat(back.writesPerWindow()).isEqualTo(started.writesPerWindow());
            } else {
                assertThat(read.get(event)).isEqualTo(written.get(event));
            }
        }
    }

    @Test
    void unfinishedRecord_isLeftPartial_andRefusedAsTruncated() {
        Path file = folder.resolve("run.jsonl.gz");
        try (ProbeRecordWriter writer = ProbeRecordWriter.create(file, "pbs test")) {
            everyKind().forEach(writer::append);
        }
        assertThat(file).doesNotExist();
        Path partial = folder.resolve("run.jsonl.gz.partial");
        assertThatThrownBy(() -> ProbeRecordReader.read(partial, event -> {}))
                .isInstanceOf(ProbeRecordException.class)
                .hasMessageContaining("line 17: the record ends without its closing line: it is truncated");
    }

    @Test
    void recordCutMidway_isRefusedAsTruncated() throws IOException {
        Path file = folder.resolve("run.jsonl.gz");
        try (ProbeRecordWriter writer = ProbeRecordWriter.create(file, "pbs test")) {
            for (int copy = 0; copy < 200; copy++) {
                everyKind().forEach(writer::append);
            }
            writer.finish();
        }
        byte[] whole = Files.readAllBytes(file);
        Path cut = folder.resolve("cut.jsonl.gz");
        Files.write(cut, Arrays.copyOf(whole, whole.length / 2));
        assertThatThrownBy(() -> ProbeRecordReader.read(cut, event -> {}))
                .isInstanceOf(ProbeRecordException.class)
                .hasMessageMatching(
                        ".*cut\\.jsonl\\.gz, line \\d+: the record is truncated: its compressed data ends.*");
    }

    @Test
    void recordOfAnotherVersion_isRefusedOnItsFirstLine() throws IOException {
        Path file = compressed(
                "{\"record\":\"pbs-probe-record\",\"version\":2,\"written_by\":\"pbs 9\"}",
                "{\"type\":\"end\",\"events\":0}");
        assertThatThrownBy(() -> ProbeRecordReader.read(file, event -> {}))
                .isInstanceOf(ProbeRecordException.class)
                .hasMessageContaining("line 1: a record of version 2, written by pbs 9; this pbs reads version 1");
    }

    @Test
    void damagedLines_areRefusedWithTheirLineAndReason() throws IOException {
        String header = "{\"record\":\"pbs-probe-record\",\"version\":1,\"written_by\":\"pbs test\"}";
        assertRefused(compressed("{\"hello\":1}"), "line 1: not a pbs probe record");
        assertRefused(
                compressed(header, "{\"type\":\"round_trip\",\"at_us\":1,\"client_us\":3}"),
                "line 2: field \"coordinator\" is missing");
        assertRefused(
                compressed(header, "{\"type\":\"round_trip\",\"at_us\":1,\"coordinator\":\"a\",\"client_us\":3.5}"),
                "line 2: field \"client_us\" must be a whole number");
        assertRefused(compressed(header, "{\"type\":\"teleport\"}"), "line 2: unknown event type \"teleport\"");
        String untraced = "{\"type\":\"untraced\",\"at_us\":1,\"operation\":\"write\",\"coordinator\":\"a\","
                + "\"client_us\":3,\"stalled_interval_us\":0,";
        assertRefused(
                compressed(header, untraced + "\"through_replica\":true,\"replicas\":3}"),
                "line 2: \"replicas\" must be 1, 2 or \"all\", was 3");
        assertRefused(
                compressed(header, untraced + "\"through_replica\":false,\"replicas\":\"all\"}"),
                "line 2: an untraced operation through a node that is not a replica waits for ONE, was ALL");
        assertRefused(compressed(header, "{\"type\":\"round_trip\""), "line 2: not valid JSON");
        assertRefused(
                compressed(header, "{\"type\":\"end\",\"events\":3}"),
                "line 2: the closing line counts 3 events, the record holds 0");
        assertRefused(
                compressed(header, "{\"type\":\"end\",\"events\":0}", "{\"type\":\"end\",\"events\":0}"),
                "line 3: a line after the record's closing line");
        Path plain = folder.resolve("plain.json");
        Files.writeString(plain, header);
        assertRefused(plain, "is not a pbs probe record (not gzip-compressed data)");
        assertRefused(folder.resolve("absent.jsonl.gz"), "no record at");
    }

    @Test
    void replay_ofARecordWithoutTheProbesEnd_saysSo() throws IOException {
        Path file = folder.resolve("run.jsonl.gz");
        try (ProbeRecordWriter writer = ProbeRecordWriter.create(file, "pbs test")) {
            writer.append(everyKind().get(1));
            writer.finish();
        }
        assertThatThrownBy(() -> ProbeRecordReader.replay(file))
                .isInstanceOf(ProbeRecordException.class)
                .hasMessageContaining("the record ends before the probe's workload did");
        Path outOfPlace = compressed(
                "{\"record\":\"pbs-probe-record\",\"version\":1,\"written_by\":\"pbs test\"}",
                "{\"type\":\"round_trip\",\"at_us\":1,\"coordinator\":\"a\",\"client_us\":3}",
                "{\"type\":\"end\",\"events\":1}");
        assertThatThrownBy(() -> ProbeRecordReader.replay(outOfPlace))
                .isInstanceOf(ProbeRecordException.class)
                .hasMessageContaining("line 2: the run's first event must describe the cluster");
    }

    private static void assertRefused(Path file, String message) {
        assertThatThrownBy(() -> ProbeRecordReader.read(file, event -> {}))
                .isInstanceOf(ProbeRecordException.class)
                .hasMessageContaining(message);
    }

    private Path compressed(String... lines) throws IOException {
        Path file = Files.createTempFile(folder, "record", ".jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            for (String line : lines) {
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        return file;
    }
}
