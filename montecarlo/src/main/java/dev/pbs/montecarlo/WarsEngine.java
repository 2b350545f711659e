package dev.pbs.montecarlo;

import java.util.List;

/**
 * The WARS Monte Carlo engine (Bailis et al., PVLDB 5(8), 2012, section 5), in the one-pass form:
 * each trial yields its consistency threshold t*, so one set of trials gives the whole
 * t-visibility curve, and every requested configuration is evaluated on the same draws. It runs
 * (R, W) configurations ({@link SimulationSpec}) and Cassandra's consistency levels across
 * datacenters ({@link LevelSimulationSpec}).
 *
 * <p>Determinism: the trials are cut into chunks of {@value #CHUNK_TRIALS}; chunk k draws from an
 * {@code L64X128MixRandom} seeded from (seed, k) alone. Workers take chunks in any order and sum
 * integer counts, so a seed gives the same numbers whatever the number of threads.
 */
public final class WarsEngine {

    /** Trials per chunk; part of the determinism contract (changing it changes the draws). */
    public static final int CHUNK_TRIALS = ChunkedRun.CHUNK_TRIALS;

    /** Runs the simulation on {@code spec.threads()} threads and returns its results. */
    public SimulationResult run(SimulationSpec spec) {
        return run(spec, ProgressListener.NONE);
    }

    /** Runs the simulation, telling {@code listener} after every chunk how many trials are done. */
    public SimulationResult run(SimulationSpec spec, ProgressListener listener) {
        TrialPlan plan = new TrialPlan(spec, SpeculationThresholds.of(spec, this));
        List<ChunkSimulator> workers = ChunkedRun.run(
                spec.trials(),
                spec.seed(),
                spec.threads(),
                worker -> new ChunkSimulator(plan, new Accumulator(plan)),
                plan.distributions,
                listener);
        Accumulator total = workers.get(0).accumulator();
        for (int worker = 1; worker < workers.size(); worker++) {
            total.add(workers.get(worker).accumulator());
        }
        return SimulationResult.from(spec, plan, total);
    }

    /** Runs a multi-datacenter simulation of consistency levels and returns its results. */
    public LevelSimulationResult run(LevelSimulationSpec spec) {
        return run(spec, ProgressListener.NONE);
    }

    /** Runs a multi-datacenter simulation, telling {@code listener} after every chunk. */
    public LevelSimulationResult run(LevelSimulationSpec spec, ProgressListener listener) {
        LevelTrialPlan plan = new LevelTrialPlan(spec);
        List<LevelChunkSimulator> workers = ChunkedRun.run(
                spec.trials(),
                spec.seed(),
                spec.threads(),
                worker -> new LevelChunkSimulator(plan, new LevelAccumulator(plan)),
                plan.distributions,
                listener);
        LevelAccumulator total = workers.get(0).accumulator();
        for (int worker = 1; worker < workers.size(); worker++) {
            total.add(workers.get(worker).accumulator());
        }
        return LevelSimulationResult.from(spec, plan, total);
    }
}
