package dev.pbs.model.profile;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A bootstrap replicate of a measured profile: every measured delay distribution ({@link
 * Empirical}) replaced by its resample ({@link Empirical#resampled}), so that a figure predicted
 * from many replicates varies as much as the measurement behind the profile lets it. The default
 * delays, each replica's and the local replica's of a coordinator on a replica are resampled, each
 * on its own; distributions of other kinds (a built-in profile's), the datacenters' delays, the
 * read path, the faults and the message correlation stay as they are.
 */
public final class ProfileResampling {

    private ProfileResampling() {}

    /** The replicate of {@code profile} drawn with {@code random}; the profile itself when nothing in it was measured. */
    public static LatencyProfile resampled(LatencyProfile profile, RandomGenerator random) {
        LatencyProfile.Builder replicate = profile.toBuilder().defaults(resampled(profile.defaults(), random));
        List<DelayOverrides> overrides = new ArrayList<>();
        for (DelayOverrides override : profile.replicaOverrides()) {
            overrides.add(new DelayOverrides(
                    resampled(override.write(), random),
                    resampled(override.acknowledgement(), random),
                    resampled(override.read(), random),
                    resampled(override.response(), random)));
        }
        replicate.replicaOverrides(overrides);
        profile.coordinatorReplica()
                .ifPresent(path -> replicate.coordinatorReplica(
                        new CoordinatorReplicaPath(resampled(path.local(), random), path.localReadPreference())));
        return replicate.build();
    }

    private static MessageDelays resampled(MessageDelays delays, RandomGenerator random) {
        return new MessageDelays(
                resampled(delays.write(), random),
                resampled(delays.acknowledgement(), random),
                resampled(delays.read(), random),
                resampled(delays.response(), random));
    }

    /** An empirical distribution's resample; any other (or none) as it is. */
    private static LatencyDistribution resampled(LatencyDistribution distribution, RandomGenerator random) {
        return distribution instanceof Empirical measured ? measured.resampled(random) : distribution;
    }
}
