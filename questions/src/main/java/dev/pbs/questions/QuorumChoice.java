package dev.pbs.questions;

import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.SimulationSpec;
import java.util.List;

/**
 * A prediction question's (R, W) as given (null: not given): one configuration when both quorums
 * are given, every (R, W) of N otherwise.
 *
 * @param readQuorum R, a number or a level name such as {@code QUORUM}
 * @param writeQuorum W, likewise
 * @param everyConfiguration whether every (R, W) was asked for explicitly
 */
record QuorumChoice(String readQuorum, String writeQuorum, boolean everyConfiguration) {

    /** Whether R, W or every configuration was given. */
    boolean isAsked() {
        return readQuorum != null || writeQuorum != null || everyConfiguration;
    }

    /**
     * The configurations to simulate with N = {@code n} replicas.
     *
     * @throws InvalidQuestionException when only one quorum is given, both are given with every
     *     configuration, or every configuration of N is more than one run evaluates
     */
    List<QuorumConfiguration> configurations(int n, Rules rules) {
        if (readQuorum != null || writeQuorum != null) {
            if (everyConfiguration) {
                throw rules.invalid(
                        Field.ALL, "cannot be combined with " + rules.name(Field.R) + " and " + rules.name(Field.W));
            }
            if (readQuorum == null || writeQuorum == null) {
                throw new InvalidQuestionException("give both " + rules.name(Field.R) + " and "
                        + rules.name(Field.W) + ", or neither for every (R, W); only "
                        + rules.name(readQuorum == null ? Field.W : Field.R) + " was given");
            }
            return List.of(QuorumConfiguration.parse(n, readQuorum, writeQuorum));
        }
        if ((long) n * n > SimulationSpec.MAX_CONFIGURATIONS) {
            throw new InvalidQuestionException("every (R, W) of N=" + n + " is " + (long) n * n
                    + " configurations, more than the " + SimulationSpec.MAX_CONFIGURATIONS
                    + " one run evaluates: give " + rules.name(Field.R) + " and " + rules.name(Field.W));
        }
        return SimulationSpec.allConfigurations(n);
    }

    /**
     * Refuses (R, W) in a question about consistency levels across datacenters, saying which
     * options to use instead.
     *
     * @throws InvalidQuestionException when any was given
     */
    void refuseForLevels(LatencyProfile profile, Rules rules) {
        if (!isAsked()) {
            return;
        }
        Field given = readQuorum != null ? Field.R : writeQuorum != null ? Field.W : Field.ALL;
        String use = "use " + rules.name(Field.WRITE_LEVEL) + " and " + rules.name(Field.READ_LEVEL);
        throw rules.invalid(
                given,
                profile.topology().map(DatacenterTopology::isNamed).orElse(false)
                        ? "is for (R, W), but the profile " + profile.name() + " places its replicas in named "
                                + "datacenters ("
                                + profile.topology().orElseThrow().replicas()
                                + "), so it is answered in consistency levels across them: " + use
                        : "is for (R, W); with consistency levels across datacenters " + use);
    }
}
