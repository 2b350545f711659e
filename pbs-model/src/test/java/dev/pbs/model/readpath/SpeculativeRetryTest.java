package dev.pbs.model.readpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SpeculativeRetryTest {

    /** A read latency of 10 ms at the 50th percentile, 30 ms at the 99th. */
    private static double latency(double percentile) {
        return percentile >= 99 ? 30 : 10;
    }

    @ParameterizedTest
    @CsvSource({
        "NONE, NONE, Infinity",
        "none, NONE, Infinity",
        "NEVER, NONE, Infinity",
        "ALWAYS, ALWAYS, 0",
        "20ms, 20ms, 20",
        "2.5MS, 2.5ms, 2.5",
        "99p, 99p, 30",
        "99PERCENTILE, 99p, 30",
        "50.0p, 50p, 10",
        "'MIN(99p, 20ms)', 'MIN(99p,20ms)', 20",
        "'max(99p,20ms)', 'MAX(99p,20ms)', 30",
        "'MIN(50p,20ms)', 'MIN(50p,20ms)', 10"
    })
    void parse_cassandrasSpellings_giveTheThreshold(String text, String canonical, double threshold) {
        SpeculativeRetry retry = SpeculativeRetry.parse(text);
        assertThat(retry.text()).isEqualTo(canonical);
        assertThat(retry.thresholdMillis(SpeculativeRetryTest::latency)).isEqualTo(threshold);
        assertThat(SpeculativeRetry.parse(retry.text())).isEqualTo(retry);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "sometimes", "100p", "0p", "-5ms", "MIN(99p)", "MIN(ALWAYS,20ms)", "20", "20s"})
    void parse_badText_namesItAndTheAcceptedForms(String text) {
        assertThatThrownBy(() -> SpeculativeRetry.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("speculative retry '" + text + "'")
                .hasMessageContaining("accepted: NONE, ALWAYS");
    }

    @ParameterizedTest
    @CsvSource({"NONE, false, false", "ALWAYS, true, false", "20ms, true, false", "99p, true, true"})
    void needsReadLatency_onlyForPercentiles(String text, boolean speculates, boolean needs) {
        SpeculativeRetry retry = SpeculativeRetry.parse(text);
        assertThat(retry.speculates()).isEqualTo(speculates);
        assertThat(retry.needsReadLatency()).isEqualTo(needs);
    }
}
