package dev.pbs.questions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReportOptionsTest {

    @Test
    void constructor_windowOfOne_isAccepted() {
        assertThat(new ReportOptions(List.of(1.0), List.of(100.0), List.of(1)).windows())
                .containsExactly(1.0);
    }

    @Test
    void constructor_windowAboveOne_throwsNamingWindows() {
        assertThatThrownBy(() -> new ReportOptions(List.of(1.01), List.of(50.0), List.of(1)))
                .hasMessage("windows must be probabilities in (0, 1], was 1.01");
    }

    @Test
    void constructor_percentileZero_throwsNamingPercentiles() {
        assertThatThrownBy(() -> new ReportOptions(List.of(0.5), List.of(0.0), List.of(1)))
                .hasMessage("percentiles must be in (0, 100], was 0.0");
    }

    @Test
    void constructor_kZero_throwsNamingK() {
        assertThatThrownBy(() -> new ReportOptions(List.of(0.5), List.of(50.0), List.of(0)))
                .hasMessage("k must be >= 1, was 0");
    }
}
