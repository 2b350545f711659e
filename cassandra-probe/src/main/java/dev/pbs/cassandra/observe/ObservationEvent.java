package dev.pbs.cassandra.observe;

import dev.pbs.cassandra.probe.ProbeEvent;
import java.util.List;
import java.util.Objects;

/**
 * The events of an observation of staleness made beside the probe ({@link ProbeEvent}): its start,
 * every observed write, read and round trip, the traced reads' traces, and its end. Times named
 * {@code sentMicros} count from the moment the run's journal was opened, as the probe's do.
 */
public interface ObservationEvent extends ProbeEvent {

    /**
     * An observation of staleness starts beside the probe.
     *
     * @param settings what it does
     * @param writesPerWindow its writes are tallied in windows of this many consecutive writes
     */
    record Started(ObservationSettings settings, int writesPerWindow) implements ObservationEvent {

        public Started {
            Objects.requireNonNull(settings, "settings");
        }
    }

    /**
     * The refused request timed beside an observed write, through its reads' first coordinator.
     *
     * @param write the write's index, from 0 (its version is the index plus 1)
     * @param coordinator the coordinator's address
     * @param clientMicros its round trip
     */
    record Gap(int write, String coordinator, long clientMicros) implements ObservationEvent {}

    /**
     * An observed write, answered.
     *
     * @param write its index, from 0
     * @param key the key it wrote (a key of its own)
     * @param coordinator the coordinator's address
     * @param throughReplica whether the coordinator is a replica of the key
     * @param sentMicros when it was sent
     * @param latencyMicros its client latency; when it failed, until the failure
     * @param failed whether it failed (then no read follows it)
     */
    record WriteAnswer(
            int write,
            String key,
            String coordinator,
            boolean throughReplica,
            long sentMicros,
            long latencyMicros,
            boolean failed)
            implements ObservationEvent {}

    /**
     * An untraced observed read, answered.
     *
     * @param write the index of the write it reads
     * @param point its delay's place on the t grid
     * @param coordinator the coordinator's address
     * @param throughReplica whether the coordinator is a replica of the key
     * @param sentMicros when it was sent
     * @param lagMicros how late it was sent after its nominal time (the acknowledgement plus t)
     * @param latencyMicros its client latency; when it failed, until the failure
     * @param fresh whether it returned the write's version or a later one
     * @param failed whether it failed
     */
    record Read(
            int write,
            int point,
            String coordinator,
            boolean throughReplica,
            long sentMicros,
            long lagMicros,
            long latencyMicros,
            boolean fresh,
            boolean failed)
            implements ObservationEvent {}

    /**
     * The refused request timed beside one of a write's reads, through its coordinator.
     *
     * @param write the write's index
     * @param coordinator the coordinator's address
     * @param clientMicros its round trip
     */
    record ReadRoundTrip(int write, String coordinator, long clientMicros) implements ObservationEvent {}

    /**
     * A traced observed read (left out of the staleness counts), with its trace's activities.
     *
     * @param write the index of the write it reads
     * @param point its delay's place on the t grid
     * @param activities its trace's activities, the coordinator's and the replicas'; empty when the
     *     trace was not found
     */
    record TracedRead(int write, int point, List<String> activities) implements ObservationEvent {

        public TracedRead {
            activities = List.copyOf(activities);
        }
    }

    /**
     * The observation has ended: every write and read above is answered.
     *
     * @param routedToReplicas what the routing rule says of every coordinator (a replica of its
     *     keys or not), for a side with no operation counted
     */
    record Ended(boolean routedToReplicas) implements ObservationEvent {}
}
