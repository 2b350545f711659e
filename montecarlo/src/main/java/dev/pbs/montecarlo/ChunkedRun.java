package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencyDistribution;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * Runs a simulation's trials in chunks of {@value #CHUNK_TRIALS} on worker threads. Chunk k draws
 * from a {@value #GENERATOR} seeded from (seed, k) alone; workers take chunks in any order
 * and keep integer counts that the caller sums, so a seed gives the same numbers whatever the
 * number of threads.
 */
final class ChunkedRun {

    /** Trials per chunk; part of the determinism contract (changing it changes the draws). */
    static final int CHUNK_TRIALS = 1 << 14;

    static final String GENERATOR = "Xoroshiro128PlusPlus";

    private static final RandomGeneratorFactory<RandomGenerator> GENERATORS = RandomGeneratorFactory.of(GENERATOR);

    /** One worker's simulator: runs a chunk's trials into its own totals. Not thread-safe. */
    interface Worker {
        /**
         * @param random the chunk's generator, for the trials' delays
         * @param auxiliary a second generator of the chunk, independent of the first, for draws
         *     that some runs make and others do not (blocking read repair's writes), so that those
         *     leave every other figure of the run as it would be without them
         */
        void run(RandomGenerator random, RandomGenerator auxiliary, int trials);
    }

    /** Mixed into the seed of each chunk's auxiliary generator. */
    private static final long AUXILIARY_SEED_MIX = 0x2545F4914F6CDD1DL;

    private ChunkedRun() {}

    /**
     * Runs {@code trials} trials on at most {@code threads} workers made by {@code newWorker}, and
     * returns the workers (whose totals the caller adds up).
     *
     * @param distributions every distribution the trials draw from: each worker builds their
     *     sampling tables first, starting at a different one, so they are built in parallel
     */
    static <T extends Worker> List<T> run(
            long trials,
            long seed,
            int threads,
            IntFunction<T> newWorker,
            List<LatencyDistribution> distributions,
            ProgressListener listener) {
        long chunks = (trials + CHUNK_TRIALS - 1) / CHUNK_TRIALS;
        int workerCount = (int) Math.min(threads, chunks);
        List<T> workers = new ArrayList<>();
        for (int worker = 0; worker < workerCount; worker++) {
            workers.add(newWorker.apply(worker));
        }
        AtomicLong nextChunk = new AtomicLong();
        AtomicLong completed = new AtomicLong();
        if (workerCount == 1) {
            // A small run has one worker, but the tables are still built in parallel when threads
            // allow: a helper starts at the second distribution while the worker builds the first.
            if (threads > 1 && distributions.size() > 1) {
                Thread helper = new Thread(
                        () -> {
                            try {
                                prepareSamplers(distributions, 1);
                            } catch (RuntimeException problem) {
                                // The worker builds the same tables, and reports the same problem.
                            }
                        },
                        "wars-tables");
                helper.setDaemon(true);
                helper.start();
            }
            prepareSamplers(distributions, 0);
            work(workers.get(0), trials, seed, nextChunk, chunks, completed, listener);
            return workers;
        }
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> running = new ArrayList<>();
        for (T worker : workers) {
            int number = running.size();
            Thread thread = new Thread(
                    () -> {
                        try {
                            prepareSamplers(distributions, number);
                            work(worker, trials, seed, nextChunk, chunks, completed, listener);
                        } catch (Throwable problem) {
                            failure.compareAndSet(null, problem);
                            nextChunk.set(Long.MAX_VALUE / 2);
                        }
                    },
                    "wars-worker-" + number);
            thread.setDaemon(true);
            running.add(thread);
            thread.start();
        }
        try {
            for (Thread thread : running) {
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
        return workers;
    }

    /**
     * Builds the distributions' sampling tables (a tenth of a second for a mixture), each worker
     * starting at a different one, so that they are built in parallel rather than one after the
     * other by whichever worker needs them first.
     */
    private static void prepareSamplers(List<LatencyDistribution> distributions, int worker) {
        RandomGenerator unused = generatorFor(0, 0);
        for (int k = 0; k < distributions.size(); k++) {
            distributions.get((k + worker) % distributions.size()).sampler(unused);
        }
    }

    private static void work(
            Worker worker,
            long trials,
            long seed,
            AtomicLong nextChunk,
            long chunks,
            AtomicLong completed,
            ProgressListener listener) {
        long chunk;
        while ((chunk = nextChunk.getAndIncrement()) < chunks) {
            long first = chunk * CHUNK_TRIALS;
            int size = (int) Math.min(CHUNK_TRIALS, trials - first);
            worker.run(generatorFor(seed, chunk), generatorFor(seed ^ AUXILIARY_SEED_MIX, chunk), size);
            listener.progressed(completed.addAndGet(size), trials);
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
