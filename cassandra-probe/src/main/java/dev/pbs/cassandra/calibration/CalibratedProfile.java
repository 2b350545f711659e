package dev.pbs.cassandra.calibration;

import dev.pbs.cassandra.probe.DatacenterMeasurements;
import dev.pbs.cassandra.probe.DatacenterProfile;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.ReplicaOrder;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The profile of a probe's snapshot, calibrated: what {@code ./pbs probe}, the service's probes and
 * {@code ./pbs fidelity} all predict from. Over one datacenter the traced delays less tracing's
 * cost ({@link Calibration}); over several, each datacenter's own delays likewise ({@link
 * DatacenterCalibration}), the delays between datacenters fitted as measured.
 */
public final class CalibratedProfile {

    private CalibratedProfile() {}

    /**
     * A calibrated profile, the tracing cost taken off, and the fit in words.
     *
     * @param profile the traced delays less the cost
     * @param explanation what the fit found, as the profile's provenance ends
     */
    public record Calibrated(LatencyProfile profile, TracingCost cost, String explanation) {}

    /**
     * @throws IllegalArgumentException when some message type has no sample at all, or there are
     *     fewer replicas with samples than the replication factor (with what to try instead)
     */
    public static LatencyProfile of(ProbeSnapshot snapshot, String name) {
        return calibrated(snapshot, name).profile();
    }

    /** {@link #of} with the tracing cost it took off (over several datacenters, none of one). */
    public static Calibrated calibrated(ProbeSnapshot snapshot, String name) {
        if (snapshot.datacenters().isPresent()) {
            return new Calibrated(datacenters(snapshot, snapshot.datacenters().get(), name), TracingCost.NONE, "");
        }
        Calibration.Fit fit = Calibration.of(snapshot, CalibrationSettings.DEFAULT);
        String explanation = CalibrationAccount.of(fit, CalibrationSettings.DEFAULT);
        return new Calibrated(
                MeasuredProfile.fromDelays(shortened(snapshot, fit.cost()), name, explanation),
                fit.cost(),
                explanation);
    }

    /** The snapshot with every traced delay less its path's tracing cost. */
    public static ProbeSnapshot shortened(ProbeSnapshot snapshot, TracingCost cost) {
        if (cost.equals(TracingCost.NONE)) {
            return snapshot;
        }
        double smallest = CalibrationSettings.DEFAULT.smallestFraction();
        Map<String, Map<WarsMessage, Histogram>> delays = new TreeMap<>(ReplicaOrder.COMPARATOR);
        snapshot.delaysMicros()
                .forEach((replica, messages) -> delays.put(replica, cost.shortenOther(messages, smallest)));
        return snapshot.withDelays(delays, cost.shortenOwn(snapshot.localDelaysMicros(), smallest));
    }

    private static LatencyProfile datacenters(ProbeSnapshot snapshot, DatacenterMeasurements measured, String name) {
        List<String> names = List.copyOf(measured.replication().factors().keySet());
        Map<String, Calibrated> calibrations =
                DatacenterCalibration.of(snapshot, measured, names, alone -> calibrated(alone, name));
        StringBuilder text = new StringBuilder();
        for (String datacenter : names) {
            text.append(" In ")
                    .append(datacenter)
                    .append(":")
                    .append(calibrations.get(datacenter).explanation());
        }
        double smallest = CalibrationSettings.DEFAULT.smallestFraction();
        return DatacenterProfile.of(
                snapshot,
                measured,
                name,
                (datacenter, delays) -> calibrations.get(datacenter).cost().shortenOther(delays, smallest),
                text.toString());
    }
}
