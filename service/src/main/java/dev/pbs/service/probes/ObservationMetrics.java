package dev.pbs.service.probes;

import dev.pbs.formats.wire.Observation;
import dev.pbs.montecarlo.TimeOrigin;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.function.Supplier;

/**
 * The metrics of the probes' observations, beside the predictions' ({@link SlaMetrics}), read from
 * each probe's status at scrape time, with the labels {@code probe} and {@code write_level} and
 * {@code read_level} (the observation's consistency level): {@code
 * pbs_observed_consistency_ratio{clock, t_ms}} (t after the client's acknowledgement) with {@code
 * _lower_ratio} and {@code _upper_ratio}, its Wilson 95% interval, and {@code
 * pbs_observed_latency_seconds{operation, percentile}}. A probe without an observation has none.
 */
final class ObservationMetrics {

    private ObservationMetrics() {}

    static void register(PrometheusRegistry registry, Supplier<List<ProbeStatus>> statuses) {
        String[] labels = {"probe", "write_level", "read_level", "clock", "t_ms"};
        observedPoints(
                registry,
                statuses,
                "pbs_observed_consistency_ratio",
                "Observed share of reads t_ms after the client's acknowledgement (label clock) that returned the "
                        + "write",
                labels,
                Observation.Point::observed);
        observedPoints(
                registry,
                statuses,
                "pbs_observed_consistency_lower_ratio",
                "Low end of the observed share's Wilson 95% interval",
                labels,
                Observation.Point::observedLower);
        observedPoints(
                registry,
                statuses,
                "pbs_observed_consistency_upper_ratio",
                "High end of the observed share's Wilson 95% interval",
                labels,
                Observation.Point::observedUpper);
        GaugeWithCallback.builder()
                .name("pbs_observed_latency_seconds")
                .help("Observed latency percentile of the probe's observation")
                .labelNames("probe", "write_level", "read_level", "operation", "percentile")
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        Observation observation = probe.observation();
                        if (observation != null && probe.observeConsistency() != null) {
                            for (Observation.Latency latency : observation.latencies()) {
                                callback.call(
                                        latency.observedMillis() / SlaMetrics.MILLIS_PER_SECOND,
                                        probe.name(),
                                        probe.observeConsistency(),
                                        probe.observeConsistency(),
                                        latency.operation(),
                                        SlaMetrics.number(latency.percentile()));
                            }
                        }
                    }
                })
                .register(registry);
    }

    private interface PointValue {
        double of(Observation.Point point);
    }

    private static void observedPoints(
            PrometheusRegistry registry,
            Supplier<List<ProbeStatus>> statuses,
            String name,
            String help,
            String[] labels,
            PointValue value) {
        GaugeWithCallback.builder()
                .name(name)
                .help(help)
                .labelNames(labels)
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        Observation observation = probe.observation();
                        if (observation != null && probe.observeConsistency() != null) {
                            for (Observation.Point point : observation.points()) {
                                callback.call(
                                        value.of(point),
                                        probe.name(),
                                        probe.observeConsistency(),
                                        probe.observeConsistency(),
                                        TimeOrigin.ACKNOWLEDGEMENT.label(),
                                        SlaMetrics.number(point.tMillis()));
                            }
                        }
                    }
                })
                .register(registry);
    }
}
