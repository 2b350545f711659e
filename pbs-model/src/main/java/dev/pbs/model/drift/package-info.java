/**
 * Whether measured delays moved: each message's latest distribution against a reference (for
 * example the last week's), by a two-sample Kolmogorov-Smirnov test ({@link
 * dev.pbs.model.drift.DelayDrift}).
 */
package dev.pbs.model.drift;
