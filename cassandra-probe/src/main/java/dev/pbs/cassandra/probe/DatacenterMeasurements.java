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
 */
public record DatacenterMeasurements(
        DatacenterReplication replication,
        Map<String, String> datacenterOf,
        Map<String, Map<WarsMessage, Histogram>> crossingMicros) {

    public DatacenterMeasurements {
        datacenterOf = Collections.unmodifiableMap(new TreeMap<>(datacenterOf));
        Map<String, Map<WarsMessage, Histogram>> copy = new TreeMap<>();
        crossingMicros.forEach(
                (pair, messages) -> copy.put(pair, Collections.unmodifiableMap(new EnumMap<>(messages))));
        crossingMicros = Collections.unmodifiableMap(copy);
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
        return new DatacenterMeasurements(replication, datacenterOf, window);
    }
}
