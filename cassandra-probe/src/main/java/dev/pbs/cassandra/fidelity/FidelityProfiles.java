package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.calibration.TracingCost;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A fidelity cell's profile, calibrated as {@code ./pbs probe} calibrates its own ({@link
 * MeasuredProfile#calibrated}), and beside it the traced delays as kept.
 *
 * @param cost what the calibration took off each traced message
 */
record FidelityProfiles(
        ProfileChoice choice,
        LatencyProfile profile,
        ProfileChoice otherChoice,
        LatencyProfile other,
        Optional<TracingCost> cost) {

    /**
     * The profiles a cell predicts from, both built on the same snapshot. With one slow node, its
     * own calibrated delays are replica 1 of the prediction, the others' pooled, and reads go where
     * Cassandra's dynamic snitch (on by default) sends them; the other profile is then the same.
     */
    static FidelityProfiles of(
            FidelitySettings settings,
            ProbeSnapshot measurement,
            Optional<ReadPath> readPath,
            LatencyProfile asTraced,
            Consumer<String> progress) {
        CalibratedProfile.Calibrated calibrated = CalibratedProfile.calibrated(measurement, "fidelity-measured");
        progress.accept(calibrated.explanation().strip());
        Optional<TracingCost> cost =
                calibrated.cost().equals(TracingCost.NONE) ? Optional.empty() : Optional.of(calibrated.cost());
        if (settings.slowReplicaAddress().isPresent()) {
            ReadPath asTable =
                    readPath.orElse(new ReadPath(new SpeculativeRetry.None(), ReadRepair.OFF, ReplicaChoice.random()));
            Optional<ReadPath> snitch = Optional.of(new ReadPath(
                    asTable.speculativeRetry(),
                    asTable.readRepair(),
                    ReplicaChoice.snitch(ReplicaChoice.CASSANDRA_BADNESS_THRESHOLD)));
            LatencyProfile slow = MeasuredProfile.withReadPath(
                    MeasuredProfile.withSlowReplica(
                            calibrated.profile(),
                            CalibratedProfile.shortened(measurement, calibrated.cost()),
                            settings.slowReplicaAddress().get()),
                    snitch);
            return new FidelityProfiles(ProfileChoice.CALIBRATED, slow, ProfileChoice.CALIBRATED, slow, cost);
        }
        LatencyProfile profile = MeasuredProfile.withReadPath(calibrated.profile(), readPath);
        return new FidelityProfiles(ProfileChoice.CALIBRATED, profile, ProfileChoice.AS_TRACED, asTraced, cost);
    }
}
