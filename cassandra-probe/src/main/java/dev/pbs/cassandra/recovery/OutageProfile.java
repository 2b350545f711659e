package dev.pbs.cassandra.recovery;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.OutageProcess;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * A measured profile with the outages the probe saw ({@link OutageWatch}): the nodes seen down at
 * least once are its faulty replicas, and its outage process is what was seen of them, pooled:
 *
 * <ul>
 *   <li>the outage duration: the outages' lengths as the driver saw them (one outage: that length);
 *   <li>the time between failures: exponential (failures at random), its mean the struck nodes' up
 *       time while watched over the number of outages: a rough guess from a few outages, as the
 *       provenance says;
 *   <li>the hint window: Cassandra's default, 3 h (the cluster's own setting is not read);
 *   <li>the hint replay delay: the delays measured at the returned nodes, pooled, from the outages
 *       whose reads the node itself served ({@link WatchedOutage#delaysAreTheNodes()}).
 * </ul>
 *
 * Without a measured hint replay delay the profile is left as it was: the model needs one, and none
 * is made up. The profile's replicas are its nodes in address order when there are as many nodes as
 * replicas per key; with more, the outages strike replica 1 of every key, which overstates them.
 */
public final class OutageProfile {

    private static final long HIGHEST_MICROS = TimeUnit.DAYS.toMicros(7);

    private OutageProfile() {}

    /**
     * @param profile the measured profile, its replicas in address order
     * @param nodeAddresses the nodes in the profile's replica order
     * @param replicationFactor the replicas per key
     * @param outages the outages seen
     * @param watchedMillis how long the watch ran, ms
     * @return the profile with the outages, or empty (with the reason) when none can be put in it
     */
    public static Result of(
            LatencyProfile profile,
            List<String> nodeAddresses,
            int replicationFactor,
            List<WatchedOutage> outages,
            double watchedMillis) {
        List<Integer> struck = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<WatchedOutage> seen = new ArrayList<>();
        List<ReplayDelays> delays = new ArrayList<>();
        for (int index = 0; index < nodeAddresses.size(); index++) {
            String address = nodeAddresses.get(index);
            boolean struckNode = false;
            for (WatchedOutage outage : outages) {
                if (outage.address().equals(address)) {
                    struckNode = true;
                    seen.add(outage);
                    if (outage.delaysAreTheNodes()) {
                        delays.add(outage.delays().orElseThrow());
                    }
                }
            }
            if (struckNode) {
                struck.add(index);
                names.add(address);
            }
        }
        if (seen.isEmpty()) {
            return new Result(profile, Optional.of("no node of the profile was seen down"));
        }
        if (delays.isEmpty()) {
            return new Result(
                    profile,
                    Optional.of("no hint replay delay was measured (no write was made around a down node, the probe "
                            + "ended before the returned node was read, or other replicas served the reads)"));
        }
        double downMillis = seen.stream().mapToDouble(WatchedOutage::downMillis).sum();
        double upMillis = Math.max(watchedMillis * struck.size() - downMillis, 1);
        double meanUpMillis = upMillis / seen.size();
        ReplayDelays pooled = ReplayDelays.pooled(delays);
        OutageProcess process = new OutageProcess(
                Exponential.ofMean(meanUpMillis),
                durations(seen),
                OutageProcess.DEFAULT_HINT_WINDOW_MILLIS,
                pooled.distribution());
        boolean approximate = nodeAddresses.size() > replicationFactor;
        String note = String.format(
                Locale.ROOT,
                " Outages seen by the driver on %s: %d, %.1f s long on average, one per %.1f min of up time (a rough"
                        + " guess from %d); hint replay delays read at the returned node: %d writes, median %.0f ms,"
                        + " p90 %.0f ms, %d not there by %.0f s; hint window Cassandra's default 3 h (not read from"
                        + " the cluster)%s.",
                String.join(", ", names),
                seen.size(),
                downMillis / seen.size() / 1000,
                meanUpMillis / 60_000,
                seen.size(),
                pooled.writes(),
                pooled.percentileMillis(50),
                pooled.percentileMillis(90),
                pooled.neverAppeared(),
                pooled.deadlineMillis() / 1000,
                approximate
                        ? "; with more nodes than replicas per key they strike replica 1 of every key, which "
                                + "overstates them"
                        : "");
        LatencyProfile withOutages = profile.toBuilder()
                .provenance(profile.provenance() + note)
                .faults(new Faults(profile.faults().pauses(), process, approximate ? List.of(0) : struck))
                // The engine simulates faulty replicas with coordinators apart from the replicas only.
                .coordinatorReplicaShare(CoordinatorReplicaShare.NEVER)
                .build();
        return new Result(withOutages, Optional.empty());
    }

    /**
     * The profile, and why the outages are not in it when they are not.
     *
     * @param profile the profile, with the outages or as it was
     * @param leftOut why the outages are not in it; empty when they are
     */
    public record Result(LatencyProfile profile, Optional<String> leftOut) {}

    private static LatencyDistribution durations(List<WatchedOutage> outages) {
        if (outages.size() == 1) {
            return Constant.of(outages.get(0).downMillis());
        }
        Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
        for (WatchedOutage outage : outages) {
            histogram.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, Math.round(outage.downMillis() * 1000))));
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }
}
