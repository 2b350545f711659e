package dev.pbs.questions;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.EchoedText;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;

/**
 * A prediction question's read options as given (null: not given), checked and resolved: for (R,
 * W), into the read path to simulate, the profile's own when the question sets none; for levels
 * across datacenters, refused where the model does not have them yet.
 */
final class ReadPathOptions {

    /** The read path an (R, W) simulation runs with. */
    record Chosen(
            ReadFanout readFanout,
            SpeculativeRetry speculativeRetry,
            ReadRepair readRepair,
            ReplicaChoice replicaChoice) {}

    private final ReadFanout readFanout;
    private final String speculativeRetry;
    private final String readRepair;
    private final String replicaChoice;
    private final Double snitchBadnessThreshold;
    private final Rules rules;

    ReadPathOptions(
            ReadFanout readFanout,
            String speculativeRetry,
            String readRepair,
            String replicaChoice,
            Double snitchBadnessThreshold,
            Rules rules) {
        this.readFanout = readFanout;
        this.speculativeRetry = speculativeRetry;
        this.readRepair = readRepair;
        this.replicaChoice = replicaChoice;
        this.snitchBadnessThreshold = snitchBadnessThreshold;
        this.rules = rules;
    }

    /**
     * The read path of an (R, W) question over {@code grid}: the profile's own (targeted, with its
     * settings) when it has one and the question sets no read option, else the question's.
     *
     * @throws InvalidQuestionException naming the first problem found
     */
    Chosen forConfigurations(LatencyProfile profile, double[] grid) {
        return forConfigurations(profile, grid, Field.TIMES);
    }

    /**
     * As {@link #forConfigurations(LatencyProfile, double[])}, for a grid that comes from {@code
     * timesField} (a tuning question's requirements rather than predict's times).
     *
     * @throws InvalidQuestionException naming the first problem found
     */
    Chosen forConfigurations(LatencyProfile profile, double[] grid, Field timesField) {
        if (profile.faults().any()) {
            return withFaults(profile);
        }
        ReadPath measured = profile.readPath().orElse(null);
        if (measured != null && !asked()) {
            if (measured.readRepair().readsAgainOnMismatch() && grid.length > SimulationSpec.MAX_REPAIR_GRID_POINTS) {
                throw rules.invalid(
                        timesField,
                        "holds " + grid.length + " times, but the profile " + profile.name() + " reads with "
                                + "read repair " + measured.readRepair().text() + ", counted at every time: at most "
                                + SimulationSpec.MAX_REPAIR_GRID_POINTS + ", or give "
                                + rules.name(Field.READ_REPAIR) + " off");
            }
            return new Chosen(
                    ReadFanout.TARGETED, measured.speculativeRetry(), measured.readRepair(), measured.replicaChoice());
        }
        ReadFanout fanout = readFanout == null ? ReadFanout.ALL : readFanout;
        SpeculativeRetry retry = speculativeRetry();
        if (retry.speculates() && fanout != ReadFanout.TARGETED) {
            throw rules.invalid(
                    Field.SPECULATIVE_RETRY,
                    "asks one more replica than R, so it needs the targeted read fan-out (Cassandra's): add "
                            + rules.name(Field.READ_FANOUT) + " targeted");
        }
        ReadRepair repair = readRepair();
        if (repair.readsAgainOnMismatch() && grid.length > SimulationSpec.MAX_REPAIR_GRID_POINTS) {
            throw rules.invalid(
                    Field.READ_REPAIR,
                    repair.text() + " is counted at every time of " + rules.name(timesField)
                            + ", which may then hold at " + "most " + SimulationSpec.MAX_REPAIR_GRID_POINTS
                            + " times, not " + grid.length);
        }
        return new Chosen(fanout, retry, repair, replicaChoice(fanout));
    }

    /**
     * The read path with faulty replicas, which are simulated for Cassandra's targeted read (the
     * default then) without speculative retry or read repair: the profile's own replica choice when
     * the question sets no read option, else the question's.
     */
    private Chosen withFaults(LatencyProfile profile) {
        String faults = "faulty replicas (" + profile.faults().describe() + ") are simulated ";
        ReadPath measured = profile.readPath().orElse(null);
        if (measured != null && !asked()) {
            if (measured.speculativeRetry().speculates() || measured.readRepair() != ReadRepair.OFF) {
                throw new InvalidQuestionException(faults + "without speculative retry and read repair, but the "
                        + "profile " + profile.name() + " reads with speculative retry "
                        + measured.speculativeRetry().text() + " and read repair "
                        + measured.readRepair().text()
                        + ": give " + rules.name(Field.READ_FANOUT) + " targeted, "
                        + rules.name(Field.SPECULATIVE_RETRY) + " NONE and " + rules.name(Field.READ_REPAIR)
                        + " off (and " + rules.name(Field.REPLICA_CHOICE) + " "
                        + (measured.replicaChoice().snitch() ? "snitch" : "random") + " to keep its replica choice)");
            }
            return new Chosen(
                    ReadFanout.TARGETED, measured.speculativeRetry(), ReadRepair.OFF, measured.replicaChoice());
        }
        ReadFanout fanout = readFanout == null ? ReadFanout.TARGETED : readFanout;
        if (fanout != ReadFanout.TARGETED) {
            throw rules.invalid(Field.READ_FANOUT, "must be targeted (Cassandra's read): " + faults + "for it only");
        }
        if (speculativeRetry().speculates()) {
            throw rules.invalid(Field.SPECULATIVE_RETRY, "must be NONE: " + faults + "without speculative retry");
        }
        if (readRepair() != ReadRepair.OFF) {
            throw rules.invalid(Field.READ_REPAIR, "must be off: " + faults + "without read repair");
        }
        return new Chosen(fanout, speculativeRetry(), ReadRepair.OFF, replicaChoice(fanout));
    }

    /**
     * Refuses the options consistency levels across datacenters do not model yet.
     *
     * @throws InvalidQuestionException naming the option
     */
    void refuseForLevels() {
        String notYet = "modelled for (R, W) questions only so far, not for consistency levels across datacenters";
        if (replicaChoice != null
                && replicaChoice(readFanout == null ? ReadFanout.ALL : readFanout)
                        .snitch()) {
            throw rules.invalid(Field.REPLICA_CHOICE, "snitch is " + notYet);
        }
        if (readRepair().readsAgainOnMismatch()) {
            throw rules.invalid(Field.READ_REPAIR, readRepair().text() + " is " + notYet);
        }
        if (speculativeRetry().speculates()) {
            throw rules.invalid(Field.SPECULATIVE_RETRY, "is " + notYet);
        }
    }

    /** Whether the question sets any part of the read path (else a profile's own applies). */
    private boolean asked() {
        return readFanout != null
                || speculativeRetry != null
                || readRepair != null
                || replicaChoice != null
                || snitchBadnessThreshold != null;
    }

    private ReplicaChoice replicaChoice(ReadFanout fanout) {
        double badness = ReplicaChoice.CASSANDRA_BADNESS_THRESHOLD;
        if (snitchBadnessThreshold != null) {
            if (!(snitchBadnessThreshold >= 0) || snitchBadnessThreshold.isInfinite()) {
                throw rules.invalid(
                        Field.SNITCH_BADNESS_THRESHOLD,
                        "must be a finite number >= 0 (Cassandra's default 1.0), was " + snitchBadnessThreshold);
            }
            badness = snitchBadnessThreshold;
        }
        ReplicaChoice choice;
        try {
            choice = replicaChoice == null ? ReplicaChoice.random() : ReplicaChoice.parse(replicaChoice, badness);
        } catch (IllegalArgumentException bad) {
            throw rules.invalid(
                    Field.REPLICA_CHOICE, "must be random or snitch, was '" + EchoedText.of(replicaChoice) + "'");
        }
        if (snitchBadnessThreshold != null && !choice.snitch()) {
            throw rules.invalid(
                    Field.SNITCH_BADNESS_THRESHOLD,
                    "is the dynamic snitch's: add " + rules.name(Field.REPLICA_CHOICE) + " snitch");
        }
        if (choice.snitch() && fanout != ReadFanout.TARGETED) {
            throw rules.invalid(
                    Field.REPLICA_CHOICE,
                    "snitch orders the R replicas a read asks, so it needs the targeted read fan-out "
                            + "(Cassandra's): add " + rules.name(Field.READ_FANOUT) + " targeted");
        }
        return choice;
    }

    private ReadRepair readRepair() {
        if (readRepair == null) {
            return ReadRepair.OFF;
        }
        try {
            return ReadRepair.parse(readRepair);
        } catch (IllegalArgumentException bad) {
            throw rules.invalid(
                    Field.READ_REPAIR, "must be blocking, none or off, was '" + EchoedText.of(readRepair) + "'");
        }
    }

    private SpeculativeRetry speculativeRetry() {
        if (speculativeRetry == null) {
            return new SpeculativeRetry.None();
        }
        try {
            return SpeculativeRetry.parse(speculativeRetry);
        } catch (IllegalArgumentException bad) {
            throw rules.invalid(Field.SPECULATIVE_RETRY, "is not understood: " + bad.getMessage());
        }
    }
}
