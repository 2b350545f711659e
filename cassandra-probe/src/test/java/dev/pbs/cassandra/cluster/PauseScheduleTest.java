package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PauseScheduleTest {

    private static PauseSchedule schedule(long periodMillis, long lengthMillis, long totalMillis) {
        return new PauseSchedule(
                Duration.ofMillis(periodMillis), Duration.ofMillis(lengthMillis), Duration.ofMillis(totalMillis));
    }

    @Test
    void pauseCount_everyPauseThatEndsWithinTheTotal() {
        // 0-0.2 s, 2-2.2 s, ..., 58-58.2 s: 30 pauses; the next would start at 60 s.
        assertThat(schedule(2_000, 200, 60_000).pauseCount()).isEqualTo(30);
        // A 31st pause would end at 60.2 s, after the total.
        assertThat(schedule(2_000, 200, 60_100).pauseCount()).isEqualTo(30);
        assertThat(schedule(2_000, 200, 60_200).pauseCount()).isEqualTo(31);
        assertThat(schedule(2_000, 200, 200).pauseCount()).isEqualTo(1);
        assertThat(schedule(2_000, 200, 2_199).pauseCount()).isEqualTo(1);
        assertThat(schedule(2_000, 200, 2_200).pauseCount()).isEqualTo(2);
        assertThat(schedule(3, 1, 3_600_000).pauseCount()).isEqualTo(1_200_000);
    }

    @Test
    void pauseStart_isTheNumberOfPeriodsBefore() {
        PauseSchedule schedule = schedule(2_000, 200, 60_000);
        assertThat(schedule.pauseStart(1)).isEqualTo(Duration.ZERO);
        assertThat(schedule.pauseStart(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(schedule.pauseStart(30)).isEqualTo(Duration.ofSeconds(58));
        assertThat(schedule.pauseStart(30).plus(schedule.length())).isLessThanOrEqualTo(schedule.total());
        assertThatThrownBy(() -> schedule.pauseStart(31)).hasMessage("pause 31 is not one of 1 to 30");
        assertThatThrownBy(() -> schedule.pauseStart(0)).hasMessage("pause 0 is not one of 1 to 30");
    }

    @Test
    void pausedFraction_isTheTimeStoppedOverTheTotal() {
        assertThat(schedule(2_000, 200, 60_000).pausedFraction())
                .isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(schedule(2_000, 1_000, 3_000).pausedFraction())
                .isCloseTo(2.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void new_badDurations_areRefusedNamingTheOption() {
        assertThatThrownBy(() -> schedule(0, 200, 60_000)).hasMessage("--every must be above 0, was 0ms");
        assertThatThrownBy(() -> schedule(2_000, 0, 60_000)).hasMessage("--for must be above 0, was 0ms");
        assertThatThrownBy(() -> schedule(2_000, -5, 60_000)).hasMessage("--for must be above 0, was -5ms");
        assertThatThrownBy(() -> schedule(2_000, 200, 0)).hasMessage("--duration must be above 0, was 0ms");
        assertThatThrownBy(() -> schedule(2_000, 2_000, 60_000))
                .hasMessage("--for (each pause, 2s) must be shorter than --every (2s), so that the node runs between "
                        + "pauses");
        assertThatThrownBy(() -> schedule(2_000, 3_000, 60_000)).hasMessageStartingWith("--for (each pause, 3s)");
        assertThatThrownBy(() -> schedule(2_000, 200, 100))
                .hasMessage("--duration (100ms) must be at least --for (200ms), so that one pause fits in it");
        assertThatThrownBy(() -> schedule(2_000, 200, 3_600_001))
                .hasMessage("--duration must be at most 1h, was 3600001ms");
        assertThat(schedule(2_000, 200, 3_600_000).pauseCount()).isEqualTo(1_800);
    }

    @Test
    void durationText_writesTheLargestExactUnit() {
        assertThat(DurationText.of(Duration.ofMillis(200))).isEqualTo("200ms");
        assertThat(DurationText.of(Duration.ofMillis(1_500))).isEqualTo("1500ms");
        assertThat(DurationText.of(Duration.ofSeconds(2))).isEqualTo("2s");
        assertThat(DurationText.of(Duration.ofSeconds(90))).isEqualTo("90s");
        assertThat(DurationText.of(Duration.ofMinutes(5))).isEqualTo("5m");
        assertThat(DurationText.of(Duration.ofHours(2))).isEqualTo("2h");
        assertThat(DurationText.of(Duration.ZERO)).isEqualTo("0ms");
    }
}
