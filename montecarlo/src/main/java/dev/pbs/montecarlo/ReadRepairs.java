package dev.pbs.montecarlo;

import java.util.random.RandomGenerator;

/**
 * Read repair as Cassandra does it, at every time of the grid and for every configuration whose
 * reads keep two or more answers. The first round's answers are one data and R - 1 digests; when
 * they disagree (some kept answer fresh at t and some not: a digest mismatch), the coordinator
 * reads the full data again from the same replicas, each request leaving when the first round
 * ends. With {@code read_repair} BLOCKING it then writes the newest value to every replica that
 * was still stale when that second request reached it, and answers once they have acknowledged
 * (a replica that received the write in between needs no repair); with NONE it answers after the
 * second round and writes nothing. The time a mismatching read adds
 * is its second round (the slowest {@code R' + S'}) plus, when it repaired, the slowest repair
 * ({@code W'' + A''}). Counts into its worker's {@link Accumulator}; no allocation per trial.
 */
final class ReadRepairs {

    private final TrialPlan plan;
    private final Accumulator accumulator;
    private final RepairDraws draws;
    private final int[] readOrder;
    private final double[] gap;
    private final double[] writtenAt;
    private final double[] commit;
    private final double[] readLatency;
    /** The speculation that chose the kept answers, or null: the first R of the read order. */
    private final SpeculativeReads speculation;
    /**
     * Per R (0-based) and kept answer: its gap ({@code W - R}), when the write reached its replica
     * ({@code W}), when the full data read reaches it after the first round ({@code R'}) and the
     * time to repair it ({@code W'' + A''}).
     */
    private final double[][] keptGap;

    private final double[][] keptWrite;
    private final double[][] keptRequest;
    private final double[][] keptCost;
    /** Per R (0-based): the second round's duration, the slowest kept {@code R' + S'}. */
    private final double[] secondRound;

    /**
     * @param readOrder the current read's order of replicas (read)
     * @param gap each replica's {@code W - R} (read)
     * @param writtenAt each replica's {@code W}, ms after the write started (read)
     * @param commit the W-th acknowledgement time, per W (read)
     * @param readLatency the first round's latency, per R (read)
     */
    ReadRepairs(
            TrialPlan plan,
            Accumulator accumulator,
            int block,
            int[] readOrder,
            double[] gap,
            double[] writtenAt,
            double[] commit,
            double[] readLatency,
            SpeculativeReads speculation) {
        this.plan = plan;
        this.accumulator = accumulator;
        this.draws = new RepairDraws(plan, block);
        this.readOrder = readOrder;
        this.gap = gap;
        this.writtenAt = writtenAt;
        this.commit = commit;
        this.readLatency = readLatency;
        this.speculation = speculation;
        this.keptGap = new double[plan.n][plan.n];
        this.keptWrite = new double[plan.n][plan.n];
        this.keptRequest = new double[plan.n][plan.n];
        this.keptCost = new double[plan.n][plan.n];
        this.secondRound = new double[plan.n];
    }

    /** Builds the second round's samplers for a chunk from its auxiliary generator. */
    void start(RandomGenerator auxiliary) {
        draws.start(auxiliary);
    }

    /** Draws the second rounds' delays of the next block of {@code size} trials. */
    void fill(int size) {
        draws.fill(size);
    }

    /**
     * Counts trial {@code trial}'s mismatches and repairs.
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
            double slowest = 0;
            for (int j = 0; j <= k; j++) {
                int replica = speculation == null ? readOrder[j] : speculation.keptReplica(k, j);
                keptGap[k][j] = speculation == null ? gap[replica] : speculation.keptGap(k, replica);
                keptWrite[k][j] = writtenAt[replica];
                keptRequest[k][j] = readLatency[k] + draws.request(replica);
                keptCost[k][j] = draws.cost(replica);
                slowest = Math.max(slowest, draws.roundTrip(replica));
            }
            secondRound[k] = slowest;
        }
        for (int c = 0; c < plan.configurationCount; c++) {
            int k = plan.readIndex[c];
            if (k == 0) {
                continue;
            }
            recordConfiguration(c, k, commit[plan.writeIndex[c]]);
        }
    }

    private void recordConfiguration(int configuration, int k, double committed) {
        double[] gaps = keptGap[k];
        double[] written = keptWrite[k];
        double[] requests = keptRequest[k];
        double[] costs = keptCost[k];
        long[] mismatches = accumulator.mismatches[configuration];
        long[] repairs = accumulator.repairs[configuration];
        long[] nanos = accumulator.repairNanos[configuration];
        DelayHistogram latencyOverGrid = accumulator.readLatencyOverGrid[configuration];
        double firstRound = readLatency[k];
        for (int g = 0; g < plan.grid.length; g++) {
            double t = plan.grid[g];
            boolean fresh = false;
            boolean stale = false;
            for (int j = 0; j <= k; j++) {
                if (gaps[j] - committed <= t) {
                    fresh = true;
                } else {
                    stale = true;
                }
            }
            if (!(fresh && stale)) {
                latencyOverGrid.recordMillis(firstRound);
                continue;
            }
            mismatches[g]++;
            double slowestRepair = -1;
            for (int j = 0; j <= k && plan.writesBack; j++) {
                if (written[j] - committed > t + requests[j]) {
                    slowestRepair = Math.max(slowestRepair, costs[j]);
                }
            }
            double added = secondRound[k];
            if (slowestRepair >= 0) {
                repairs[g]++;
                added += slowestRepair;
            }
            nanos[g] += Math.round(added * 1e6);
            latencyOverGrid.recordMillis(firstRound + added);
        }
    }
}
