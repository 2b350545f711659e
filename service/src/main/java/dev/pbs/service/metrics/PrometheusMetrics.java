package dev.pbs.service.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import dev.pbs.service.core.PredictionService;
import dev.pbs.service.probes.ProbeMetrics;
import dev.pbs.service.probes.ProbeStatus;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.metrics.servlets.MetricsServlet;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.exporter.servlet.jakarta.PrometheusMetricsServlet;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The service's metrics in the Prometheus text format at the admin port's {@code /metrics}, every family
 * named by Prometheus conventions (snake_case, a unit suffix, {@code _total} on counters, labels for what
 * varies): the request histogram ({@link RequestMetrics}), the prediction service's {@code pbs_*} families
 * registered here, the probes' ({@link ProbeMetrics}), Jetty's thread pools and Logback's events
 * ({@link ServerMetrics}) and the client's standard {@code jvm_*} and {@code process_*} metrics.
 * Dropwizard's own JSON view of its registry is at {@code /metrics.json}.
 */
public final class PrometheusMetrics {

    /** The Prometheus scrape path on the admin port. */
    public static final String PATH = "/metrics";

    /** Dropwizard's JSON view of its registry. */
    public static final String JSON_PATH = "/metrics.json";

    private PrometheusMetrics() {}

    /**
     * Registers the families, the request listener with Jersey and the two servlets on the admin port; call
     * from {@code Application.run}.
     *
     * @param probes the statuses of the probes this process runs, read at each scrape
     * @param more registers further families (fleet mode's) in the same registry
     */
    public static void register(
            Environment environment,
            PredictionService predictions,
            Supplier<List<ProbeStatus>> probes,
            Consumer<PrometheusRegistry> more) {
        // One registry per application (not the client's default), so that several services in one
        // JVM, as in the tests, each export their own.
        PrometheusRegistry registry = new PrometheusRegistry();
        environment.jersey().register(RequestMetrics.register(registry));
        registerPredictionService(registry, predictions);
        ProbeMetrics.register(registry, probes);
        ServerMetrics.register(registry, environment.metrics());
        JvmMetrics.builder().register(registry);
        more.accept(registry);

        // The same figures in Dropwizard's registry, for /metrics.json.
        MetricRegistry metrics = environment.metrics();
        metrics.register("pbs.prediction_cache.hits", (Gauge<Long>) predictions::cacheHits);
        metrics.register("pbs.prediction_cache.misses", (Gauge<Long>) predictions::cacheMisses);
        metrics.register("pbs.simulations.refused", (Gauge<Long>) predictions::refusedRequests);
        metrics.register("pbs.simulations.in_progress", (Gauge<Integer>) predictions::simulationsInProgress);

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
     * {@code pbs_prediction_cache_hits_total}, {@code pbs_prediction_cache_misses_total},
     * {@code pbs_simulations_refused_total} (refused with 503 for want of capacity) and the gauge
     * {@code pbs_simulations_in_progress}, read from the prediction service at scrape time.
     */
    static void registerPredictionService(PrometheusRegistry registry, PredictionService predictions) {
        CounterWithCallback.builder()
                .name("pbs_prediction_cache_hits")
                .help("Predictions answered from the cache since the service started")
                .callback(callback -> callback.call(predictions.cacheHits()))
                .register(registry);
        CounterWithCallback.builder()
                .name("pbs_prediction_cache_misses")
                .help("Cacheable predictions not in the cache, so simulated, since the service started")
                .callback(callback -> callback.call(predictions.cacheMisses()))
                .register(registry);
        CounterWithCallback.builder()
                .name("pbs_simulations_refused")
                .help("Simulations refused (503) since the service started: every slot and queue place taken")
                .callback(callback -> callback.call(predictions.refusedRequests()))
                .register(registry);
        GaugeWithCallback.builder()
                .name("pbs_simulations_in_progress")
                .help("Simulations running or waiting for a slot now")
                .callback(callback -> callback.call(predictions.simulationsInProgress()))
                .register(registry);
    }
}
