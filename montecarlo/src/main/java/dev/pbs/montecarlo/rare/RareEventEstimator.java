package dev.pbs.montecarlo.rare;

import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * Estimates small probabilities of staleness, and the windows they set, by importance sampling of
 * the write delays' upper tails (model note, section 11): each trial draws every replica's W from
 * a {@link DefensiveTilt} in survival-probability space and carries the likelihood ratio
 * {@code w = prod_i 1 / g(v_i)}, so that for every t, {@code (1/n) sum_j w_j 1(t*_j > t)} is an
 * unbiased estimate of P(stale at t) whatever t is; one run serves every time and every level.
 *
 * <p>It runs rounds of chunks of {@value #CHUNK_TRIALS} trials (1, 1, 2, 2, 4, 4, 8, 8, then 16
 * chunks a round) until every target of the spec reaches its precision, or the trial budget or the
 * time limit is spent. Chunk k draws from a {@link WarsEngine#GENERATOR} seeded from (seed, k) alone,
 * apart from the plain engine's; workers simulate a round's chunks in parallel and their records
 * are added to the totals in chunk order, so that a seed gives the same figures, to the bit,
 * whatever the number of threads (unless the time limit stops the run).
 */
public final class RareEventEstimator {

    /** Trials per chunk; part of the determinism contract. */
    public static final int CHUNK_TRIALS = 1 << 14;
    /** A run stops no sooner than after this many chunks, so that no variance is read off a few trials. */
    static final int MIN_CHUNKS = 2;
    /**
     * P(stale at t) never observed in this many trials counts as beyond the estimator's reach: it
     * then stops waiting for it (the figure stays unresolved).
     */
    public static final long UNOBSERVED_TRIALS = 1L << 20;

    private static final int MAX_ROUND_CHUNKS = 16;
    /** A round's records take at most about this many bytes. */
    private static final long ROUND_BYTES = 1L << 26;
    /** Mixed into the seed, so that the trials draw apart from the plain engine's. */
    private static final long SEED_MIX = 0x3C6EF372FE94F82BL;

    private static final RandomGeneratorFactory<RandomGenerator> GENERATORS =
            RandomGeneratorFactory.of(WarsEngine.GENERATOR);

    /** Runs the estimator on {@code spec.simulation().threads()} threads. */
    public RareEventResult run(RareEventSpec spec) {
        SimulationSpec simulation = spec.simulation();
        List<QuorumConfiguration> configurations = targetConfigurations(spec);
        double[] grid = grid(spec);
        List<MessageDelays> delays = new ArrayList<>();
        for (int i = 0; i < simulation.n(); i++) {
            delays.add(simulation.profile().delaysOf(i));
        }
        DefensiveTilt tilt = new DefensiveTilt(spec.tiltedShare(), spec.smallestSurvival());
        int threads = simulation.threads();
        TiltedTrials[] workers = new TiltedTrials[threads];
        for (int worker = 0; worker < threads; worker++) {
            workers[worker] = new TiltedTrials(delays, tilt, simulation.readFanout(), configurations, grid);
        }
        WeightedThresholds[] totals = new WeightedThresholds[configurations.size()];
        for (int c = 0; c < totals.length; c++) {
            totals[c] = new WeightedThresholds(grid.length);
        }
        long bytesPerChunk = (long) CHUNK_TRIALS * (8 + 4L * configurations.size());
        int roundLimit = (int) Math.max(1, Math.min(MAX_ROUND_CHUNKS, ROUND_BYTES / bytesPerChunk));
        ChunkRecord[] records = new ChunkRecord[roundLimit];
        Rounds rounds = new Rounds(spec, workers, records, totals, configurations.size());
        ExecutorService pool = threads > 1
                ? Executors.newFixedThreadPool(threads, task -> {
                    Thread thread = new Thread(task, "rare-event-worker");
                    thread.setDaemon(true);
                    return thread;
                })
                : null;
        long started = System.nanoTime();
        StopReason reason;
        try {
            long chunk = 0;
            for (int round = 0; ; round++) {
                if (rounds.trials >= spec.maxTrials()) {
                    reason = StopReason.TRIAL_BUDGET;
                    break;
                }
                long remainingChunks = (spec.maxTrials() - rounds.trials + CHUNK_TRIALS - 1) / CHUNK_TRIALS;
                int size = (int) Math.min(Math.min(1 << Math.min(round / 2, 4), roundLimit), remainingChunks);
                rounds.run(pool, chunk, size, grid.length);
                chunk += size;
                if (chunk >= MIN_CHUNKS && settled(spec, totals, configurations, grid, rounds.trials)) {
                    reason = StopReason.SETTLED;
                    break;
                }
                if (!spec.timeLimit().isZero()
                        && System.nanoTime() - started >= spec.timeLimit().toNanos()) {
                    reason = StopReason.TIME_LIMIT;
                    break;
                }
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        List<RareConfigurationResult> results = new ArrayList<>();
        for (int c = 0; c < totals.length; c++) {
            results.add(new RareConfigurationResult(
                    configurations.get(c), totals[c], grid, rounds.trials, spec.relativeHalfWidth()));
        }
        return new RareEventResult(
                spec,
                rounds.trials,
                reason,
                results,
                ImportanceEstimate.of(rounds.weightSum, rounds.weightSquares, rounds.trials));
    }

    /** The configurations with a target, in the simulation's order. */
    private static List<QuorumConfiguration> targetConfigurations(RareEventSpec spec) {
        return spec.simulation().configurations().stream()
                .filter(configuration -> spec.targets().stream()
                        .anyMatch(target -> target.configuration().equals(configuration)))
                .toList();
    }

    /** The simulation's grid with the targets' times, ascending and distinct. */
    private static double[] grid(RareEventSpec spec) {
        TreeSet<Double> times = new TreeSet<>();
        for (double t : spec.simulation().visibilityGridMillis()) {
            times.add(t);
        }
        for (RareEventTarget target : spec.targets()) {
            if (target instanceof RareEventTarget.StaleAt stale) {
                times.add(stale.tMillis() + 0.0);
            }
        }
        return times.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * Whether every target is resolved, or (P(stale at t) only) was never observed in {@link
     * #UNOBSERVED_TRIALS} trials.
     */
    private static boolean settled(
            RareEventSpec spec,
            WeightedThresholds[] totals,
            List<QuorumConfiguration> configurations,
            double[] grid,
            long trials) {
        for (RareEventTarget target : spec.targets()) {
            WeightedThresholds thresholds = totals[configurations.indexOf(target.configuration())];
            if (target instanceof RareEventTarget.Window window) {
                if (!thresholds
                        .window(window.level(), trials, spec.relativeHalfWidth())
                        .resolved()) {
                    return false;
                }
            } else {
                double t = ((RareEventTarget.StaleAt) target).tMillis() + 0.0;
                ImportanceEstimate stale = thresholds.staleAtGridTime(Arrays.binarySearch(grid, t), trials);
                boolean unreachable = !stale.observed() && trials >= UNOBSERVED_TRIALS;
                if (!(stale.relativeHalfWidth() <= spec.relativeHalfWidth()) && !unreachable) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The generator of chunk {@code chunk}: a function of the seed and the chunk index only. */
    static RandomGenerator generatorFor(long seed, long chunk) {
        return GENERATORS.create(mix(mix(seed ^ SEED_MIX) + 0x9E3779B97F4A7C15L * (chunk + 1)));
    }

    /** SplitMix64's finaliser (Stafford's variant 13): a bijective 64-bit mix. */
    private static long mix(long value) {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The run's rounds: simulate a round's chunks in parallel, then add them up in chunk order. */
    private static final class Rounds {
        private final RareEventSpec spec;
        private final TiltedTrials[] workers;
        private final ChunkRecord[] records;
        private final WeightedThresholds[] totals;
        private final int configurations;
        long trials;
        double weightSum;
        double weightSquares;

        Rounds(
                RareEventSpec spec,
                TiltedTrials[] workers,
                ChunkRecord[] records,
                WeightedThresholds[] totals,
                int configurations) {
            this.spec = spec;
            this.workers = workers;
            this.records = records;
            this.totals = totals;
            this.configurations = configurations;
        }

        void run(ExecutorService pool, long firstChunk, int size, int gridLength) {
            int threads = workers.length;
            List<Callable<Void>> simulate = new ArrayList<>();
            for (int worker = 0; worker < threads; worker++) {
                int first = worker;
                simulate.add(() -> {
                    for (int k = first; k < size; k += threads) {
                        long chunk = firstChunk + k;
                        int chunkTrials = (int) Math.min(CHUNK_TRIALS, spec.maxTrials() - chunk * CHUNK_TRIALS);
                        if (records[k] == null) {
                            records[k] = new ChunkRecord(configurations, CHUNK_TRIALS);
                        }
                        workers[first].run(generatorFor(spec.simulation().seed(), chunk), chunkTrials, records[k]);
                    }
                    return null;
                });
            }
            execute(pool, simulate);
            List<Callable<Void>> add = new ArrayList<>();
            for (int worker = 0; worker < threads; worker++) {
                int first = worker;
                add.add(() -> {
                    for (int c = first; c < configurations; c += threads) {
                        for (int k = 0; k < size; k++) {
                            ChunkRecord record = records[k];
                            int[] locations = record.location[c];
                            for (int trial = 0; trial < record.trials; trial++) {
                                int location = locations[trial];
                                totals[c].add(
                                        ChunkRecord.position(location),
                                        ChunkRecord.cell(location),
                                        record.weight[trial]);
                            }
                        }
                    }
                    return null;
                });
            }
            execute(pool, add);
            for (int k = 0; k < size; k++) {
                ChunkRecord record = records[k];
                for (int trial = 0; trial < record.trials; trial++) {
                    double weight = record.weight[trial];
                    weightSum += weight;
                    weightSquares += weight * weight;
                }
                trials += record.trials;
            }
        }

        private static void execute(ExecutorService pool, List<Callable<Void>> tasks) {
            if (pool == null) {
                for (Callable<Void> task : tasks) {
                    try {
                        task.call();
                    } catch (RuntimeException | Error problem) {
                        throw problem;
                    } catch (Exception problem) {
                        throw new IllegalStateException(problem);
                    }
                }
                return;
            }
            try {
                for (Future<Void> done : pool.invokeAll(tasks)) {
                    done.get();
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("rare-event estimation interrupted", interrupted);
            } catch (ExecutionException failed) {
                Throwable cause = failed.getCause();
                if (cause instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (cause instanceof Error error) {
                    throw error;
                }
                throw new IllegalStateException(cause);
            }
        }
    }
}
