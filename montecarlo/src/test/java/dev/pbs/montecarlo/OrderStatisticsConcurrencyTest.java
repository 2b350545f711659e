package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The ranks' cache is filled by many threads at once (a service's live predictions and its
 * probes' comparisons), and emptied when full: that never blocks them.
 */
class OrderStatisticsConcurrencyTest {

    private static final int THREADS = 4;
    /** Levels per thread, each its own: the four together fill the cache (4,096) about eight times. */
    private static final int LEVELS = 8_000;

    @Test
    void ranks_manyThreadsFillingTheCacheAtOnce_allFinishWithTheSameRanksAsOneThread() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, runnable -> {
            Thread thread = new Thread(runnable, "order-statistics-test");
            thread.setDaemon(true); // a deadlocked thread must not hold the test JVM
            return thread;
        });
        try {
            List<Future<long[][]>> answers = new ArrayList<>();
            for (int thread = 0; thread < THREADS; thread++) {
                int offset = thread;
                answers.add(pool.submit(() -> ranksOf(offset)));
            }
            for (int thread = 0; thread < THREADS; thread++) {
                long[][] ranks = answers.get(thread).get(60, TimeUnit.SECONDS);
                long[][] alone = ranksOf(thread);
                for (int level = 0; level < LEVELS; level++) {
                    assertThat(ranks[level])
                            .as("thread %d, level %d", thread, level)
                            .containsExactly(alone[level]);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The ranks of thread {@code offset}'s levels: n from 200 to 1,000 samples, p from 0.5 to 0.999. */
    private static long[][] ranksOf(int offset) {
        long[][] ranks = new long[LEVELS][];
        for (int level = 0; level < LEVELS; level++) {
            long n = 200 + (level % 800);
            double p = 0.5 + 0.499 * (level * THREADS + offset) / (double) (LEVELS * THREADS);
            ranks[level] = OrderStatistics.ranks(n, p);
        }
        return ranks;
    }
}
