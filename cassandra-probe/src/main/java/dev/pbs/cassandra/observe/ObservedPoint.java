package dev.pbs.cassandra.observe;

import dev.pbs.montecarlo.ProportionEstimate;

/**
 * Observed and predicted P(consistent) at one delay after the write's acknowledgement.
 *
 * @param tMillis the nominal delay, from the client receiving the acknowledgement to it sending the read
 * @param observed fresh reads out of reads answered, with its 95% Wilson interval
 * @param predicted P(t* &lt;= t + lag + gap): the engine's time to consistency t* against t, this
 *     point's mean send lag and the client's round trip measured beside the writes, the round trip
 *     coupled with t* as the probe measured the client's part of an operation coupled with the
 *     coordinator's ({@link ClientTimeOrigin})
 * @param meanLagMillis how late, on average, reads were actually sent after their nominal time
 */
public record ObservedPoint(double tMillis, ProportionEstimate observed, double predicted, double meanLagMillis) {}
