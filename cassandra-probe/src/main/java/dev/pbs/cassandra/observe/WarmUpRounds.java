package dev.pbs.cassandra.observe;

import dev.pbs.cassandra.cluster.ClusterWarmUp;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSettings;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Warms a cluster up before it is measured: rounds of {@link #ROUND} of the run's own workload
 * (the probe, and the observation beside it when there is one), their results discarded, until the
 * client's mean round trip of a round is within a factor of 1.2 of the round before's ({@link
 * ClusterWarmUp}): at least two rounds, at most {@link #MAXIMUM_ROUNDS}. Freshly started nodes
 * spend their first minutes compiling their hot paths, which would otherwise be in both the profile
 * and the observation. The round trip is the one timed beside the observed writes, or, without an
 * observation, the probe's refused requests.
 */
public final class WarmUpRounds {

    /** One round. */
    public static final Duration ROUND = Duration.ofSeconds(30);

    /** The most rounds. */
    public static final int MAXIMUM_ROUNDS = 10;

    private WarmUpRounds() {}

    /**
     * Runs the rounds.
     *
     * @param observation the observation made beside the probe, if any: each round observes as many
     *     writes as its pace sends in a round
     * @param progress told each round's mean round trip
     * @return the rounds run
     * @throws IllegalArgumentException as {@link ProbeRun#connect} and {@link ObservationWhileProbing#run} do
     */
    public static int run(
            ProbeSettings probe,
            Optional<ObservationSettings> observation,
            CoordinatorChoice choice,
            Consumer<String> progress) {
        return run(probe, observation, choice, ROUND, () -> false, progress);
    }

    /**
     * Runs rounds of {@code roundLength} (the service's probes choose theirs), until they settle or
     * {@code stop} says so.
     *
     * @throws CancellationException when {@code stop} said so before the rounds settled
     */
    public static int run(
            ProbeSettings probe,
            Optional<ObservationSettings> observation,
            CoordinatorChoice choice,
            Duration roundLength,
            BooleanSupplier stop,
            Consumer<String> progress) {
        ProbeSettings round = probe.withDuration(roundLength);
        return ClusterWarmUp.untilSettled(
                number -> {
                    if (stop.getAsBoolean()) {
                        throw new CancellationException("stopped while warming up");
                    }
                    try (ProbeRun run = ProbeRun.connect(round)) {
                        if (observation.isEmpty()) {
                            return run.run(stop).client().roundTrips().getMean() / 1000;
                        }
                        int writes = (int)
                                Math.max(10, Math.round(observation.get().writesPerSecond() * roundLength.toSeconds()));
                        return ObservationWhileProbing.run(
                                                run,
                                                observation.get().withWrites(writes),
                                                choice,
                                                roundLength,
                                                Duration.ZERO,
                                                stop)
                                        .observation()
                                        .clientGapMicros()
                                        .getMean()
                                / 1000;
                    }
                },
                MAXIMUM_ROUNDS,
                progress);
    }
}
