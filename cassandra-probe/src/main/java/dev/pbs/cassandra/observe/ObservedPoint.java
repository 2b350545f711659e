package dev.pbs.cassandra.observe;

import dev.pbs.montecarlo.ProportionEstimate;

/**
 * Observed and predicted P(consistent) at one delay after the write's acknowledgement.
 *
 * @param tMillis the nominal delay
 * @param observed fresh reads out of reads answered, with its 95% Wilson interval
 * @param predicted the engine's P(consistent at t) from the measured profile, with its interval
 * @param meanLagMillis how late, on average, reads were actually sent after their nominal time
 */
public record ObservedPoint(double tMillis, ProportionEstimate observed, ProportionEstimate predicted,
                            double meanLagMillis) {
}
