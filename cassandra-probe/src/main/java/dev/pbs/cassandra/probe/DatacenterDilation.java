package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.WarsMessage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Tracing's own cost over several datacenters: {@link TracingDilation}'s correction found for each
 * datacenter on its own, as for a cluster of that datacenter alone. Its replicas' delays from its
 * own coordinators, its coordinators' own replica, and the untraced operations timed through its
 * coordinators (through replicas of their key at ONE, and at TWO where it holds two replicas or
 * more, so that both answers come from within it; through its other nodes at LOCAL_ONE) make a
 * one-datacenter snapshot with its replication factor; the correction found for it is the
 * datacenter's; with one replica per key, its path to the replica is calibrated on the operations
 * through its other nodes ({@link TracingDilation}).
 *
 * <p>A datacenter with one replica per key and no other node has no path to calibrate against
 * but its own replica's ({@link TracingDilation} needs a second replica or a node that is not a
 * replica): it takes the correction of the datacenter with the most replicas that has one, on the
 * same machines and under the same tracing, and its provenance says so.
 */
final class DatacenterDilation {

    private DatacenterDilation() {}

    /**
     * Each datacenter's correction, in the order of {@code names}.
     *
     * @param name the profile's name, for the candidate profiles of the estimate
     */
    static Map<String, TracingDilation.Corrections> estimate(
            ProbeSnapshot snapshot, DatacenterMeasurements measured, List<String> names, String name) {
        Map<String, TracingDilation.Corrections> found = new LinkedHashMap<>();
        for (String datacenter : names) {
            found.put(datacenter, ownCorrection(snapshot, measured, datacenter, name));
        }
        String lender = null;
        for (String datacenter : names) {
            if (!found.get(datacenter).isNone()
                    && (lender == null
                            || measured.replication().factor(datacenter)
                                    > measured.replication().factor(lender))) {
                lender = datacenter;
            }
        }
        Map<String, TracingDilation.Corrections> corrections = new LinkedHashMap<>();
        for (String datacenter : names) {
            TracingDilation.Corrections own = found.get(datacenter);
            if (own.isNone() && lender != null && measured.replication().factor(datacenter) < 2) {
                TracingDilation.Corrections borrowed = found.get(lender);
                corrections.put(
                        datacenter,
                        borrowed.explained(
                                "With one replica per key, too few operations timed through its other nodes: it takes "
                                        + lender + "'s correction (" + own.explanation() + ")"));
            } else {
                corrections.put(datacenter, own);
            }
        }
        return corrections;
    }

    private static TracingDilation.Corrections ownCorrection(
            ProbeSnapshot snapshot, DatacenterMeasurements measured, String datacenter, String name) {
        ClientLatencies.Snapshot client = measured.clients().get(datacenter);
        if (client == null) {
            return TracingDilation.Corrections.none("no untraced operation was timed through " + datacenter);
        }
        Map<String, Map<WarsMessage, Histogram>> delays = new TreeMap<>(ReplicaOrder.COMPARATOR);
        snapshot.delaysMicros().forEach((replica, messages) -> {
            if (datacenter.equals(measured.datacenterOf().get(replica))) {
                delays.put(replica, messages);
            }
        });
        ProbeSnapshot alone = new ProbeSnapshot(
                snapshot.clusterName(),
                snapshot.cassandraVersion(),
                datacenter,
                measured.replication().factor(datacenter),
                snapshot.started(),
                snapshot.at(),
                snapshot.operations(),
                delays,
                snapshot.nodes(),
                measured.localMicros().getOrDefault(datacenter, Map.of()),
                snapshot.readTargets(),
                client);
        try {
            return TracingDilation.estimate(alone, candidate -> MeasuredProfile.traced(alone, candidate, name));
        } catch (IllegalArgumentException incomplete) {
            return TracingDilation.Corrections.none(incomplete.getMessage());
        }
    }
}
