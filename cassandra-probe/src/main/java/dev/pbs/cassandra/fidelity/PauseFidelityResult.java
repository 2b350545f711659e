package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.cluster.NodePause;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.model.profile.LatencyProfile;
import java.time.Duration;
import java.util.List;

/**
 * The paused-node cell's run: the profile measured while the cluster was healthy, and three
 * comparisons: the healthy observation against it (the cell's baseline), and the observation made
 * while the node paused against it with the pauses and without them.
 *
 * @param cell the cell
 * @param profile the profile measured during the healthy observation (no faults)
 * @param healthy the healthy observation against the profile
 * @param withPauses the observation under pauses against the profile with the pause process
 * @param withoutPauses the same observation against the profile alone
 * @param pauses the pauses made, with their timings on both clocks
 * @param elapsed the whole run, cluster start and stop included
 */
public record PauseFidelityResult(
        PauseCell cell,
        LatencyProfile profile,
        ObservedStaleness healthy,
        ObservedStaleness withPauses,
        ObservedStaleness withoutPauses,
        List<NodePause> pauses,
        Duration elapsed) {

    public PauseFidelityResult {
        pauses = List.copyOf(pauses);
    }
}
