package dev.pbs.cassandra.probe;

import java.util.Map;

/**
 * How a traced message's wire time is shared between the message and its answer ({@link
 * TraceParser}): the wire time is the coordinator's round trip to a replica less the replica's own
 * time (the network, and both nodes' messaging threads and queues), and a share of it goes to the
 * message (W or R), the rest to the answer (A or S). Their sum, and so every latency, is the same
 * whatever the share; the share moves W against A, and R against S.
 *
 * <p>The probe's model ({@link #MEASURED}): within a datacenter the whole wire time goes to the
 * answer, the share the recorded cells fit best (experiment E5 of docs/fidelity.md: on loopback the
 * network takes tens of microseconds of a wire time of about a millisecond, and the queueing lies on
 * the answer's side); between datacenters, where the network's own delay dominates and a route
 * takes about as long each way, half each way.
 *
 * @param withinDatacenter the message's share when the coordinator and the replica share a
 *     datacenter, in [0, 1]
 * @param betweenDatacenters its share when they do not, in [0, 1]
 */
public record WireSplit(double withinDatacenter, double betweenDatacenters) {

    /** The probe's measurement model. */
    public static final WireSplit MEASURED = new WireSplit(0, 0.5);

    public WireSplit {
        requireShare(withinDatacenter);
        requireShare(betweenDatacenters);
    }

    /**
     * The message's part of {@code wireMicros} (at least 0), microseconds, rounded down.
     *
     * @param datacenterOf each node's datacenter by address (empty or partial: one datacenter)
     */
    long outbound(long wireMicros, String coordinator, String replica, Map<String, String> datacenterOf) {
        String from = datacenterOf.get(coordinator);
        String to = datacenterOf.get(replica);
        boolean crossing = from != null && to != null && !from.equals(to);
        return (long) Math.floor((crossing ? betweenDatacenters : withinDatacenter) * wireMicros);
    }

    private static void requireShare(double share) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("a share of the wire time must be in [0, 1], was " + share);
        }
    }
}
