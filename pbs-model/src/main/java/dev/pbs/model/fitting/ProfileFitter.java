package dev.pbs.model.fitting;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Fits every measured ({@link Empirical}) delay of a profile: the default W, A, R, S and every
 * per-replica override. Other distributions (parametric ones, an inter-datacenter delay) are not
 * fitted and stay as they are. A histogram that appears several times is fitted once.
 */
public final class ProfileFitter {

    private final DistributionFitter distributionFitter;

    public ProfileFitter() {
        this(new DistributionFitter());
    }

    public ProfileFitter(DistributionFitter distributionFitter) {
        this.distributionFitter = Objects.requireNonNull(distributionFitter, "distribution fitter");
    }

    /**
     * Fits every empirical delay (its quantiles are always spread: each histogram bucket is
     * uniform over a positive width, so {@code 0 < Q(0.01) < Q(0.999)}).
     *
     * @throws IllegalArgumentException when the profile has no empirical delay to fit
     */
    public ProfileFit fit(LatencyProfile profile) {
        Map<LatencyDistribution, DistributionFit> done = new HashMap<>();
        List<MessageFit> fits = new ArrayList<>();
        for (WarsMessage message : WarsMessage.values()) {
            addIfMeasured(fits, done, OptionalInt.empty(), message, message.of(profile.defaults()));
        }
        List<DelayOverrides> overrides = profile.replicaOverrides();
        for (int replica = 0; replica < overrides.size(); replica++) {
            for (WarsMessage message : WarsMessage.values()) {
                addIfMeasured(fits, done, OptionalInt.of(replica), message, message.of(overrides.get(replica)));
            }
        }
        if (fits.isEmpty()) {
            throw new IllegalArgumentException("nothing to fit: profile '" + profile.name() + "' has no empirical "
                    + "(measured) distribution among its default or per-replica delays");
        }
        return new ProfileFit(profile, fits);
    }

    private void addIfMeasured(
            List<MessageFit> fits,
            Map<LatencyDistribution, DistributionFit> done,
            OptionalInt replica,
            WarsMessage message,
            LatencyDistribution distribution) {
        if (distribution instanceof Empirical measured) {
            DistributionFit fit = done.get(measured);
            if (fit == null) {
                fit = distributionFitter.fit(measured);
                done.put(measured, fit);
            }
            fits.add(new MessageFit(replica, message, measured, fit));
        }
    }
}
