package dev.pbs.cli;

import dev.pbs.questions.PredictionQuestionBuilder;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code pbs predict}'s fault options: pauses, outages with hinted handoff, and a recovery curve. */
final class FaultCommandOptions {

    @Option(
            names = "--pause-every",
            paramLabel = "MS",
            description = "Stop-the-world pauses of the faulty replicas: ms from the start of one pause to the start "
                    + "of the next (with --pause-for). A message reaching a paused replica is handled when the "
                    + "pause ends.")
    private Double pauseEveryMillis;

    @Option(names = "--pause-for", paramLabel = "MS", description = "Each pause's length, ms (with --pause-every).")
    private Double pauseForMillis;

    @Option(
            names = "--pause-timing",
            paramLabel = "regular|random",
            description = "regular: the running time between pauses is constant; random: exponential with the "
                    + "same mean (default: regular).")
    private String pauseTiming;

    @Option(
            names = "--outage-every",
            paramLabel = "MS",
            description = "Outages of the faulty replicas: mean ms a replica stays up between outages "
                    + "(exponential; with --outage-for). Writes skip a down replica and leave it a hint; reads "
                    + "avoid it.")
    private Double outageEveryMillis;

    @Option(names = "--outage-for", paramLabel = "MS", description = "Each outage's length, ms (with --outage-every).")
    private Double outageForMillis;

    @Option(
            names = "--hint-window",
            paramLabel = "MS",
            description = "Cassandra's max_hint_window: writes made while a replica has been down longer get no "
                    + "hint and stay missing until repair (default: the profile's, else 10800000, 3 h).")
    private Double hintWindowMillis;

    @Option(
            names = "--hint-replay",
            paramLabel = "MS",
            description = "ms from a replica's return until a write hinted during its outage reaches it (default: "
                    + "the profile's; required with --outage-every otherwise).")
    private Double hintReplayMillis;

    @Option(
            names = "--faulty-replicas",
            paramLabel = "I",
            split = ",",
            description = "The replicas the faults strike, numbered from 1 (default: the profile's, else every one).")
    private List<Long> faultyReplicas;

    @Option(names = "--healthy", description = "Simulate healthy replicas, without the profile's faults.")
    private boolean healthy;

    @Option(
            names = "--recovery-outage",
            paramLabel = "MS",
            description = "Also report a replica's recovery from an outage this long: P(a ONE read it serves sees a "
                    + "write made during the outage) at each --recovery-times after its return.")
    private Double recoveryOutageMillis;

    @Option(
            names = "--recovery-times",
            paramLabel = "MS",
            split = ",",
            description = "ms since the replica's return, with --recovery-outage (default: "
                    + "0,1000,2000,5000,10000,20000,30000,60000).")
    private List<Double> recoveryTimes;

    /** Gives the options to a question being built. */
    PredictionQuestionBuilder applyTo(PredictionQuestionBuilder question) {
        return question.pauses(pauseEveryMillis, pauseForMillis, pauseTiming)
                .outages(outageEveryMillis, outageForMillis, hintWindowMillis, hintReplayMillis)
                .faultyReplicas(faultyReplicas)
                .healthy(healthy)
                .recovery(recoveryOutageMillis, recoveryTimes);
    }
}
