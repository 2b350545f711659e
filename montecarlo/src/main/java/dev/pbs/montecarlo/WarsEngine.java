package dev.pbs.montecarlo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * The WARS Monte Carlo engine (Bailis et al., PVLDB 5(8), 2012, section 5), in the one-pass form:
 * each trial yields its consistency threshold t*, so one set of trials gives the whole
 * t-visibility curve, and every requested (R, W) is evaluated on the same draws.
 *
 * <p>Determinism: the trials are cut into chunks of {@value #CHUNK_TRIALS}; chunk k draws from an
 * {@code L64X128MixRandom} seeded from (seed, k) alone. Workers take chunks in any order and sum
 * integer counts, so a seed gives the same numbers whatever the number of threads.
 */
public final class WarsEngine {

    /** Trials per chunk; part of the determinism contract (changing it changes the draws). */
    public static final int CHUNK_TRIALS = 1 << 14;

    static final String GENERATOR = "L64X128MixRandom";

    private static final RandomGeneratorFactory<RandomGenerator> GENERATORS = RandomGeneratorFactory.of(GENERATOR);

    /** Runs the simulation on {@code spec.threads()} threads and returns its results. */
    public SimulationResult run(SimulationSpec spec) {
        return run(spec, ProgressListener.NONE);
    }

    /** Runs the simulation, telling {@code listener} after every chunk how many trials are done. */
    public SimulationResult run(SimulationSpec spec, ProgressListener listener) {
        AtomicLong completed = new AtomicLong();
        TrialPlan plan = new TrialPlan(spec);
        long chunks = (spec.trials() + CHUNK_TRIALS - 1) / CHUNK_TRIALS;
        int workers = (int) Math.min(spec.threads(), chunks);
        AtomicLong nextChunk = new AtomicLong();
        List<Accumulator> accumulators = new ArrayList<>();
        for (int worker = 0; worker < workers; worker++) {
            accumulators.add(new Accumulator(plan));
        }
        if (workers == 1) {
            work(plan, spec, accumulators.get(0), nextChunk, chunks, completed, listener);
        } else {
            runInParallel(plan, spec, accumulators, nextChunk, chunks, completed, listener);
        }
        Accumulator total = accumulators.get(0);
        for (int worker = 1; worker < workers; worker++) {
            total.add(accumulators.get(worker));
        }
        return SimulationResult.from(spec, total);
    }

    private static void runInParallel(
            TrialPlan plan,
            SimulationSpec spec,
            List<Accumulator> accumulators,
            AtomicLong nextChunk,
            long chunks,
            AtomicLong completed,
            ProgressListener listener) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (Accumulator accumulator : accumulators) {
            int worker = threads.size();
            Thread thread = new Thread(
                    () -> {
                        try {
                            prepareSamplers(plan, worker);
                            work(plan, spec, accumulator, nextChunk, chunks, completed, listener);
                        } catch (Throwable problem) {
                            failure.compareAndSet(null, problem);
                            nextChunk.set(Long.MAX_VALUE / 2);
                        }
                    },
                    "wars-worker-" + threads.size());
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        try {
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException interrupted) {
            nextChunk.set(Long.MAX_VALUE / 2);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("simulation interrupted", interrupted);
        }
        Throwable problem = failure.get();
        if (problem instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (problem instanceof Error error) {
            throw error;
        }
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
    }

    /**
     * Builds the distributions' sampling tables (a tenth of a second for a mixture), each worker
     * starting at a different one, so that they are built in parallel rather than one after the
     * other by whichever worker needs them first.
     */
    private static void prepareSamplers(TrialPlan plan, int worker) {
        List<dev.pbs.model.distribution.LatencyDistribution> distributions = plan.distributions;
        RandomGenerator unused = generatorFor(0, 0);
        for (int k = 0; k < distributions.size(); k++) {
            distributions.get((k + worker) % distributions.size()).sampler(unused);
        }
    }

    private static void work(
            TrialPlan plan,
            SimulationSpec spec,
            Accumulator accumulator,
            AtomicLong nextChunk,
            long chunks,
            AtomicLong completed,
            ProgressListener listener) {
        ChunkSimulator simulator = new ChunkSimulator(plan, accumulator);
        long chunk;
        while ((chunk = nextChunk.getAndIncrement()) < chunks) {
            long first = chunk * CHUNK_TRIALS;
            int size = (int) Math.min(CHUNK_TRIALS, spec.trials() - first);
            simulator.run(generatorFor(spec.seed(), chunk), size);
            listener.progressed(completed.addAndGet(size), spec.trials());
        }
    }

    /** The generator of chunk {@code chunk}: a function of the seed and the chunk index only. */
    static RandomGenerator generatorFor(long seed, long chunk) {
        return GENERATORS.create(mix(mix(seed) + 0x9E3779B97F4A7C15L * (chunk + 1)));
    }

    /** SplitMix64's finaliser (Stafford's variant 13): a bijective 64-bit mix. */
    static long mix(long value) {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
