package dev.pbs.service.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import dev.pbs.service.core.PredictionService;
import dev.pbs.service.probes.ManagedProbe;
import dev.pbs.service.probes.ProbeMetrics;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.metrics.servlets.MetricsServlet;
import io.prometheus.metrics.exporter.servlet.jakarta.PrometheusMetricsServlet;
import io.prometheus.metrics.instrumentation.dropwizard.DropwizardExports;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;

/**
 * The service's metrics in the Prometheus text format at the admin port's {@code /metrics}:
 * Dropwizard's registry (request timers and response meters of the resources, Jetty, logging,
 * and the {@code pbs.*} gauges registered here) bridged by {@link DropwizardExports}, plus the
 * Prometheus client's standard {@code jvm_*} metrics. Dropwizard's own JSON view of the registry,
 * which {@code /metrics} used to serve, moves to {@code /metrics.json}.
 */
public final class PrometheusMetrics {

    /** The Prometheus scrape path on the admin port. */
    public static final String PATH = "/metrics";

    /** Dropwizard's JSON view of the same registry. */
    public static final String JSON_PATH = "/metrics.json";

    private PrometheusMetrics() {}

    /** Registers the {@code pbs.*} gauges and the exporter servlet; call from {@code Application.run}. */
    public static void register(Environment environment, PredictionService predictions, List<ManagedProbe> probes) {
        MetricRegistry metrics = environment.metrics();
        metrics.register("pbs.prediction_cache.hits", (Gauge<Long>) predictions::cacheHits);
        metrics.register("pbs.prediction_cache.misses", (Gauge<Long>) predictions::cacheMisses);
        metrics.register("pbs.simulations.refused", (Gauge<Long>) predictions::refusedRequests);
        metrics.register("pbs.simulations.in_progress", (Gauge<Integer>) predictions::simulationsInProgress);

        // One registry per application (not the client's default), so that several services in one
        // JVM, as in the tests, each export their own.
        PrometheusRegistry registry = new PrometheusRegistry();
        DropwizardExports.builder()
                .dropwizardRegistry(metrics)
                .metricFilter(exported())
                .register(registry);
        JvmMetrics.builder().register(registry);
        ProbeMetrics.register(registry, probes);

        environment
                .admin()
                .addServlet("prometheus", new PrometheusMetricsServlet(registry))
                .addMapping(PATH);
        environment
                .admin()
                .addServlet("metrics-json", new MetricsServlet(metrics))
                .addMapping(JSON_PATH);
    }

    /**
     * Everything but two kinds of name. {@code @Timed} also registers {@code <name>.total}, which
     * Prometheus naming turns into {@code <name>} (the suffix {@code _total} is reserved for
     * counters) and so collides with the timer itself: the scrape would fail with 500. And
     * Dropwizard's {@code jvm.*} gauges, which the standard {@code jvm_*} metrics replace.
     */
    static MetricFilter exported() {
        return (name, metric) -> !name.endsWith(".total") && !name.startsWith("jvm.");
    }
}
