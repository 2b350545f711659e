package dev.pbs.service.state;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;

/**
 * Fleet mode's metrics: {@code pbs_state_store_duration_seconds{operation}} (each call to the state
 * keyspace), {@code pbs_state_store_errors_total{operation}} (calls that failed) and
 * {@code pbs_lease_transitions_total{probe, transition}} ({@code acquired}, {@code renewal_refused},
 * {@code lapsed}, {@code released}).
 */
public final class StateMetrics {

    private static final double[] UPPER_BOUNDS_SECONDS = {
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
    };

    private final Histogram durations = Histogram.builder()
            .name("pbs_state_store_duration_seconds")
            .unit(Unit.SECONDS)
            .help("Calls to the fleet's state keyspace in Cassandra, by operation")
            .labelNames("operation")
            .classicOnly()
            .classicUpperBounds(UPPER_BOUNDS_SECONDS)
            .withoutExemplars()
            .build();
    private final Counter errors = Counter.builder()
            .name("pbs_state_store_errors_total")
            .help("Calls to the fleet's state keyspace that failed (unreachable, timed out, refused), by operation")
            .labelNames("operation")
            .build();
    private final Counter leases = Counter.builder()
            .name("pbs_lease_transitions_total")
            .help("Probe lease transitions on this instance: acquired, renewal_refused (another instance holds it), "
                    + "lapsed (not renewed in time), released")
            .labelNames("probe", "transition")
            .build();

    /** Exports the three families in the registry. */
    public void register(PrometheusRegistry registry) {
        registry.register(durations);
        registry.register(errors);
        registry.register(leases);
    }

    void observe(String operation, double seconds) {
        durations.labelValues(operation).observe(seconds);
    }

    void failed(String operation) {
        errors.labelValues(operation).inc();
    }

    /** Counts one lease transition of a probe. */
    public void lease(String probe, String transition) {
        leases.labelValues(probe, transition).inc();
    }
}
