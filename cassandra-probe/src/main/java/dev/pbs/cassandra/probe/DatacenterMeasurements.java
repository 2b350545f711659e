package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.WarsMessage;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What a probe over several datacenters measured beyond each replica's own delays: which
 * datacenter every node is in, and the delays of the messages that crossed from a coordinator in
 * one datacenter to a replica in another. A crossing message's delay holds both the replica's own
 * delay and the inter-datacenter delay: {@code W + D(from, to)} for a write, {@code A + D(to,
 * from)} for its acknowledgement, and likewise R and S for a read.
 *
 * @param replication the keyspace's factor in each datacenter, in the order of the profile
 * @param datacenterOf each node's datacenter, by address (host)
 * @param crossingMicros microsecond histograms by ordered pair {@code FROM>TO} (coordinator's
 *     datacenter, replica's datacenter) and message
 * @param localMicros the coordinators' own replica's delays (microseconds) by the coordinator's
 *     datacenter and message
 * @param clients what the probe's client saw through the coordinators of each datacenter (untraced
 *     operations at ONE, and at TWO where the datacenter holds two replicas or more, and round
 *     trips), by datacenter: what {@link dev.pbs.cassandra.calibration.DatacenterCalibration}
 *     calibrates each datacenter's tracing cost on
 */
public record DatacenterMeasurements(
        DatacenterReplication replication,
        Map<String, String> datacenterOf,
        Map<String, Map<WarsMessage, Histogram>> crossingMicros,
        Map<String, Map<WarsMessage, Histogram>> localMicros,
        Map<String, ClientLatencies.Snapshot> clients) {

    public DatacenterMeasurements {
        datacenterOf = Collections.unmodifiableMap(new TreeMap<>(datacenterOf));
        crossingMicros = copyOf(crossingMicros);
        localMicros = copyOf(localMicros);
        clients = Collections.unmodifiableMap(new TreeMap<>(clients));
    }

    /** Measurements without the per-datacenter client timings and own-replica delays. */
    public DatacenterMeasurements(
            DatacenterReplication replication,
            Map<String, String> datacenterOf,
            Map<String, Map<WarsMessage, Histogram>> crossingMicros) {
        this(replication, datacenterOf, crossingMicros, Map.of(), Map.of());
    }

    private static Map<String, Map<WarsMessage, Histogram>> copyOf(Map<String, Map<WarsMessage, Histogram>> byKey) {
        Map<String, Map<WarsMessage, Histogram>> copy = new TreeMap<>();
        byKey.forEach((key, messages) -> copy.put(
                key,
                Collections.unmodifiableMap(
                        messages.isEmpty() ? new EnumMap<>(WarsMessage.class) : new EnumMap<>(messages))));
        return Collections.unmodifiableMap(copy);
    }

    /** The key of an ordered pair of datacenters in {@link #crossingMicros}. */
    public static String pair(String from, String to) {
        return from + ">" + to;
    }

    /** What was measured between {@code earlier} and these, both of the same run. */
    DatacenterMeasurements since(DatacenterMeasurements earlier) {
        Map<String, Map<WarsMessage, Histogram>> window = new TreeMap<>();
        crossingMicros.forEach((pair, messages) -> {
            Map<WarsMessage, Histogram> difference = new EnumMap<>(WarsMessage.class);
            Map<WarsMessage, Histogram> before = earlier.crossingMicros().getOrDefault(pair, Map.of());
            messages.forEach((message, histogram) -> {
                Histogram less = histogram.copy();
                Histogram old = before.get(message);
                if (old != null && old.getTotalCount() > 0) {
                    less.subtract(old);
                }
                if (less.getTotalCount() > 0) {
                    difference.put(message, less);
                }
            });
            if (!difference.isEmpty()) {
                window.put(pair, difference);
            }
        });
        Map<String, Map<WarsMessage, Histogram>> local = new TreeMap<>();
        localMicros.forEach((datacenter, messages) -> local.put(
                datacenter, ProbeSnapshot.less(messages, earlier.localMicros().getOrDefault(datacenter, Map.of()))));
        Map<String, ClientLatencies.Snapshot> clientWindows = new TreeMap<>();
        clients.forEach((datacenter, client) -> {
            ClientLatencies.Snapshot before = earlier.clients().get(datacenter);
            clientWindows.put(datacenter, before == null ? client : client.since(before));
        });
        return new DatacenterMeasurements(replication, datacenterOf, window, local, clientWindows);
    }
}
