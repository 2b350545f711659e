package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OutageRecoverySettingsTest {

    private static final Path FOLDER = Path.of("cluster");

    private static OutageRecoverySettings with(
            int node, Duration outage, int outages, Duration window, Duration bin, Duration deadline, int first) {
        return new OutageRecoverySettings(node, outage, outages, 50, 200, window, bin, deadline, 20, FOLDER, first, 1);
    }

    static Stream<Arguments> badSettings() {
        Duration twenty = Duration.ofSeconds(20);
        Duration thirty = Duration.ofSeconds(30);
        Duration second = Duration.ofSeconds(1);
        Duration twoMinutes = Duration.ofMinutes(2);
        return Stream.of(
                Arguments.of(
                        (ThrowingSettings) () -> with(0, twenty, 1, thirty, second, twoMinutes, 11),
                        "--node must be between 1 and 3, was 0"),
                Arguments.of(
                        (ThrowingSettings) () -> with(4, twenty, 1, thirty, second, twoMinutes, 11),
                        "--node must be between 1 and 3, was 4"),
                Arguments.of(
                        (ThrowingSettings) () -> with(3, Duration.ZERO, 1, thirty, second, twoMinutes, 11),
                        "--for must be above 0, was 0ms"),
                Arguments.of(
                        (ThrowingSettings) () -> with(3, Duration.ofMinutes(61), 1, thirty, second, twoMinutes, 11),
                        "--for must be at most 1h, was 61m"),
                Arguments.of(
                        (ThrowingSettings) () -> with(3, twenty, 0, thirty, second, twoMinutes, 11),
                        "--outages must be between 1 and 10, was 0"),
                Arguments.of(
                        (ThrowingSettings) () -> with(3, twenty, 1, thirty, Duration.ofSeconds(31), twoMinutes, 11),
                        "the bin (31s) must be above 0 and at most the window (30s)"),
                Arguments.of(
                        (ThrowingSettings) () -> with(3, twenty, 1, thirty, second, thirty, 11),
                        "the replay deadline (30s) must be longer than the window (30s)"),
                Arguments.of(
                        (ThrowingSettings) () -> with(3, twenty, 1, thirty, second, twoMinutes, 253),
                        "--first-address must be between 1 and 252 for 3 nodes, was 253"));
    }

    @ParameterizedTest
    @MethodSource("badSettings")
    void new_badSetting_isRefusedWithOneMessage(ThrowingSettings settings, String expected) {
        assertThatThrownBy(settings::make)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
    }

    @Test
    void of_nodeAndOutage_takesTheDefaultsForTheRest() {
        OutageRecoverySettings settings = OutageRecoverySettings.of(3, Duration.ofSeconds(20), 1, FOLDER, 11);

        assertThat(settings.window()).isEqualTo(OutageRecoverySettings.DEFAULT_WINDOW);
        assertThat(settings.bin()).isEqualTo(Duration.ofSeconds(1));
        assertThat(settings.replayDeadline()).isGreaterThan(settings.window());
        assertThat(settings.writesPerSecond()).isEqualTo(OutageRecoverySettings.DEFAULT_WRITES_PER_SECOND);
    }

    /** Settings made only when the test runs, so that the constructor's exception is the test's. */
    @FunctionalInterface
    interface ThrowingSettings {
        OutageRecoverySettings make();
    }
}
