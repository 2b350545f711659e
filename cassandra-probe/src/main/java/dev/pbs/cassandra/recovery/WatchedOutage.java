package dev.pbs.cassandra.recovery;

import java.util.Objects;
import java.util.Optional;

/**
 * One outage of a node that the probe saw ({@link OutageWatch}): how long the driver saw it down,
 * and, when writes were made around it meanwhile and it came back, the hint replay delays read at it.
 *
 * @param address the node's address
 * @param downMillis from the driver seeing it down to seeing it up again, ms
 * @param writesWhileDown writes of keys it replicates acknowledged while it was down
 * @param delays when those writes appeared at the node after its return; empty when none was
 *     made or the probe ended before they were read
 * @param servers what the traced reads showed of who served them
 */
public record WatchedOutage(
        String address, double downMillis, int writesWhileDown, Optional<ReplayDelays> delays, ReadServers servers) {

    /**
     * Below this share of traced reads served by the returned node itself, the delays are not the
     * node's: other replicas (which had the writes all along) answered most reads.
     */
    public static final double LEAST_SERVED_BY_NODE = 0.8;

    public WatchedOutage {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(delays, "delays");
        Objects.requireNonNull(servers, "servers");
        if (!(downMillis >= 0) || Double.isInfinite(downMillis)) {
            throw new IllegalArgumentException("an outage lasts a finite time >= 0 ms, was " + downMillis);
        }
        if (writesWhileDown < 0) {
            throw new IllegalArgumentException("writes while down must be >= 0, was " + writesWhileDown);
        }
    }

    /**
     * Whether the delays describe the node: measured, and the traced reads that showed who served
     * them were served by the node itself at least {@link #LEAST_SERVED_BY_NODE} of the time (or none
     * showed it).
     */
    public boolean delaysAreTheNodes() {
        if (delays.isEmpty()) {
            return false;
        }
        long known = servers.returnedNode() + servers.otherReplica();
        return known == 0 || servers.returnedNode() >= LEAST_SERVED_BY_NODE * known;
    }
}
