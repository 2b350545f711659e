package dev.pbs.montecarlo;

import java.util.random.RandomGenerator;

/**
 * Blocking read repair, at every time of the grid and for every configuration whose reads keep
 * two or more answers: a read repairs when some kept answer is fresh at t and some is not (all
 * stale answers agree with each other), and waits for the slowest repair of a stale one. Counts
 * into its worker's {@link Accumulator}; no allocation per trial.
 */
final class ReadRepairs {

    private final TrialPlan plan;
    private final Accumulator accumulator;
    private final RepairDraws draws;
    private final int[] readOrder;
    private final double[] gap;
    private final double[] commit;
    /** The speculation that chose the kept answers, or null: the first R of the read order. */
    private final SpeculativeReads speculation;
    /** Per R (0-based) and kept answer: its gap, and the time to repair its replica. */
    private final double[][] keptGap;

    private final double[][] keptCost;

    /**
     * @param readOrder the current read's order of replicas (read)
     * @param gap each replica's {@code W - R} (read)
     * @param commit the W-th acknowledgement time, per W (read)
     */
    ReadRepairs(
            TrialPlan plan,
            Accumulator accumulator,
            int block,
            int[] readOrder,
            double[] gap,
            double[] commit,
            SpeculativeReads speculation) {
        this.plan = plan;
        this.accumulator = accumulator;
        this.draws = new RepairDraws(plan, block);
        this.readOrder = readOrder;
        this.gap = gap;
        this.commit = commit;
        this.speculation = speculation;
        this.keptGap = new double[plan.n][plan.n];
        this.keptCost = new double[plan.n][plan.n];
    }

    /** Builds the repair's samplers for a chunk from its auxiliary generator. */
    void start(RandomGenerator auxiliary) {
        draws.start(auxiliary);
    }

    /** Draws the repairs' delays of the next block of {@code size} trials. */
    void fill(int size) {
        draws.fill(size);
    }

    /**
     * Counts trial {@code trial}'s repairs.
     *
     * @param readCoordinator the replica the read coordinator runs on, or -1
     * @param readDatacenter the read coordinator's datacenter
     */
    void record(int trial, int readCoordinator, int readDatacenter) {
        draws.costs(trial, readCoordinator, readDatacenter);
        for (int k = 1; k < plan.maxRead; k++) {
            if (!plan.readNeeded[k]) {
                continue;
            }
            for (int j = 0; j <= k; j++) {
                int replica = speculation == null ? readOrder[j] : speculation.keptReplica(k, j);
                keptGap[k][j] = speculation == null ? gap[replica] : speculation.keptGap(k, replica);
                keptCost[k][j] = draws.cost(replica);
            }
        }
        for (int c = 0; c < plan.configurationCount; c++) {
            int k = plan.readIndex[c];
            if (k == 0) {
                continue;
            }
            double committed = commit[plan.writeIndex[c]];
            double[] gaps = keptGap[k];
            double[] costs = keptCost[k];
            long[] repairs = accumulator.repairs[c];
            long[] nanos = accumulator.repairNanos[c];
            for (int g = 0; g < plan.grid.length; g++) {
                double t = plan.grid[g];
                boolean fresh = false;
                double slowest = -1;
                for (int j = 0; j <= k; j++) {
                    if (gaps[j] - committed <= t) {
                        fresh = true;
                    } else {
                        slowest = Math.max(slowest, costs[j]);
                    }
                }
                if (fresh && slowest >= 0) {
                    repairs[g]++;
                    nanos[g] += Math.round(slowest * 1e6);
                }
            }
        }
    }
}
