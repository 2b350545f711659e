package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.TracingShift;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A fidelity cell's default profile and the one measured the other way about tracing's cost, and
 * which they are ({@link #of}).
 *
 * @param shift what the default subtracted from each message, when it did
 */
record FidelityProfiles(
        ProfileChoice choice,
        LatencyProfile profile,
        ProfileChoice otherChoice,
        LatencyProfile other,
        Optional<TracingShift> shift) {

    /**
     * Which profiles a cell predicts from, all built on the same snapshot:
     *
     * <ul>
     *   <li>over one datacenter's alike nodes, tracing's cost subtracted as a constant per message
     *       ({@link TracingShift}), beside the traced delays as kept: injected sleeps are not
     *       stretched by tracing the way natural latencies are, so dividing tracing's cost out (as
     *       {@code ./pbs probe} does) shrank the injected delays, and with the traced delays kept the
     *       client's read latency came out 1 to 2.5 ms long at the median; subtracting did better on
     *       staleness and latency in both grids where all three were compared (2026-12-03 and
     *       2026-12-05, docs/fidelity-results.md);</li>
     *   <li>over several datacenters' six nodes, the traced operations at ALL took several times the
     *       injected delays, and each datacenter's correction is divided out, beside the delays as
     *       kept;</li>
     *   <li>with one slow node, the traced delays as kept both ways (the slow node's delays are
     *       injected too), its own delays as replica 1 of the prediction, and reads going where
     *       Cassandra's dynamic snitch (on by default) sends them.</li>
     * </ul>
     */
    static FidelityProfiles of(
            FidelitySettings settings,
            ProbeSnapshot measurement,
            Optional<ReadPath> readPath,
            LatencyProfile asTraced,
            Consumer<String> progress) {
        if (settings.slowReplicaAddress().isPresent()) {
            ReadPath asTable =
                    readPath.orElse(new ReadPath(new SpeculativeRetry.None(), ReadRepair.OFF, ReplicaChoice.random()));
            Optional<ReadPath> snitch = Optional.of(new ReadPath(
                    asTable.speculativeRetry(),
                    asTable.readRepair(),
                    ReplicaChoice.snitch(ReplicaChoice.CASSANDRA_BADNESS_THRESHOLD)));
            LatencyProfile slow = MeasuredProfile.withReadPath(
                    MeasuredProfile.withSlowReplica(
                            asTraced, measurement, settings.slowReplicaAddress().get()),
                    snitch);
            return new FidelityProfiles(ProfileChoice.AS_TRACED, slow, ProfileChoice.AS_TRACED, slow, Optional.empty());
        }
        if (settings.datacenters().isPresent()) {
            LatencyProfile dividedOut =
                    MeasuredProfile.withReadPath(MeasuredProfile.of(measurement, "fidelity-measured"), readPath);
            return new FidelityProfiles(
                    ProfileChoice.TRACING_COST_DIVIDED_OUT,
                    dividedOut,
                    ProfileChoice.AS_TRACED,
                    asTraced,
                    Optional.empty());
        }
        TracingShift shift = MeasuredProfile.tracingShift(measurement, "fidelity-measured");
        progress.accept(shift.explanation());
        LatencyProfile subtracted = MeasuredProfile.withReadPath(
                MeasuredProfile.withTracingCostSubtracted(measurement, shift, "fidelity-measured"), readPath);
        return new FidelityProfiles(
                ProfileChoice.TRACING_COST_SUBTRACTED,
                subtracted,
                ProfileChoice.AS_TRACED,
                asTraced,
                Optional.of(shift));
    }
}
