package dev.pbs.cassandra.observe;

import dev.pbs.montecarlo.ProportionEstimate;

/**
 * Observed and predicted P(consistent) at one delay after the write's acknowledgement.
 *
 * @param tMillis the nominal delay, from the client receiving the acknowledgement to it sending the read
 * @param observed fresh reads out of reads answered, with its 95% Wilson interval
 * @param predicted the engine's P(consistent) from the measured profile, averaged over the measured
 *     client gap: the mean of P(consistent at t + gap)
 * @param predictedWithoutGap the engine's P(consistent at t) alone, as if the read reached its
 *     coordinator the moment the write committed there
 * @param meanLagMillis how late, on average, reads were actually sent after their nominal time
 */
public record ObservedPoint(double tMillis, ProportionEstimate observed, double predicted, double predictedWithoutGap,
                            double meanLagMillis) {
}
