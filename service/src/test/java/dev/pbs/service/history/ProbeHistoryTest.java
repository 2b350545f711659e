package dev.pbs.service.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.service.probes.CannedLivePrediction;
import dev.pbs.service.slas.LivePrediction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A probe's history on disk: bounded, spaced, surviving a reopen, with drift against the week before. */
class ProbeHistoryTest {

    private static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
    private static final Duration SPACING = Duration.ofMinutes(10);
    private static final Duration WINDOW = Duration.ofMinutes(10);

    @TempDir
    Path folder;

    /** Measured exponential delays, in microseconds. */
    private static Empirical measured(long seed, double shiftMillis, double meanMillis) {
        SplittableRandom random = new SplittableRandom(seed);
        Histogram histogram = new Histogram(3);
        for (int index = 0; index < 2000; index++) {
            histogram.recordValue(Math.round(1000 * (shiftMillis - meanMillis * Math.log1p(-random.nextDouble()))));
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }

    /** A live profile whose W has the given shift; A, R and S alike in every profile. */
    private static LatencyProfile profile(long seed, double writeShiftMillis) {
        return LatencyProfile.builder("cassandra:prod")
                .defaults(new MessageDelays(
                        measured(seed, writeShiftMillis, 1),
                        measured(seed + 1, 0.3, 0.5),
                        measured(seed + 2, 0.3, 0.5),
                        measured(seed + 3, 0.3, 0.5)))
                .build();
    }

    private ProbeHistory open(int capacity) {
        return ProbeHistory.open(folder, capacity, SPACING, WINDOW);
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.sorted().toList();
        }
    }

    @Test
    void record_keepsOneEntryPerSpacing() {
        ProbeHistory history = open(10);
        LivePrediction prediction = CannedLivePrediction.lnkdDisk();

        assertThat(history.record(profile(1, 0.5), prediction, START)).isPresent();
        assertThat(history.record(profile(2, 0.5), prediction, START.plus(Duration.ofMinutes(9))))
                .isEmpty();
        assertThat(history.record(profile(3, 0.5), prediction, START.plus(SPACING)))
                .isPresent();

        HistoryView view = history.view("prod");
        assertThat(view.entries())
                .extracting(HistoryView.Entry::publishedAtEpochSeconds)
                .containsExactly(START.getEpochSecond(), START.plus(SPACING).getEpochSecond());
        assertThat(view.entries().get(0).prediction()).isEqualTo(prediction);
        assertThat(view.entries().get(0).delays())
                .extracting(HistoryView.Delays::message)
                .containsExactly("W", "A", "R", "S");
        assertThat(view.entries().get(0).delays().get(0).samples()).isEqualTo(2000);
        assertThat(view.capacity()).isEqualTo(10);
        assertThat(view.spacingSeconds()).isEqualTo(600);
    }

    @Test
    void capacity_oldestEntriesAndTheirFilesGo() throws IOException {
        ProbeHistory history = open(3);
        for (int index = 0; index < 5; index++) {
            history.record(profile(index * 10, 0.5), null, START.plus(SPACING.multipliedBy(index)));
        }

        assertThat(history.view("prod").entries())
                .hasSize(3)
                .first()
                .extracting(HistoryView.Entry::publishedAtEpochSeconds)
                .isEqualTo(START.plus(SPACING.multipliedBy(2)).getEpochSecond());
        assertThat(files()).hasSize(3);
    }

    @Test
    void reopened_theSameEntries() {
        ProbeHistory history = open(10);
        history.record(profile(1, 0.5), CannedLivePrediction.lnkdDisk(), START);
        history.record(profile(2, 0.5), null, START.plus(SPACING));
        HistoryView before = history.view("prod");

        ProbeHistory reopened = open(10);

        assertThat(reopened.loadProblems()).isEmpty();
        assertThat(reopened.view("prod")).isEqualTo(before);
        // The spacing holds across the restart too.
        assertThat(reopened.record(profile(3, 0.5), null, START.plus(SPACING).plusSeconds(1)))
                .isEmpty();
    }

    @Test
    void reopened_leftoversOfACrashAreRemovedAndDamagedFilesSkipped() throws IOException {
        ProbeHistory history = open(10);
        history.record(profile(1, 0.5), null, START);
        Files.writeString(folder.resolve(".0000000000000001.json.1234abcd.tmp"), "{\"publ");
        Files.writeString(folder.resolve("0000000000000002.json"), "{\"published_at_epoch_seconds\": 2}");

        ProbeHistory reopened = open(10);

        assertThat(reopened.view("prod").entries()).hasSize(1);
        assertThat(reopened.loadProblems())
                .singleElement()
                .asString()
                .startsWith("history file " + folder.resolve("0000000000000002.json"))
                .endsWith("; skipped");
        assertThat(files()).noneMatch(file -> file.getFileName().toString().endsWith(".tmp"));
    }

    @Test
    void drift_noneWithoutAReference_thenNamesTheMessageThatMoved() {
        ProbeHistory history = open(100);
        // Entries every 10 minutes for two hours with the same delays, then W five times slower.
        for (int index = 0; index < 12; index++) {
            history.record(profile(100 + index * 10, 0.5), null, START.plus(SPACING.multipliedBy(index)));
        }
        history.record(profile(900, 5, 0), null, START.plus(SPACING.multipliedBy(12)));

        List<HistoryView.Entry> entries = history.view("prod").entries();
        assertThat(entries.get(0).drift())
                .as("the first entry has no reference")
                .isNull();
        assertThat(entries.get(1).drift())
                .as("the second is within one window of the first")
                .isNull();
        assertThat(entries.get(5).drift()).extracting(DriftView::moved).containsOnly(false);
        List<DriftView> latest = history.latestDrift().orElseThrow();
        assertThat(latest)
                .filteredOn(DriftView::moved)
                .extracting(DriftView::message)
                .containsExactly("W");
        DriftView write = latest.get(0);
        assertThat(write.latestMedianMillis()).isGreaterThan(4 * write.referenceMedianMillis());
    }

    private static LatencyProfile profile(long seed, double writeShiftMillis, int unused) {
        LatencyProfile alike = profile(seed, 0.5);
        return alike.toBuilder()
                .defaults(new MessageDelays(
                        measured(seed, writeShiftMillis, 5),
                        alike.defaults().acknowledgement(),
                        alike.defaults().read(),
                        alike.defaults().response()))
                .build();
    }

    @Test
    void capacityBelowOne_refused() {
        assertThatThrownBy(() -> open(0)).hasMessage("a history keeps at least 1 entry, was 0");
    }
}
