package dev.pbs.montecarlo;

import dev.pbs.model.readpath.SpeculativeRetry;

/**
 * How often the reads of one R asked an extra replica, under a speculative retry setting.
 *
 * @param retry the setting
 * @param thresholdMillis the time after a read's start at which it asks the extra replica, ms (0
 *     for ALWAYS; +infinity when it never does, e.g. R = N, which leaves no replica to ask)
 * @param speculated the fraction of reads that asked it, with its 95% interval
 */
public record Speculation(SpeculativeRetry retry, double thresholdMillis, ProportionEstimate speculated) {}
