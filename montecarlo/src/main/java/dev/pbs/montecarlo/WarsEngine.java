package dev.pbs.montecarlo;

import java.util.List;

/**
 * The WARS Monte Carlo engine (Bailis et al., PVLDB 5(8), 2012, section 5), in the one-pass form:
 * each trial yields its consistency threshold t*, so one set of trials gives the whole
 * t-visibility curve, and every requested configuration is evaluated on the same draws. It runs
 * (R, W) configurations ({@link SimulationSpec}) and Cassandra's consistency levels across
 * datacenters ({@link LevelSimulationSpec}).
 *
 * <p>Determinism: the trials are cut into chunks of {@value #CHUNK_TRIALS}; chunk k draws from a
 * {@value #GENERATOR} seeded from (seed, k) alone. Workers take chunks in any order and sum integer
 * counts, so a seed gives the same numbers whatever the number of threads.
 */
public final class WarsEngine {

    /** Trials per chunk; part of the determinism contract (changing it changes the draws). */
    public static final int CHUNK_TRIALS = ChunkedRun.CHUNK_TRIALS;

    /**
     * The generator family every chunk draws from (docs/model.md, section 5, says why it is
     * sound); part of the determinism contract.
     */
    public static final String GENERATOR = ChunkedRun.GENERATOR;

    /** Mixed into the seed of a session simulation, so that it draws apart from the WARS run. */
    private static final long SESSION_SEED_MIX = 0x6A09E667F3BCC909L;

    /** Runs the simulation on {@code spec.threads()} threads and returns its results. */
    public SimulationResult run(SimulationSpec spec) {
        return run(spec, ProgressListener.NONE);
    }

    /** Runs the simulation, telling {@code listener} after every chunk how many trials are done. */
    public SimulationResult run(SimulationSpec spec, ProgressListener listener) {
        TrialPlan plan = new TrialPlan(spec, SpeculationThresholds.of(spec, this));
        if (spec.profile().faults().any()) {
            return runWithFaults(spec, plan, listener);
        }
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

    private static SimulationResult runWithFaults(SimulationSpec spec, TrialPlan plan, ProgressListener listener) {
        List<FaultSimulator> workers = ChunkedRun.run(
                spec.trials(),
                spec.seed(),
                spec.threads(),
                worker -> new FaultSimulator(
                        plan,
                        new Accumulator(plan),
                        new FaultCounts(plan),
                        new ReplicaFaults(spec.profile().faults(), plan.n)),
                plan.distributions,
                listener);
        Accumulator total = workers.get(0).accumulator();
        FaultCounts counts = workers.get(0).counts();
        for (int worker = 1; worker < workers.size(); worker++) {
            total.add(workers.get(worker).accumulator());
            counts.add(workers.get(worker).counts());
        }
        return SimulationResult.withFaults(spec, plan, total, counts);
    }

    /**
     * Simulates the session guarantees of every configuration of {@code spec}, with its read path,
     * on {@code spec.threads()} threads: monotonic reads and read-your-writes ({@link
     * SessionSimulator}). Its trials draw apart from the spec's own run (seed mixed).
     *
     * @throws IllegalArgumentException when the spec has what sessions do not model: a co-located
     *     coordinator, replicas across datacenters or non-expanding quorums
     */
    public SessionResult run(SimulationSpec spec, SessionSpec session) {
        TrialPlan plan = new TrialPlan(spec, SpeculationThresholds.of(spec, this));
        if (plan.coordinatorReplica || plan.crossesDatacenters || plan.nonExpanding) {
            throw new IllegalArgumentException("session guarantees are simulated for expanding quorums in one "
                    + "datacenter, with the coordinator apart from the replicas");
        }
        if (spec.profile().faults().any()) {
            throw new IllegalArgumentException("session guarantees are simulated for healthy replicas, without "
                    + "faults (" + spec.profile().faults().describe() + ")");
        }
        List<SessionSimulator> workers = ChunkedRun.run(
                session.trials(),
                spec.seed() ^ SESSION_SEED_MIX,
                spec.threads(),
                worker -> new SessionSimulator(plan, session),
                plan.distributions,
                ProgressListener.NONE);
        SessionSimulator total = workers.get(0);
        for (int worker = 1; worker < workers.size(); worker++) {
            total.add(workers.get(worker));
        }
        return SessionResult.from(spec, session, total);
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
