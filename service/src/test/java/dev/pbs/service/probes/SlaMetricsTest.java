package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.service.slas.LivePrediction;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The pbs_predicted_*, pbs_sla_* and pbs_observed_* families from probe statuses, as /metrics shows them. */
class SlaMetricsTest {

    @Test
    void scrape_probeWithPrediction_exportsEveryFamilyWithItsLabels() throws IOException {
        ProbeStatus running = CannedProbeStatus.running("local", 1_795_990_000L, 1500);
        String text = scrape(List.of(running, CannedProbeStatus.unreachable("nowhere", "refused")));

        LivePrediction.Configuration oneOne =
                running.prediction().configurations().get(0);
        Map<String, String> one = Map.of("probe", "local", "write_level", "ONE", "read_level", "ONE", "datacenter", "");
        Map<String, String> quorum =
                Map.of("probe", "local", "write_level", "QUORUM", "read_level", "QUORUM", "datacenter", "");
        // the families that read a t name the prediction's clock (CannedLivePrediction's: the acknowledgement)
        Map<String, String> oneTimed = new TreeMap<>(one);
        oneTimed.put("clock", "acknowledgement");
        Map<String, String> quorumTimed = new TreeMap<>(quorum);
        quorumTimed.put("clock", "acknowledgement");
        assertThat(text)
                .contains(
                        sample("pbs_sla_met", oneTimed, "requirement", "window@0.999<=5ms") + " 0.0",
                        sample("pbs_sla_met", oneTimed, "requirement", "read.p99<=100ms") + " 1.0",
                        sample("pbs_sla_met", quorumTimed, "requirement", "consistency@0ms>=0.999") + " 1.0",
                        sample(
                                        "pbs_sla_met",
                                        quorumTimed,
                                        "requirement",
                                        running.prediction()
                                                .configurations()
                                                .get(1)
                                                .requirements()
                                                .get(1)
                                                .requirement())
                                + " 0.5",
                        sample("pbs_predicted_window_seconds", oneTimed, "probability", "0.999") + " "
                                + oneOne.windows().get(1).millis() / 1000,
                        sample("pbs_predicted_window_seconds", quorumTimed, "probability", "0.999") + " 0.0",
                        sample("pbs_predicted_consistency_ratio", oneTimed, "t_ms", "0") + " "
                                + oneOne.consistency().get(0).probability(),
                        sample("pbs_predicted_latency_seconds", one, "operation", "read", "percentile", "99.9"),
                        sample("pbs_predicted_latency_upper_seconds", one, "operation", "write", "percentile", "50"),
                        sample("pbs_predicted_window_lower_seconds", oneTimed, "probability", "0.99"),
                        sample("pbs_predicted_consistency_upper_ratio", oneTimed, "t_ms", "100"),
                        sample("pbs_predicted_stale_read_ratio", one) + " "
                                + oneOne.workload().staleReadProbability(),
                        sample("pbs_predicted_stale_reads_per_day", one),
                        sample("pbs_predicted_versions_behind_ratio", one, "k", "2"),
                        "pbs_predicted_timestamp_seconds{probe=\"local\"} ",
                        sample(
                                "pbs_observed_consistency_ratio",
                                Map.of(
                                        "probe",
                                        "local",
                                        "write_level",
                                        "ONE",
                                        "read_level",
                                        "ONE",
                                        "clock",
                                        "acknowledgement"),
                                "t_ms",
                                "0"),
                        sample(
                                        "pbs_observed_latency_seconds",
                                        Map.of("probe", "local", "write_level", "ONE", "read_level", "ONE"),
                                        "operation",
                                        "read",
                                        "percentile",
                                        "50")
                                + " 0.004");
        assertThat(text).doesNotContain("probe=\"nowhere\",read_level");
        assertThat(text).as("latency reads no t: no clock label").doesNotContain("pbs_predicted_latency_seconds{clock");
    }

    @Test
    void scrape_noPrediction_leavesTheFamiliesOut() throws IOException {
        String text = scrape(List.of(CannedProbeStatus.unreachable("nowhere", "refused")));

        assertThat(text).doesNotContain("pbs_sla_met", "pbs_predicted_", "pbs_observed_");
    }

    @Test
    void labelNumbers_wholeNumbersWithoutAFraction() {
        assertThat(SlaMetrics.number(10)).isEqualTo("10");
        assertThat(SlaMetrics.number(0.999)).isEqualTo("0.999");
        assertThat(SlaMetrics.number(99.9)).isEqualTo("99.9");
    }

    /** A sample's name and labels as the text format writes them (labels sorted by name), without its value. */
    private static String sample(String name, Map<String, String> labels, String... more) {
        Map<String, String> all = new TreeMap<>(labels);
        for (int index = 0; index < more.length; index += 2) {
            all.put(more[index], more[index + 1]);
        }
        StringBuilder text = new StringBuilder(name).append('{');
        all.forEach(
                (label, value) -> text.append(label).append("=\"").append(value).append("\","));
        text.setLength(text.length() - 1);
        return text.append('}').toString();
    }

    private static String scrape(List<ProbeStatus> statuses) throws IOException {
        PrometheusRegistry registry = new PrometheusRegistry();
        SlaMetrics.register(registry, () -> statuses);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }
}
