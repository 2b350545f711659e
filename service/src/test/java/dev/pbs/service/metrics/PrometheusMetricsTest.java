package dev.pbs.service.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.dropwizard.DropwizardExports;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The filter that keeps Dropwizard's registry exportable to Prometheus. */
class PrometheusMetricsTest {

    /** What {@code @Timed(name = "pbs.api.predictions.seconds")} registers besides the timer itself. */
    private static MetricRegistry timedResource() {
        MetricRegistry metrics = new MetricRegistry();
        metrics.timer("pbs.api.predictions.seconds").update(java.time.Duration.ofMillis(5));
        metrics.timer("pbs.api.predictions.seconds.total").update(java.time.Duration.ofMillis(6));
        metrics.register("jvm.threads.count", (Gauge<Integer>) () -> 1);
        return metrics;
    }

    @Test
    void exported_timedResource_scrapesWithoutTheTotalTimer() throws IOException {
        PrometheusRegistry registry = new PrometheusRegistry();
        DropwizardExports.builder()
                .dropwizardRegistry(timedResource())
                .metricFilter(PrometheusMetrics.exported())
                .register(registry);

        String text = scrape(registry);

        assertThat(text).contains("pbs_api_predictions_seconds_count 1").doesNotContain("jvm_threads_count");
    }

    /** The trap the filter avoids: without it, the scrape fails (the servlet would answer 500). */
    @Test
    void unfiltered_timedResource_failsToScrape() {
        PrometheusRegistry registry = new PrometheusRegistry();
        DropwizardExports.builder().dropwizardRegistry(timedResource()).register(registry);

        assertThatThrownBy(() -> scrape(registry)).isInstanceOf(IllegalArgumentException.class);
    }

    private static String scrape(PrometheusRegistry registry) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }
}
