package dev.pbs.cassandra.observe;

import dev.pbs.montecarlo.ProportionEstimate;

/**
 * Observed and predicted P(consistent) at one delay after the write's acknowledgement.
 *
 * @param tMillis the nominal delay, from the client receiving the acknowledgement to it sending the read
 * @param observed fresh reads out of reads answered, with its 95% Wilson interval
 * @param predicted the prediction the RMSE compares with: one of {@code predictedWithoutGap}, {@code predictedWithGap} and
 *     {@code predictedWithLatencyOffset}
 * @param predictedWithoutGap the engine's P(consistent at t) alone, as if the read left its
 *     coordinator the moment the write committed
 * @param predictedWithGap the engine's P(consistent at t + gap) over the measured client round trips,
 *     with the round trip coupled to the time to consistency as the client's part of an operation
 *     is to the coordinator's ({@link ClientTimeOrigin})
 * @param predictedWithIndependentGap the same with the round trip independent of the time to
 *     consistency: the mean of P(consistent at t + gap) over the measured round trips (equal to
 *     {@code predictedWithGap} when the coupling is 0)
 * @param predictedWithLatencyOffset the engine's P(consistent at t + offset + lag), with the
 *     offset from latencies ({@link ClientGapCorrection#LATENCY}) and this point's mean lag
 * @param meanLagMillis how late, on average, reads were actually sent after their nominal time
 */
public record ObservedPoint(
        double tMillis,
        ProportionEstimate observed,
        double predicted,
        double predictedWithoutGap,
        double predictedWithGap,
        double predictedWithIndependentGap,
        double predictedWithLatencyOffset,
        double meanLagMillis) {}
