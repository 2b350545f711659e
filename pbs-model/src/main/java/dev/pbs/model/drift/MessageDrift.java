package dev.pbs.model.drift;

import dev.pbs.model.profile.WarsMessage;

/**
 * One message's latest delays against its reference.
 *
 * @param message W, A, R or S
 * @param statistic the Kolmogorov-Smirnov distance D: the largest gap between the two cumulative
 *     distribution functions, in [0, 1]
 * @param pValue P(a distance at least D between two samples of these sizes from one distribution),
 *     asymptotic
 * @param latestSamples the latest distribution's sample count
 * @param referenceSamples the sample count the test credits the reference with: its largest single
 *     distribution's, so that pooling overlapping windows cannot make the test overconfident
 * @param latestMedianMillis the latest median delay, ms
 * @param referenceMedianMillis the reference's median, ms
 * @param latestP99Millis the latest 99th percentile, ms
 * @param referenceP99Millis the reference's 99th percentile, ms
 * @param referenceSpread the median distance of the reference's distributions from their mixture:
 *     how much the reference itself varies (0 with one reference distribution)
 * @param moved whether the delays moved: {@code pValue < }{@value DelayDrift#SIGNIFICANCE}, {@code
 *     statistic >= }{@value DelayDrift#MINIMUM_DISTANCE} and {@code statistic >= referenceSpread +
 *     }{@value DelayDrift#MARGIN}
 */
public record MessageDrift(
        WarsMessage message,
        double statistic,
        double pValue,
        long latestSamples,
        long referenceSamples,
        double latestMedianMillis,
        double referenceMedianMillis,
        double latestP99Millis,
        double referenceP99Millis,
        double referenceSpread,
        boolean moved) {}
