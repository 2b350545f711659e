package dev.pbs.service.probes;

import dev.pbs.formats.wire.Observation;
import dev.pbs.montecarlo.TimeOrigin;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The metrics of the probes' observations, beside the predictions' ({@link SlaMetrics}), read from
 * each probe's status at scrape time, with the labels {@code probe} and {@code write_level} and
 * {@code read_level} (the observation's consistency level): {@code
 * pbs_observed_consistency_ratio{clock, t_ms}} (t after the client's acknowledgement) with {@code
 * _lower_ratio} and {@code _upper_ratio}, its Wilson 95% interval, {@code
 * pbs_observed_consistency_expected_lower_ratio} and {@code _expected_upper_ratio}, the 95% prediction
 * interval of the observed share, and {@code pbs_observed_latency_seconds{operation, percentile}};
 * and how often the windows' observed shares fell inside their prediction intervals since the service
 * started: {@code pbs_observation_windows_total{clock, t_ms}} and {@code
 * pbs_observation_within_interval_total{clock, t_ms}}. A probe without an observation has none.
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
        observedPoints(
                registry,
                statuses,
                "pbs_observed_consistency_expected_lower_ratio",
                "Low end of the observed share's 95% prediction interval: where it should fall if the model is right, "
                        + "given the profile's sampling and the observation's",
                labels,
                Observation.Point::expectedLower);
        observedPoints(
                registry,
                statuses,
                "pbs_observed_consistency_expected_upper_ratio",
                "High end of the observed share's 95% prediction interval",
                labels,
                Observation.Point::expectedUpper);
        coverage(
                registry,
                statuses,
                "pbs_observation_windows",
                "Windows whose observation had reads at t_ms, since the service started",
                ObservationCoverage::windows);
        coverage(
                registry,
                statuses,
                "pbs_observation_within_interval",
                "Windows whose observed share at t_ms fell inside its 95% prediction interval, since the service "
                        + "started",
                ObservationCoverage::within);
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

    /** The labels of an observation's figure at t: probe, write and read level, clock, t_ms. */
    private static String[] atT(ProbeStatus probe, double tMillis) {
        return new String[] {
            probe.name(),
            probe.observeConsistency(),
            probe.observeConsistency(),
            TimeOrigin.ACKNOWLEDGEMENT.label(),
            SlaMetrics.number(tMillis)
        };
    }

    /** A point's value; null when the point has none. */
    private interface PointValue {
        Double of(Observation.Point point);
    }

    private static void coverage(
            PrometheusRegistry registry,
            Supplier<List<ProbeStatus>> statuses,
            String name,
            String help,
            ToLongFunction<ObservationCoverage> count) {
        CounterWithCallback.builder()
                .name(name)
                .help(help)
                .labelNames("probe", "write_level", "read_level", "clock", "t_ms")
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        if (probe.observationCoverage() != null && probe.observeConsistency() != null) {
                            for (ObservationCoverage entry : probe.observationCoverage()) {
                                callback.call(count.applyAsLong(entry), atT(probe, entry.tMillis()));
                            }
                        }
                    }
                })
                .register(registry);
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
                                Double pointValue = value.of(point);
                                if (pointValue == null) {
                                    continue;
                                }
                                callback.call(pointValue, atT(probe, point.tMillis()));
                            }
                        }
                    }
                })
                .register(registry);
    }
}
