package dev.pbs.service.probes;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The probes' Prometheus metrics, read from each probe's status at scrape time:
 * <ul>
 *   <li>{@code pbs_probe_samples{probe, message}}: W, A, R, S samples behind the published live profile;</li>
 *   <li>{@code pbs_probe_operations_total{probe, outcome}}: succeeded, failed and skipped operations;</li>
 *   <li>{@code pbs_probe_node_up{probe, node}}: 1 while operations through the node succeed, else 0;</li>
 *   <li>{@code pbs_probe_connected{probe}}: 1 while the probe is connected and running;</li>
 *   <li>{@code pbs_probe_last_refresh_timestamp_seconds{probe}}: when the live profile was last published (0: never).</li>
 * </ul>
 * A family without samples is left out of a scrape altogether: {@code pbs_probe_samples} until a probe
 * publishes a profile, {@code pbs_probe_node_up} until one connects.
 */
public final class ProbeMetrics {

    private ProbeMetrics() {}

    /**
     * Registers the metrics over the statuses the supplier gives at each scrape (one call per
     * metric), with the live predictions' ({@link SlaMetrics}) and the drift's ({@link DriftMetrics}).
     */
    public static void register(PrometheusRegistry registry, Supplier<List<ProbeStatus>> statuses) {
        SlaMetrics.register(registry, statuses);
        DriftMetrics.register(registry, statuses);
        GaugeWithCallback.builder()
                .name("pbs_probe_samples")
                .help("W, A, R, S one-way delay samples behind the probe's published live profile")
                .labelNames("probe", "message")
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        for (Map.Entry<String, Long> samples : probe.samples().entrySet()) {
                            callback.call(samples.getValue(), probe.name(), samples.getKey());
                        }
                    }
                })
                .register(registry);
        CounterWithCallback.builder()
                .name("pbs_probe_operations")
                .help("Probe operations since the service started, by outcome")
                .labelNames("probe", "outcome")
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        for (Map.Entry<String, Long> count : probe.operations().entrySet()) {
                            callback.call(count.getValue(), probe.name(), count.getKey());
                        }
                    }
                })
                .register(registry);
        GaugeWithCallback.builder()
                .name("pbs_probe_node_up")
                .help("1 while operations through the node succeed, 0 while it is down")
                .labelNames("probe", "node")
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        for (ProbeStatus.Node node : probe.nodes()) {
                            callback.call(node.up() ? 1 : 0, probe.name(), node.address());
                        }
                    }
                })
                .register(registry);
        GaugeWithCallback.builder()
                .name("pbs_probe_connected")
                .help("1 while the probe is connected to its cluster and running")
                .labelNames("probe")
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        callback.call("running".equals(probe.state()) ? 1 : 0, probe.name());
                    }
                })
                .register(registry);
        GaugeWithCallback.builder()
                .name("pbs_probe_last_refresh_timestamp_seconds")
                .help("When the probe's live profile was last published, seconds since the epoch (0: never)")
                .labelNames("probe")
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        callback.call(probe.lastRefreshEpochSeconds(), probe.name());
                    }
                })
                .register(registry);
    }
}
