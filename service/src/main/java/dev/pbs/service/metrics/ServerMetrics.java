package dev.pbs.service.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.Map;

/**
 * The few metrics of Dropwizard's registry worth a Prometheus family, read from it at scrape time under
 * snake_case names with labels (a generic bridge would name them after Java classes, in camelCase):
 * <ul>
 *   <li>Jetty's thread pools, {@code pool} being the pool's name ({@code dw} answers the API and the
 *       dashboard, {@code dw-admin} the admin port): {@code jetty_thread_pool_threads},
 *       {@code jetty_thread_pool_utilization} (busy threads over the pool's threads),
 *       {@code jetty_thread_pool_utilization_max} (busy threads over the pool's maximum),
 *       {@code jetty_thread_pool_queued_jobs} and {@code jetty_thread_pool_queue_utilization};</li>
 *   <li>{@code logback_events_total{level}}: log events by level (trace to error) since the start.</li>
 * </ul>
 * Dropwizard's other metrics (per-handler Jetty timers and response meters, connection timers named after
 * host and port, the health checks' executor, its own JVM gauges) are left out: the request histogram and
 * the client's {@code jvm_*} metrics stand for them. {@code /metrics.json} still shows them all.
 */
final class ServerMetrics {

    private static final String THREAD_POOL = "org.eclipse.jetty.util.thread.QueuedThreadPool.";
    private static final String APPENDER = "ch.qos.logback.core.Appender.";
    private static final List<String> LEVELS = List.of("trace", "debug", "info", "warn", "error");

    /** Dropwizard's gauge of each pool (the name's last part), the family it becomes and its help. */
    private static final List<List<String>> POOL_GAUGES = List.of(
            List.of("size", "jetty_thread_pool_threads", "Threads in the Jetty thread pool"),
            List.of(
                    "utilization",
                    "jetty_thread_pool_utilization",
                    "Busy threads over the threads of the Jetty thread pool (0 to 1)"),
            List.of(
                    "utilization-max",
                    "jetty_thread_pool_utilization_max",
                    "Busy threads over the maximum threads of the Jetty thread pool (0 to 1)"),
            List.of("jobs", "jetty_thread_pool_queued_jobs", "Jobs waiting for a thread of the Jetty thread pool"),
            List.of(
                    "jobs-queue-utilization",
                    "jetty_thread_pool_queue_utilization",
                    "Queued jobs over the capacity of the Jetty thread pool's queue (0 to 1)"));

    private ServerMetrics() {}

    static void register(PrometheusRegistry registry, MetricRegistry dropwizard) {
        for (List<String> gauge : POOL_GAUGES) {
            String suffix = "." + gauge.get(0);
            GaugeWithCallback.builder()
                    .name(gauge.get(1))
                    .help(gauge.get(2))
                    .labelNames("pool")
                    .callback(callback -> {
                        for (Map.Entry<String, Gauge> pool : dropwizard
                                .getGauges((name, metric) -> name.startsWith(THREAD_POOL) && name.endsWith(suffix))
                                .entrySet()) {
                            String name = pool.getKey();
                            String poolName = name.substring(THREAD_POOL.length(), name.length() - suffix.length());
                            if (!poolName.isEmpty() && pool.getValue().getValue() instanceof Number value) {
                                callback.call(value.doubleValue(), poolName);
                            }
                        }
                    })
                    .register(registry);
        }
        CounterWithCallback.builder()
                .name("logback_events")
                .help("Log events by level since the service started")
                .labelNames("level")
                .callback(callback -> {
                    Map<String, Meter> meters = dropwizard.getMeters((name, metric) -> name.startsWith(APPENDER));
                    for (String level : LEVELS) {
                        Meter meter = meters.get(APPENDER + level);
                        if (meter != null) {
                            callback.call(meter.getCount(), level);
                        }
                    }
                })
                .register(registry);
    }
}
