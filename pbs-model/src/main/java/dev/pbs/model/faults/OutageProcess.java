package dev.pbs.model.faults;

import dev.pbs.model.distribution.LatencyDistribution;
import java.util.Objects;

/**
 * Outages of one replica, with Cassandra's hinted handoff. The replica is up for a time between
 * failures, down for an outage, up again, and so on, each length drawn afresh (an alternating
 * renewal process). While it is down:
 * <ul>
 *   <li>writes skip it and count only the other replicas' acknowledgements; the coordinator keeps a
 *       hint of each write if the replica has been down for less than {@code hintWindowMillis}
 *       (Cassandra's {@code max_hint_window}) when the write is made;</li>
 *   <li>reads do not ask it (the coordinator knows it is down; Cassandra's failure detector takes a
 *       few seconds to notice, which is not modelled).</li>
 * </ul>
 * When it returns it serves reads at once; each hinted write reaches it {@code hintReplayDelay}
 * after its return, and a write made without a hint never does (until a repair, not modelled).
 *
 * @param timeBetweenFailures how long the replica stays up between outages, ms; a finite mean
 * @param duration how long an outage lasts, ms; a finite mean above 0
 * @param hintWindowMillis hints are kept for writes made while the replica has been down for less
 *     than this, ms; {@code >= 0} (Cassandra's default {@code max_hint_window} is 3 h)
 * @param hintReplayDelay from the replica's return until one hinted write reaches it, ms
 */
public record OutageProcess(
        LatencyDistribution timeBetweenFailures,
        LatencyDistribution duration,
        double hintWindowMillis,
        LatencyDistribution hintReplayDelay) {

    /** Cassandra's default {@code max_hint_window}: 3 hours, in ms. */
    public static final double DEFAULT_HINT_WINDOW_MILLIS = 3 * 3600_000.0;

    public OutageProcess {
        Objects.requireNonNull(timeBetweenFailures, "the time between failures is missing");
        Objects.requireNonNull(duration, "the outage duration is missing");
        Objects.requireNonNull(hintReplayDelay, "the hint replay delay is missing");
        FaultParameters.requireFiniteMean("the time between failures", timeBetweenFailures);
        FaultParameters.requirePositiveMean("the outage duration", duration);
        if (!(hintWindowMillis >= 0) || Double.isInfinite(hintWindowMillis)) {
            throw new IllegalArgumentException("the hint window must be finite and >= 0 ms, was " + hintWindowMillis);
        }
    }

    /** The long-run fraction of time the replica is down: E[duration] / (E[up] + E[duration]). */
    public double fractionDown() {
        return duration.meanMillis() / (timeBetweenFailures.meanMillis() + duration.meanMillis());
    }

    /**
     * The fraction of the writes made during an outage of {@code outageMillis} that are hinted,
     * writes spread evenly over the outage: {@code min(1, window / outage)}.
     */
    public double hintedFraction(double outageMillis) {
        if (!(outageMillis > 0) || Double.isInfinite(outageMillis)) {
            throw new IllegalArgumentException("the outage must be finite and > 0 ms, was " + outageMillis);
        }
        return Math.min(1.0, hintWindowMillis / outageMillis);
    }

    /** One line for people. */
    public String describe() {
        return "outages of " + duration.describe() + " after up for " + timeBetweenFailures.describe()
                + ", hints kept for writes in the first "
                + new java.math.BigDecimal(hintWindowMillis)
                        .stripTrailingZeros()
                        .toPlainString()
                + " ms of an outage, replayed " + hintReplayDelay.describe() + " after the return";
    }
}
