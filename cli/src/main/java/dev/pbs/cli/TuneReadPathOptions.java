package dev.pbs.cli;

import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.questions.TuningQuestion;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code pbs tune}'s read options: predict's, with the same names and meaning, except that
 * {@code --speculative-retry} may list several settings for the tuner to search.
 */
final class TuneReadPathOptions {

    @Option(
            names = "--read-fanout",
            paramLabel = "all|targeted",
            description = "As for predict: all (Dynamo, Riak) or targeted (Voldemort, Cassandra) (default: all, or the "
                    + "profile's read_path when it has one and no read option is given).")
    private ReadFanout readFanout;

    @Option(
            names = "--speculative-retry",
            paramLabel = "SETTING[,SETTING...]",
            description = "With --read-fanout targeted: the speculative retry settings to search, in Cassandra's "
                    + "spelling (NONE, ALWAYS, 20ms, 99p, MIN(99p,20ms), MAX(99p,20ms)), separated by commas or "
                    + "repeated; every (N, R, W) is tried with each, at most 8 (default: NONE).")
    private List<String> speculativeRetries;

    @Option(
            names = "--read-repair",
            paramLabel = "blocking|none|off",
            description = "As for predict: blocking read repair, which requirements repair@<ms><=<fraction> bound, "
                    + "or none (a disagreeing read reads again, repairs nothing) (default: off).")
    private String readRepair;

    @Option(
            names = "--replica-choice",
            paramLabel = "random|snitch",
            description = "With --read-fanout targeted: which replicas a read asks, as for predict (default: random).")
    private String replicaChoice;

    @Option(
            names = "--snitch-badness-threshold",
            paramLabel = "X",
            description = "With --replica-choice snitch: Cassandra's dynamic_snitch_badness_threshold, >= 0 "
                    + "(default: 1.0).")
    private Double snitchBadnessThreshold;

    /** The options as given (null where not given) into {@code question}. */
    TuningQuestion.Builder applyTo(TuningQuestion.Builder question) {
        return question.readFanout(readFanout)
                .speculativeRetries(speculativeRetries)
                .readRepair(readRepair)
                .replicaChoice(replicaChoice, snitchBadnessThreshold);
    }
}
