package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.service.Promtool;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The pbs_probe_* families from probe statuses, as the admin port's /metrics shows them. */
class ProbeMetricsTest {

    @Test
    void scrape_runningAndUnreachableProbes_exportsEveryFamilyWithTheirLabels() throws IOException {
        String text = scrape(List.of(
                CannedProbeStatus.running("local", 1_795_990_000L, 1500),
                CannedProbeStatus.unreachable("nowhere", "cannot reach any contact point (127.0.0.1:1)")));

        assertThat(text)
                .contains(
                        "pbs_probe_connected{probe=\"local\"} 1.0",
                        "pbs_probe_connected{probe=\"nowhere\"} 0.0",
                        "pbs_probe_node_up{node=\"127.0.0.1\",probe=\"local\"} 1.0",
                        "pbs_probe_node_up{node=\"127.0.0.3\",probe=\"local\"} 0.0",
                        "pbs_probe_operations_total{outcome=\"succeeded\",probe=\"local\"} 1500.0",
                        "pbs_probe_operations_total{outcome=\"failed\",probe=\"local\"} 7.0",
                        "pbs_probe_operations_total{outcome=\"failed\",probe=\"nowhere\"} 0.0",
                        "pbs_probe_samples{message=\"W\",probe=\"local\"} 412.0",
                        "pbs_probe_samples{message=\"S\",probe=\"local\"} 398.0",
                        "pbs_probe_last_refresh_timestamp_seconds{probe=\"local\"} 1.79599E9",
                        "pbs_probe_last_refresh_timestamp_seconds{probe=\"nowhere\"} 0.0");
        assertThat(text).doesNotContain("node_up{node=\"127.0.0.1\",probe=\"nowhere\"}");
    }

    /** Without a connection there are no nodes and no published samples: those families are left out entirely. */
    @Test
    void scrape_onlyAnUnreachableProbe_leavesOutNodesAndSamples() throws IOException {
        String text = scrape(List.of(CannedProbeStatus.unreachable("nowhere", "connection refused")));

        assertThat(text)
                .contains(
                        "# TYPE pbs_probe_connected gauge",
                        "# TYPE pbs_probe_operations_total counter",
                        "# TYPE pbs_probe_last_refresh_timestamp_seconds gauge");
        assertThat(text).doesNotContain("pbs_probe_node_up", "pbs_probe_samples");
    }

    /** Every family the probes export, predictions and drift included, passes Prometheus's own checker. */
    @Test
    void scrape_everyProbeFamily_passesPromtool() throws Exception {
        Assumptions.assumeTrue(Promtool.installedOrFail(), Promtool.MISSING);
        String text = scrape(List.of(
                CannedProbeStatus.running("local", 1_795_990_000L, 1500),
                CannedProbeStatus.unreachable("nowhere", "refused")));
        assertThat(text)
                .contains(
                        "pbs_sla_met{",
                        "pbs_predicted_window_seconds{",
                        "pbs_observed_consistency_ratio{",
                        "pbs_observed_consistency_expected_lower_ratio{",
                        "pbs_observation_windows_total{clock=\"acknowledgement\",probe=\"local\",read_level=\"ONE\","
                                + "t_ms=\"0\",write_level=\"ONE\"} 20.0",
                        "pbs_observation_within_interval_total{clock=\"acknowledgement\",probe=\"local\","
                                + "read_level=\"ONE\",t_ms=\"0\",write_level=\"ONE\"} 19.0",
                        "pbs_delay_drift_moved{message=\"W\",probe=\"local\"} 1.0",
                        "pbs_delay_drift_moved{message=\"A\",probe=\"local\"} 0.0",
                        "pbs_delay_drift_distance{message=\"W\",probe=\"local\"} 0.62");

        Promtool.Check check = Promtool.checkMetrics(text);

        assertThat(check.lines()).isEmpty();
        assertThat(check.exitStatus()).isZero();
    }

    static String scrape(List<ProbeStatus> statuses) throws IOException {
        PrometheusRegistry registry = new PrometheusRegistry();
        ProbeMetrics.register(registry, () -> statuses);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }
}
