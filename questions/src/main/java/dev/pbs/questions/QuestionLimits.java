package dev.pbs.questions;

import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.SimulationSpec;

/**
 * The bounds every question is checked against: the REST service's configured limits, or the
 * command line's (the engine's own bounds).
 *
 * @param maxReplicas the largest N a question may ask for, 1 to {@link QuorumConfiguration#MAX_REPLICAS}
 * @param maxTrials the most Monte Carlo trials a question may ask for, 1 to {@link SimulationSpec#MAX_TRIALS}
 * @param defaultTrials trials when a question gives none, 1 to {@code maxTrials}
 * @param maxReplicaCounts the most values of N one tuning question may span ({@code 3..5} spans 3)
 */
public record QuestionLimits(int maxReplicas, long maxTrials, long defaultTrials, int maxReplicaCounts) {

    /** Trials when nobody says otherwise: enough for a 99.9% window to two or three digits. */
    public static final long DEFAULT_TRIALS = 1_000_000;

    /** The command line's limits: the engine's own, a million trials by default. */
    public static final QuestionLimits COMMAND_LINE = new QuestionLimits(
            QuorumConfiguration.MAX_REPLICAS,
            SimulationSpec.MAX_TRIALS,
            DEFAULT_TRIALS,
            QuorumConfiguration.MAX_REPLICAS);

    public QuestionLimits {
        if (maxReplicas < 1 || maxReplicas > QuorumConfiguration.MAX_REPLICAS) {
            throw new IllegalArgumentException(
                    "the largest N must be between 1 and " + QuorumConfiguration.MAX_REPLICAS + ", was " + maxReplicas);
        }
        if (maxTrials < 1 || maxTrials > SimulationSpec.MAX_TRIALS) {
            throw new IllegalArgumentException(
                    "the most trials must be between 1 and " + SimulationSpec.MAX_TRIALS + ", was " + maxTrials);
        }
        if (defaultTrials < 1 || defaultTrials > maxTrials) {
            throw new IllegalArgumentException("the default trials must be between 1 and the most trials (" + maxTrials
                    + "), was " + defaultTrials);
        }
        if (maxReplicaCounts < 1) {
            throw new IllegalArgumentException(
                    "a tuning question must be allowed at least one N, was " + maxReplicaCounts);
        }
    }
}
