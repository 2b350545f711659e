package dev.pbs.cassandra.probe;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Probe settings for a local test cluster: node 1 of the integration tests' cluster as contact point
 * unless another is given; no credentials, no TLS.
 */
final class LocalProbeSettings {

    private LocalProbeSettings() {}

    /**
     * @param replicas the keyspace's replication factor
     * @param rate operations a second
     * @param traceFraction the fraction of operations traced, 0 to 1
     */
    static ProbeSettings of(String keyspace, int replicas, double rate, Duration duration, double traceFraction) {
        return of("127.0.0.1:9042", keyspace, replicas, rate, duration, traceFraction);
    }

    /** The same, through {@code contactPoint} (host:port) for a cluster of a test's own. */
    static ProbeSettings of(
            String contactPoint, String keyspace, int replicas, double rate, Duration duration, double traceFraction) {
        return new ProbeSettings(
                List.of(ProbeSettings.contactPoint(contactPoint)),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                keyspace,
                replicas,
                rate,
                duration,
                traceFraction);
    }
}
