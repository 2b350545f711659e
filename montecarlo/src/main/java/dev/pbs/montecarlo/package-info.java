/**
 * The WARS Monte Carlo engine: typed {@link dev.pbs.montecarlo.SimulationSpec} in, {@link
 * dev.pbs.montecarlo.SimulationResult} out. No I/O, no framework.
 *
 * <pre>{@code
 * SimulationSpec spec = SimulationSpec.builder(BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
 *         .trials(1_000_000).seed(42).build();              // every (R, W) of N = 3
 * SimulationResult result = new WarsEngine().run(spec);
 * double window = result.configuration(1, 1).orElseThrow().window(0.999).valueMillis();
 * }</pre>
 */
package dev.pbs.montecarlo;
