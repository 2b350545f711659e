/**
 * The PBS model (Bailis et al., PVLDB 5(8), 2012): quorum configurations, latency distributions
 * and profiles, closed forms, and fitting the paper's parametric forms to measured delays. Pure
 * mathematics: no files, no frameworks.
 *
 * <p>Example: the probability that N=3, R=W=1 returns a value more than two versions old.
 * <pre>{@code
 * double stale = VersionStaleness.probabilityOlderThanVersions(QuorumConfiguration.of(3, 1, 1), 2);
 * // (2/3)^2 = 0.4444
 * }</pre>
 */
package dev.pbs.model;
