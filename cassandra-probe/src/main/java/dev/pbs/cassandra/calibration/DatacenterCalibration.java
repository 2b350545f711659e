package dev.pbs.cassandra.calibration;

import dev.pbs.cassandra.probe.DatacenterMeasurements;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.ReplicaOrder;
import dev.pbs.model.profile.WarsMessage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Tracing's cost over several datacenters: each datacenter calibrated as a cluster of its own
 * ({@link Calibration}), on its replicas' delays from its own coordinators, its coordinators' own
 * replica, and the untraced operations timed through its coordinators. A datacenter whose own
 * operations calibrate nothing (one replica per key and no other node) takes the cost of the
 * datacenter with the most replicas that has one: the same machines under the same tracing.
 */
public final class DatacenterCalibration {

    private DatacenterCalibration() {}

    /**
     * Each datacenter's calibration, in the order of {@code names}.
     *
     * @param calibrate the calibration of a one-datacenter snapshot
     */
    public static Map<String, CalibratedProfile.Calibrated> of(
            ProbeSnapshot snapshot,
            DatacenterMeasurements measured,
            List<String> names,
            Function<ProbeSnapshot, CalibratedProfile.Calibrated> calibrate) {
        Map<String, CalibratedProfile.Calibrated> found = new LinkedHashMap<>();
        String lender = null;
        for (String datacenter : names) {
            CalibratedProfile.Calibrated own = own(snapshot, measured, datacenter, calibrate);
            found.put(datacenter, own);
            if (own != null
                    && !own.cost().equals(TracingCost.NONE)
                    && (lender == null
                            || measured.replication().factor(datacenter)
                                    > measured.replication().factor(lender))) {
                lender = datacenter;
            }
        }
        Map<String, CalibratedProfile.Calibrated> calibrations = new LinkedHashMap<>();
        for (String datacenter : names) {
            CalibratedProfile.Calibrated own = found.get(datacenter);
            boolean nothing = own == null || own.cost().equals(TracingCost.NONE);
            if (nothing && lender != null) {
                CalibratedProfile.Calibrated borrowed = found.get(lender);
                calibrations.put(
                        datacenter,
                        new CalibratedProfile.Calibrated(
                                borrowed.profile(),
                                borrowed.cost(),
                                " Its own operations calibrated nothing; it takes " + lender + "'s cost: "
                                        + borrowed.cost().describe() + "."));
            } else if (own == null) {
                calibrations.put(
                        datacenter,
                        new CalibratedProfile.Calibrated(
                                null, TracingCost.NONE, " No untraced operation was timed through it."));
            } else {
                calibrations.put(datacenter, own);
            }
        }
        return calibrations;
    }

    private static CalibratedProfile.Calibrated own(
            ProbeSnapshot snapshot,
            DatacenterMeasurements measured,
            String datacenter,
            Function<ProbeSnapshot, CalibratedProfile.Calibrated> calibrate) {
        var client = measured.clients().get(datacenter);
        if (client == null) {
            return null;
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
            return calibrate.apply(alone);
        } catch (IllegalArgumentException incomplete) {
            return null;
        }
    }
}
