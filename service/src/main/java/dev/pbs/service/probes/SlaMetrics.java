package dev.pbs.service.probes;

import dev.pbs.service.slas.LivePrediction;
import dev.pbs.service.slas.Verdict;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The live predictions' Prometheus metrics, read from each probe's status at scrape time. Every
 * family of a configuration has the labels {@code probe}, {@code write_level}, {@code read_level}
 * and {@code datacenter} (the read datacenter; empty for a cluster without datacenters); a family
 * that reads a t also has {@code clock}, the moment its t counts from ({@code acknowledgement}, when
 * the client has the write's acknowledgement, or {@code commit}):
 * <ul>
 *   <li>{@code pbs_predicted_window_seconds{clock, probability}}: how long after the clock's origin
 *       a read must start to be consistent with that probability ({@code +Inf} beyond the simulated
 *       range), with {@code pbs_predicted_window_lower_seconds} and {@code _upper_seconds}, its 95%
 *       interval;</li>
 *   <li>{@code pbs_predicted_consistency_ratio{clock, t_ms}}: P(consistent) for a read starting t ms
 *       after the clock's origin, with {@code _lower_ratio} and {@code _upper_ratio};</li>
 *   <li>{@code pbs_predicted_latency_seconds{operation, percentile}}: read and write latency, with
 *       {@code _lower_seconds} and {@code _upper_seconds};</li>
 *   <li>{@code pbs_sla_met{clock, requirement}}: 1 while the requirement is met over its whole 95%
 *       interval, 0 while it is missed over its whole interval, 0.5 while the interval straddles it
 *       (uncertain: {@code PbsSlaMissed} waits for 0);</li>
 *   <li>with a workload: {@code pbs_predicted_stale_read_ratio} with {@code
 *       pbs_predicted_stale_read_lower_ratio} and {@code _upper_ratio}, {@code
 *       pbs_predicted_stale_reads_per_day} with {@code _lower} and {@code _upper}, and {@code pbs_predicted_versions_behind_ratio{k}} (P(at
 *       least k versions behind));</li>
 *   <li>{@code pbs_predicted_timestamp_seconds{probe}}: when the probe's configurations were last predicted.</li>
 * </ul>
 * With a probe's observation on, the observed figures beside them ({@link ObservationMetrics}). A
 * family without samples is left out of a scrape.
 */
public final class SlaMetrics {

    private static final String[] CONFIGURATION = {"probe", "write_level", "read_level", "datacenter"};
    static final double MILLIS_PER_SECOND = 1000;

    private SlaMetrics() {}

    /** One sample: its value and label values. */
    private interface Sample {
        void call(double value, String... labelValues);
    }

    /** What a family reads of one configuration's prediction. */
    private interface ConfigurationReader {
        void read(LivePrediction.Configuration configuration, String[] labels, Sample sample);
    }

    /** Registers the metrics over the statuses the supplier gives at each scrape. */
    public static void register(PrometheusRegistry registry, Supplier<List<ProbeStatus>> statuses) {
        timedGauge(
                registry,
                statuses,
                "pbs_predicted_window_seconds",
                "How long after the clock's origin (label clock: acknowledgement, when the client has the write's "
                        + "acknowledgement, or commit) a read must start to be consistent with the probability (+Inf: "
                        + "beyond the simulated range)",
                "probability",
                (configuration, labels, sample) -> configuration
                        .windows()
                        .forEach(window ->
                                sample.call(seconds(window.millis()), with(labels, number(window.probability())))));
        timedGauge(
                registry,
                statuses,
                "pbs_predicted_window_lower_seconds",
                "Low end of the predicted window's 95% interval",
                "probability",
                (configuration, labels, sample) -> configuration
                        .windows()
                        .forEach(window -> sample.call(
                                seconds(window.lowerMillis()), with(labels, number(window.probability())))));
        timedGauge(
                registry,
                statuses,
                "pbs_predicted_window_upper_seconds",
                "High end of the predicted window's 95% interval",
                "probability",
                (configuration, labels, sample) -> configuration
                        .windows()
                        .forEach(window -> sample.call(
                                seconds(window.upperMillis()), with(labels, number(window.probability())))));
        timedGauge(
                registry,
                statuses,
                "pbs_predicted_consistency_ratio",
                "Predicted P(consistent) for a read starting t_ms milliseconds after the clock's origin (label "
                        + "clock: acknowledgement, when the client has the write's acknowledgement, or commit)",
                "t_ms",
                (configuration, labels, sample) -> configuration
                        .consistency()
                        .forEach(point -> sample.call(point.probability(), with(labels, number(point.tMillis())))));
        timedGauge(
                registry,
                statuses,
                "pbs_predicted_consistency_lower_ratio",
                "Low end of the predicted P(consistent)'s 95% interval",
                "t_ms",
                (configuration, labels, sample) -> configuration
                        .consistency()
                        .forEach(point -> sample.call(point.lower(), with(labels, number(point.tMillis())))));
        timedGauge(
                registry,
                statuses,
                "pbs_predicted_consistency_upper_ratio",
                "High end of the predicted P(consistent)'s 95% interval",
                "t_ms",
                (configuration, labels, sample) -> configuration
                        .consistency()
                        .forEach(point -> sample.call(point.upper(), with(labels, number(point.tMillis())))));
        latencyGauge(
                registry,
                statuses,
                "pbs_predicted_latency_seconds",
                "Predicted latency percentile",
                LivePrediction.Latency::millis);
        latencyGauge(
                registry,
                statuses,
                "pbs_predicted_latency_lower_seconds",
                "Low end of the predicted latency percentile's 95% interval",
                LivePrediction.Latency::lowerMillis);
        latencyGauge(
                registry,
                statuses,
                "pbs_predicted_latency_upper_seconds",
                "High end of the predicted latency percentile's 95% interval",
                LivePrediction.Latency::upperMillis);
        timedGauge(
                registry,
                statuses,
                "pbs_sla_met",
                "1 while the live profile's prediction meets the requirement over its whole 95% interval, 0 while it "
                        + "misses it over its whole interval, 0.5 while the interval straddles it (uncertain)",
                "requirement",
                (configuration, labels, sample) -> configuration
                        .requirements()
                        .forEach(requirement -> sample.call(
                                Verdict.ofLabel(requirement.status()).gaugeValue(),
                                with(labels, requirement.requirement()))));
        workloadGauge(
                registry,
                statuses,
                "pbs_predicted_stale_read_ratio",
                "Predicted share of the workload's reads that miss the newest committed write",
                LivePrediction.Severity::staleReadProbability);
        workloadGauge(
                registry,
                statuses,
                "pbs_predicted_stale_read_lower_ratio",
                "Low end of the predicted stale read share's 95% interval",
                LivePrediction.Severity::staleReadProbabilityLower);
        workloadGauge(
                registry,
                statuses,
                "pbs_predicted_stale_read_upper_ratio",
                "High end of the predicted stale read share's 95% interval",
                LivePrediction.Severity::staleReadProbabilityUpper);
        workloadGauge(
                registry,
                statuses,
                "pbs_predicted_stale_reads_per_day",
                "Predicted stale reads a day under the workload",
                LivePrediction.Severity::staleReadsPerDay);
        workloadGauge(
                registry,
                statuses,
                "pbs_predicted_stale_reads_per_day_lower",
                "Low end of the predicted stale reads a day's 95% interval",
                LivePrediction.Severity::staleReadsPerDayLower);
        workloadGauge(
                registry,
                statuses,
                "pbs_predicted_stale_reads_per_day_upper",
                "High end of the predicted stale reads a day's 95% interval",
                LivePrediction.Severity::staleReadsPerDayUpper);
        configurationGauge(
                registry,
                statuses,
                "pbs_predicted_versions_behind_ratio",
                "Predicted share of the workload's reads at least k versions behind",
                "k",
                (configuration, labels, sample) -> {
                    if (configuration.workload() != null) {
                        configuration
                                .workload()
                                .versionsBehind()
                                .forEach(behind -> sample.call(
                                        behind.probability(), with(labels, Integer.toString(behind.versions()))));
                    }
                });
        GaugeWithCallback.builder()
                .name("pbs_predicted_timestamp_seconds")
                .help("When the probe's declared configurations were last predicted, seconds since the epoch")
                .labelNames("probe")
                .callback(callback -> {
                    for (ProbeStatus probe : statuses.get()) {
                        if (probe.prediction() != null) {
                            callback.call(probe.prediction().predictedAtEpochSeconds(), probe.name());
                        }
                    }
                })
                .register(registry);
        ObservationMetrics.register(registry, statuses);
    }

    /** A workload figure, with the workload's figures (an end of an interval: none before intervals were kept). */
    private static void workloadGauge(
            PrometheusRegistry registry,
            Supplier<List<ProbeStatus>> statuses,
            String name,
            String help,
            Function<LivePrediction.Severity, Double> figure) {
        configurationGauge(registry, statuses, name, help, null, (configuration, labels, sample) -> {
            Double value = configuration.workload() == null ? null : figure.apply(configuration.workload());
            if (value != null) {
                sample.call(value, labels);
            }
        });
    }

    private interface LatencyValue {
        Double of(LivePrediction.Latency latency);
    }

    private static void latencyGauge(
            PrometheusRegistry registry,
            Supplier<List<ProbeStatus>> statuses,
            String name,
            String help,
            LatencyValue value) {
        String[] labels = with(CONFIGURATION, "operation", "percentile");
        GaugeWithCallback.builder()
                .name(name)
                .help(help + " (+Inf: beyond the simulated range)")
                .labelNames(labels)
                .callback(callback -> eachConfiguration(statuses, (configuration, configurationLabels) -> {
                    for (LivePrediction.Latency latency : configuration.latency()) {
                        callback.call(
                                seconds(value.of(latency)),
                                with(configurationLabels, latency.operation(), number(latency.percentile())));
                    }
                }))
                .register(registry);
    }

    private static void configurationGauge(
            PrometheusRegistry registry,
            Supplier<List<ProbeStatus>> statuses,
            String name,
            String help,
            String extraLabel,
            ConfigurationReader reader) {
        gauge(registry, statuses, name, help, false, extraLabel, reader);
    }

    /** A family of figures that read a t: its labels add {@code clock}, the prediction's. */
    private static void timedGauge(
            PrometheusRegistry registry,
            Supplier<List<ProbeStatus>> statuses,
            String name,
            String help,
            String extraLabel,
            ConfigurationReader reader) {
        gauge(registry, statuses, name, help, true, extraLabel, reader);
    }

    private static void gauge(
            PrometheusRegistry registry,
            Supplier<List<ProbeStatus>> statuses,
            String name,
            String help,
            boolean timed,
            String extraLabel,
            ConfigurationReader reader) {
        String[] configurationLabels = timed ? with(CONFIGURATION, "clock") : CONFIGURATION;
        String[] labels = extraLabel == null ? configurationLabels : with(configurationLabels, extraLabel);
        GaugeWithCallback.builder()
                .name(name)
                .help(help)
                .labelNames(labels)
                .callback(callback -> eachConfiguration(
                        statuses,
                        timed,
                        (configuration, labelValues) -> reader.read(configuration, labelValues, callback::call)))
                .register(registry);
    }

    private static void eachConfiguration(
            Supplier<List<ProbeStatus>> statuses, BiConsumer<LivePrediction.Configuration, String[]> action) {
        eachConfiguration(statuses, false, action);
    }

    private static void eachConfiguration(
            Supplier<List<ProbeStatus>> statuses,
            boolean timed,
            BiConsumer<LivePrediction.Configuration, String[]> action) {
        for (ProbeStatus probe : statuses.get()) {
            LivePrediction prediction = probe.prediction();
            if (prediction == null) {
                continue;
            }
            for (LivePrediction.Configuration configuration : prediction.configurations()) {
                String[] labels = {
                    probe.name(),
                    configuration.writeLevel(),
                    configuration.readLevel(),
                    configuration.datacenter() == null ? "" : configuration.datacenter()
                };
                action.accept(configuration, timed ? with(labels, prediction.clock()) : labels);
            }
        }
    }

    private static String[] with(String[] labels, String... more) {
        List<String> all = new ArrayList<>(List.of(labels));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /** Milliseconds as seconds; null (beyond the simulated range) as +Inf. */
    private static double seconds(Double millis) {
        return millis == null ? Double.POSITIVE_INFINITY : millis / MILLIS_PER_SECOND;
    }

    /** A label value for a number: {@code 0.999}, {@code 10}, {@code 99.9}. */
    static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%s", value);
    }
}
