package dev.pbs.model.fitting;

import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.profile.WarsMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The fits of every measured delay of a profile, defaults first (W, A, R, S), then each replica's
 * overrides in order.
 *
 * @param measured the profile that was fitted
 * @param fits one per measured (empirical) delay
 */
public record ProfileFit(LatencyProfile measured, List<MessageFit> fits) {

    public ProfileFit {
        Objects.requireNonNull(measured, "measured profile");
        fits = List.copyOf(fits);
    }

    /**
     * The measured profile with every fitted delay replaced by its chosen candidate (a delay with
     * no converged candidate stays as measured), and every other field unchanged but the name and
     * the provenance.
     */
    public LatencyProfile fittedProfile(String name, String provenance) {
        MessageDelays defaults = measured.defaults();
        LatencyDistribution[] defaultDelays = new LatencyDistribution[WarsMessage.values().length];
        for (WarsMessage message : WarsMessage.values()) {
            defaultDelays[message.ordinal()] = replacement(-1, message, message.of(defaults));
        }
        List<DelayOverrides> overrides = new ArrayList<>();
        for (int replica = 0; replica < measured.replicaOverrides().size(); replica++) {
            DelayOverrides replicaOverrides = measured.replicaOverrides().get(replica);
            LatencyDistribution[] delays = new LatencyDistribution[WarsMessage.values().length];
            for (WarsMessage message : WarsMessage.values()) {
                LatencyDistribution override = message.of(replicaOverrides);
                delays[message.ordinal()] = override == null ? null : replacement(replica, message, override);
            }
            overrides.add(new DelayOverrides(delays[0], delays[1], delays[2], delays[3]));
        }
        return measured.toBuilder(name)
                .provenance(provenance)
                .defaults(new MessageDelays(defaultDelays[0], defaultDelays[1], defaultDelays[2], defaultDelays[3]))
                .replicaOverrides(overrides)
                .build();
    }

    private LatencyDistribution replacement(int replica, WarsMessage message, LatencyDistribution original) {
        for (MessageFit fit : fits) {
            if (fit.message() == message && fit.replica().orElse(-1) == replica) {
                return fit.fit().chosen().map(CandidateFit::distribution).orElse(original);
            }
        }
        return original;
    }
}
