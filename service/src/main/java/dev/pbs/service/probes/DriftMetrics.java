package dev.pbs.service.probes;

import dev.pbs.service.history.DriftView;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.function.Supplier;

/**
 * Which messages' delays moved, from each probe's newest history entry (left out of a scrape until
 * a history has a reference):
 * <ul>
 *   <li>{@code pbs_delay_drift_distance{probe, message}}: the Kolmogorov-Smirnov distance D of the
 *       message's latest delays from the reference week's, 0 to 1;</li>
 *   <li>{@code pbs_delay_drift_moved{probe, message}}: 1 when they moved (p &lt; 0.001, D &gt;= 0.2 and D at least 0.2 beyond the reference's own spread), else 0.</li>
 * </ul>
 */
public final class DriftMetrics {

    private DriftMetrics() {}

    private interface Value {
        double of(DriftView drift);
    }

    public static void register(PrometheusRegistry registry, Supplier<List<ProbeStatus>> statuses) {
        gauge(
                registry,
                statuses,
                "pbs_delay_drift_distance",
                "Kolmogorov-Smirnov distance of the message's latest delays from the reference week's",
                DriftView::statistic);
        gauge(
                registry,
                statuses,
                "pbs_delay_drift_moved",
                "1 when the message's latest delays moved from the reference week's (p < 0.001, D >= 0.2 and D >= the "
                        + "reference's own spread + 0.2)",
                drift -> drift.moved() ? 1 : 0);
    }

    private static void gauge(
            PrometheusRegistry registry, Supplier<List<ProbeStatus>> statuses, String name, String help, Value value) {
        GaugeWithCallback.builder()
                .name(name)
                .help(help)
                .labelNames("probe", "message")
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        if (probe.drift() != null) {
                            for (DriftView drift : probe.drift()) {
                                callback.call(value.of(drift), probe.name(), drift.message());
                            }
                        }
                    }
                })
                .register(registry);
    }
}
