package dev.pbs.model.faults;

import dev.pbs.model.distribution.LatencyDistribution;

/**
 * A replica back from an outage of a given length, read at once: the probability that a read it
 * serves {@code tau} ms after its return sees a write made during the outage (writes spread evenly
 * over the outage). Closed form: {@code P = min(1, window / outage) * P(hint replay delay <= tau)}:
 * a write is hinted when the replica had been down for less than the hint window as it was made,
 * and each hinted write reaches the replica its replay delay after the return. Before its return
 * the replica serves nothing (reads go elsewhere); without a hint a write never reaches it.
 */
public final class HintedRecovery {

    private HintedRecovery() {}

    /**
     * @param outages the hint window and the replay delay
     * @param outageMillis how long the replica was down, ms; finite and above 0
     * @param sinceReturnMillis the time between its return and the read reaching it, ms; {@code >= 0}
     */
    public static double consistent(OutageProcess outages, double outageMillis, double sinceReturnMillis) {
        if (!(sinceReturnMillis >= 0) || Double.isInfinite(sinceReturnMillis)) {
            throw new IllegalArgumentException(
                    "the time since the replica returned must be finite and >= 0 ms, was " + sinceReturnMillis);
        }
        LatencyDistribution replay = outages.hintReplayDelay();
        return outages.hintedFraction(outageMillis) * replay.cumulativeProbability(sinceReturnMillis);
    }
}
