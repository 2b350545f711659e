package dev.pbs.cassandra.cluster;

import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntToDoubleFunction;

/**
 * Warms a cluster up until the client's round trip settles. A cluster just started, or with a
 * node just restarted, is slower and changing for its first minutes (compilation, first flushes),
 * as a user's cluster, running long before the probe, is not; a profile and an observation that
 * mix the slow minutes with the fast ones do not describe each other.
 */
public final class ClusterWarmUp {

    /**
     * Settled: a round's mean round trip within a factor of 1.2 of the round before's, either way:
     * a round trip still falling fast is not settled, and neither is one that rose, as it can on a
     * cluster started moments before.
     */
    private static final double SETTLED_RATIO = 1.2;

    private ClusterWarmUp() {}

    /**
     * Runs rounds of discarded work until the client's mean round trip has settled: at least two
     * rounds, at most {@code maximumRounds}.
     *
     * @param round runs round number {@code round} (from 1) and returns its mean client round trip, ms
     * @param progress told each round's mean round trip
     * @return the rounds run
     */
    public static int untilSettled(IntToDoubleFunction round, int maximumRounds, Consumer<String> progress) {
        double previous = Double.POSITIVE_INFINITY;
        for (int number = 1; number <= maximumRounds; number++) {
            double roundTrip = round.applyAsDouble(number);
            progress.accept(
                    String.format(Locale.ROOT, "warm-up round %d: mean client round trip %.2f ms", number, roundTrip));
            if (number >= 2 && roundTrip * SETTLED_RATIO >= previous && roundTrip <= previous * SETTLED_RATIO) {
                return number;
            }
            previous = roundTrip;
        }
        return maximumRounds;
    }
}
