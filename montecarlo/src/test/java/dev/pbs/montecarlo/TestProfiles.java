package dev.pbs.montecarlo;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.util.ArrayList;
import java.util.List;

/** Profiles with constant delays, whose answers can be computed by hand. */
final class TestProfiles {

    private TestProfiles() {}

    /** Replica i has constant delays {W, A, R, S} = {@code delays[i]}. */
    static LatencyProfile constants(double[]... delays) {
        List<DelayOverrides> overrides = new ArrayList<>();
        for (double[] replica : delays) {
            overrides.add(new DelayOverrides(
                    Constant.of(replica[0]),
                    Constant.of(replica[1]),
                    Constant.of(replica[2]),
                    Constant.of(replica[3])));
        }
        return LatencyProfile.builder("constants")
                .provenance("hand-written test profile, ms")
                .defaults(MessageDelays.all(Constant.of(0)))
                .replicaOverrides(overrides)
                .build();
    }
}
