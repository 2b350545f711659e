package dev.pbs.questions;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.SessionSpec;

/**
 * A prediction question's session options as given (null: not given), checked and resolved into
 * the session simulation to run beside (R, W), or refused for levels across datacenters.
 */
final class SessionOptions {

    private final Double writesPerSecond;
    private final Double readIntervalMillis;
    private final CoordinatorReplicaChoice coordinator;
    private final LatencyProfile profile;
    private final Rules rules;

    SessionOptions(
            Double writesPerSecond,
            Double readIntervalMillis,
            CoordinatorReplicaChoice coordinator,
            LatencyProfile profile,
            Rules rules) {
        this.writesPerSecond = writesPerSecond;
        this.readIntervalMillis = readIntervalMillis;
        this.coordinator = coordinator;
        this.profile = profile;
        this.rules = rules;
    }

    /**
     * The session simulation asked for, of at most {@link SessionSpec#DEFAULT_TRIALS} of the
     * question's trials, or null when none is.
     *
     * @throws InvalidQuestionException naming the first problem found
     */
    SessionSpec forConfigurations(long trialCount) {
        if (writesPerSecond == null) {
            if (readIntervalMillis != null) {
                throw rules.invalid(
                        Field.READ_INTERVAL,
                        "is for session guarantees: give " + rules.name(Field.WRITE_RATE)
                                + " too, the writes per second to the key from all clients");
            }
            return null;
        }
        if (!(writesPerSecond > 0 && writesPerSecond <= SessionSpec.MAX_WRITES_PER_SECOND)) {
            throw rules.invalid(
                    Field.WRITE_RATE,
                    "must be above 0 and at most " + (long) SessionSpec.MAX_WRITES_PER_SECOND
                            + " writes per second, was " + writesPerSecond);
        }
        double interval = readIntervalMillis == null ? 0 : readIntervalMillis;
        if (!(interval >= 0 && interval <= SessionSpec.MAX_READ_INTERVAL_MILLIS)) {
            throw rules.invalid(
                    Field.READ_INTERVAL,
                    "must be between 0 and " + (long) SessionSpec.MAX_READ_INTERVAL_MILLIS + " ms, was "
                            + readIntervalMillis);
        }
        if (coordinator.any()) {
            throw coordinator.refuse(
                    rules,
                    "cannot be combined with " + rules.name(Field.WRITE_RATE)
                            + ": session guarantees are simulated with the coordinator apart from the replicas");
        }
        if (profile.topology().isPresent()) {
            throw rules.invalid(
                    Field.WRITE_RATE,
                    "asks for session guarantees, simulated within one datacenter, but the profile " + profile.name()
                            + " places its replicas in datacenters");
        }
        return new SessionSpec(interval, writesPerSecond, Math.min(trialCount, SessionSpec.DEFAULT_TRIALS));
    }

    /**
     * Refuses session options for consistency levels across datacenters.
     *
     * @throws InvalidQuestionException naming the option given
     */
    void refuseForLevels() {
        if (writesPerSecond != null || readIntervalMillis != null) {
            throw rules.invalid(
                    writesPerSecond != null ? Field.WRITE_RATE : Field.READ_INTERVAL,
                    "asks for session guarantees, simulated for (R, W) questions only so far, not for "
                            + "consistency levels across datacenters");
        }
    }
}
