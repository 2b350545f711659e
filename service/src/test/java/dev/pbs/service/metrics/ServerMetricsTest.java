package dev.pbs.service.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.RatioGauge;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Dropwizard's Jetty pool gauges and Logback meters as snake_case families with labels, and nothing else. */
class ServerMetricsTest {

    private static final String POOL = "org.eclipse.jetty.util.thread.QueuedThreadPool.";

    /** What Dropwizard registers for its two thread pools and its Logback appender, and metrics left out. */
    private static MetricRegistry dropwizard() {
        MetricRegistry metrics = new MetricRegistry();
        metrics.register(POOL + "dw.size", (Gauge<Integer>) () -> 8);
        metrics.register(POOL + "dw.utilization", ratio(2, 8));
        metrics.register(POOL + "dw.utilization-max", ratio(2, 1024));
        metrics.register(POOL + "dw.jobs", (Gauge<Integer>) () -> 3);
        metrics.register(POOL + "dw.jobs-queue-utilization", ratio(3, 100));
        metrics.register(POOL + "dw-admin.size", (Gauge<Integer>) () -> 4);
        metrics.register(POOL + "dw-admin.utilization", ratio(1, 4));
        metrics.meter("ch.qos.logback.core.Appender.all").mark(7);
        metrics.meter("ch.qos.logback.core.Appender.info").mark(5);
        metrics.meter("ch.qos.logback.core.Appender.warn").mark(2);
        metrics.meter("ch.qos.logback.core.Appender.error");
        metrics.meter("io.dropwizard.jetty.MutableServletContextHandler.4xx-responses")
                .mark();
        metrics.timer("org.eclipse.jetty.server.HttpConnectionFactory.127.0.0.1.8080.connections");
        metrics.meter("TimeBoundHealthCheck-pool.created");
        metrics.register("jvm.threads.count", (Gauge<Integer>) () -> 1);
        return metrics;
    }

    private static RatioGauge ratio(double numerator, double denominator) {
        return new RatioGauge() {
            @Override
            protected Ratio getRatio() {
                return Ratio.of(numerator, denominator);
            }
        };
    }

    @Test
    void register_jettyPoolsAndLogback_becomeLabelledFamilies() throws IOException {
        String text = scrape(dropwizard());

        assertThat(text)
                .contains(
                        "jetty_thread_pool_threads{pool=\"dw\"} 8.0",
                        "jetty_thread_pool_threads{pool=\"dw-admin\"} 4.0",
                        "jetty_thread_pool_utilization{pool=\"dw\"} 0.25",
                        "jetty_thread_pool_utilization{pool=\"dw-admin\"} 0.25",
                        "jetty_thread_pool_utilization_max{pool=\"dw\"} 0.001953125",
                        "jetty_thread_pool_queued_jobs{pool=\"dw\"} 3.0",
                        "jetty_thread_pool_queue_utilization{pool=\"dw\"} 0.03",
                        "# TYPE logback_events_total counter",
                        "logback_events_total{level=\"info\"} 5.0",
                        "logback_events_total{level=\"warn\"} 2.0",
                        "logback_events_total{level=\"error\"} 0.0");
        assertThat(text).doesNotContain("level=\"all\"");
    }

    @Test
    void register_otherDropwizardMetrics_areLeftOut() throws IOException {
        String text = scrape(dropwizard());

        assertThat(text.lines().filter(line -> !line.startsWith("#")))
                .allMatch(line -> line.startsWith("jetty_thread_pool_") || line.startsWith("logback_events_total"));
    }

    private static String scrape(MetricRegistry dropwizard) throws IOException {
        PrometheusRegistry registry = new PrometheusRegistry();
        ServerMetrics.register(registry, dropwizard);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }
}
