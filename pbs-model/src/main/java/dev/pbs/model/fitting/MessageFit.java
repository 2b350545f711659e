package dev.pbs.model.fitting;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.profile.WarsMessage;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The fit of one measured delay of a profile.
 *
 * @param replica the replica (0-based) whose override was fitted; empty for the default delays
 * @param message which of W, A, R, S
 * @param measured the measured distribution
 * @param fit both candidates and the chosen one
 */
public record MessageFit(OptionalInt replica, WarsMessage message, Empirical measured, DistributionFit fit) {

    public MessageFit {
        Objects.requireNonNull(replica, "replica");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(measured, "measured distribution");
        Objects.requireNonNull(fit, "fit");
    }
}
