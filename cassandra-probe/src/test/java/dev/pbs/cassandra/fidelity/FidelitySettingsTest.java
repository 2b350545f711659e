package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.cassandra.observe.ClientGapCorrection;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FidelitySettingsTest {

    private static FidelitySettings cell() {
        return new FidelitySettings(
                3,
                10,
                5,
                300,
                10,
                FidelitySettings.DEFAULT_DELAYS_MILLIS,
                Path.of("target"),
                11,
                ClientGapCorrection.NONE);
    }

    @Test
    void warmUp_byDefault_isThirtySecondsOfTheCellsWorkload() {
        FidelitySettings settings = cell();
        assertThat(settings.warmUp()).isEqualTo(Duration.ofSeconds(30));
        assertThat(settings.warmUpObservation().writes()).isEqualTo(300);
        assertThat(settings.warmUpObservation().writesPerSecond()).isEqualTo(10);
        assertThat(settings.warmUpObservation().delaysMillis()).containsExactly(FidelitySettings.DEFAULT_DELAYS_MILLIS);
    }

    @Test
    void withWarmUp_shortensOnlyTheWarmUp_toAtLeastTenWrites() {
        FidelitySettings shorter = cell().withWarmUp(Duration.ofSeconds(10));
        assertThat(shorter.warmUpObservation().writes()).isEqualTo(100);
        assertThat(shorter.observation().writes()).isEqualTo(300);
        assertThat(cell().withWarmUp(Duration.ofSeconds(1)).warmUpObservation().writes())
                .isEqualTo(10);
    }

    @Test
    void warmUp_outOfRange_isRefused() {
        assertThatThrownBy(() -> cell().withWarmUp(Duration.ofMillis(500))).hasMessageContaining("warm-up");
        assertThatThrownBy(() -> cell().withWarmUp(Duration.ofMinutes(11))).hasMessageContaining("warm-up");
    }
}
