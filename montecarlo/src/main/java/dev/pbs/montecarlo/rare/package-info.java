/**
 * The rare-event estimator: P(stale at t) down to 1e-9 and below, and windows at p = 0.99999 and
 * beyond, by importance sampling of the write delays' upper tails (model note, section 11). Plain
 * Monte Carlo needs about 400 / (1 - p) trials for a window whose P(stale) is known to 10%; this
 * needs a few hundred thousand to a few million, whatever p.
 *
 * <pre>{@code
 * SimulationSpec simulation = SimulationSpec.builder(BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
 *         .seed(42).build();
 * QuorumConfiguration oneOne = QuorumConfiguration.of(3, 1, 1);
 * RareEventResult result = new RareEventEstimator().run(RareEventSpec.of(simulation,
 *         List.of(new RareEventTarget.Window(oneOne, 0.999999))));
 * ImportanceWindow window = result.configuration(oneOne).orElseThrow().window(0.999999);
 * double millis = window.window().valueMillis();          // about 5.2 s: lnkd-disk's W is heavy-tailed
 * double ess = window.staleBefore().effectiveSampleSize(); // about 400 or more: a 10% interval
 * }</pre>
 *
 * <p>It depends on the engine's specs and results only ({@link dev.pbs.montecarlo.SimulationSpec},
 * {@link dev.pbs.montecarlo.QuantileEstimate}); the engine does not depend on it.
 */
package dev.pbs.montecarlo.rare;
