package dev.pbs.cassandra.faults;

import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A measured profile with the pauses its nodes were seen to take ({@link NodePinger}): the nodes
 * with at least {@link ObservedPauses#MINIMUM_PAUSES} pauses are the profile's faulty replicas, and
 * their pauses, pooled, its pause process. The profile's replicas are its nodes in address order
 * when there are as many nodes as replicas per key; with more nodes, a paused node is one replica
 * of only some keys, and the pauses strike replica 1 of every key, which overstates them (the
 * provenance says so).
 */
public final class PausedProfile {

    private PausedProfile() {}

    /**
     * @param profile the measured profile, its replicas in address order
     * @param nodeAddresses the nodes in the profile's replica order
     * @param replicationFactor the replicas per key
     * @param pauses each node's pauses, by address
     * @return the profile with the pauses, or unchanged when no node paused often enough
     */
    public static LatencyProfile of(
            LatencyProfile profile,
            List<String> nodeAddresses,
            int replicationFactor,
            Map<String, ObservedPauses> pauses) {
        List<ObservedPauses> paused = new ArrayList<>();
        List<Integer> struck = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int pauseCount = 0;
        for (int index = 0; index < nodeAddresses.size(); index++) {
            ObservedPauses node = pauses.get(nodeAddresses.get(index));
            if (node == null || node.pauses().size() < ObservedPauses.MINIMUM_PAUSES) {
                continue;
            }
            paused.add(node);
            struck.add(index);
            names.add(nodeAddresses.get(index));
            pauseCount += node.pauses().size();
        }
        Optional<PauseProcess> process = ObservedPauses.pooledProcess(paused);
        if (process.isEmpty()) {
            return profile;
        }
        boolean approximate = nodeAddresses.size() > replicationFactor;
        String note = String.format(
                Locale.ROOT,
                " Pauses seen from outside (requests held beyond the threshold) on %s: %d pauses, mean %.1f ms, "
                        + "running %.0f ms between them on average%s.",
                String.join(", ", names),
                pauseCount,
                process.get().duration().meanMillis(),
                process.get().interval().meanMillis(),
                approximate
                        ? "; with more nodes than replicas per key they strike replica 1 of every key, which "
                                + "overstates them"
                        : "");
        return profile.toBuilder()
                .provenance(profile.provenance() + note)
                .faults(new Faults(process.get(), profile.faults().outages(), approximate ? List.of(0) : struck))
                // The engine simulates faulty replicas with coordinators apart from the replicas only.
                .coordinatorReplicaShare(CoordinatorReplicaShare.NEVER)
                .build();
    }
}
