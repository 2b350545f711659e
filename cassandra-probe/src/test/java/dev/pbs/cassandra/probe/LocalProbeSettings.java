package dev.pbs.cassandra.probe;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Probe settings for the integration tests' local cluster: node 1 as contact point, no credentials, no TLS. */
final class LocalProbeSettings {

    private LocalProbeSettings() {}

    /**
     * @param replicas the keyspace's replication factor
     * @param rate operations a second
     * @param traceFraction the fraction of operations traced, 0 to 1
     */
    static ProbeSettings of(String keyspace, int replicas, double rate, Duration duration, double traceFraction) {
        return new ProbeSettings(
                List.of(ProbeSettings.contactPoint("127.0.0.1:9042")),
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
