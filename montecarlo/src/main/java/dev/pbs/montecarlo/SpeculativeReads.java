package dev.pbs.montecarlo;

/**
 * Targeted reads with speculative retry, for every R of a trial: the first R replicas of the
 * read's order are asked at its start; when they have not all answered by the threshold, replica
 * R + 1 of the order is asked then, and the read completes with the first R answers. Works on the
 * arrays of its {@link ChunkSimulator}, which it shares; no allocation per trial.
 */
final class SpeculativeReads {

    private final TrialPlan plan;
    private final int[] readOrder;
    private final double[] respondedAt;
    private final double[] gap;
    private final int[] writeRank;
    private final double[] smallestGap;
    private final int[] smallestRank;
    private final double[] readLatency;
    private final long[] speculated;
    /**
     * Per R (0-based): the position in the read order of the contacted replica whose answer was
     * not kept, and the extra replica that was kept instead; -1 when none.
     */
    private final int[] droppedPosition;

    private final int[] spareReplica;

    /**
     * @param readOrder the current read's order of replicas (read)
     * @param respondedAt each replica's {@code R + S} (read)
     * @param gap each replica's {@code W - R} (read)
     * @param writeRank each replica's rank among the acknowledgements (read, non-expanding only)
     * @param smallestGap per R, the smallest gap of the kept answers (written)
     * @param smallestRank per R, their smallest write rank (written)
     * @param readLatency per R, the read's latency (written)
     * @param speculated per R, the reads that asked an extra replica (counted)
     */
    SpeculativeReads(
            TrialPlan plan,
            int[] readOrder,
            double[] respondedAt,
            double[] gap,
            int[] writeRank,
            double[] smallestGap,
            int[] smallestRank,
            double[] readLatency,
            long[] speculated) {
        this.plan = plan;
        this.readOrder = readOrder;
        this.respondedAt = respondedAt;
        this.gap = gap;
        this.writeRank = writeRank;
        this.smallestGap = smallestGap;
        this.smallestRank = smallestRank;
        this.readLatency = readLatency;
        this.speculated = speculated;
        this.droppedPosition = new int[plan.n];
        this.spareReplica = new int[plan.n];
    }

    /**
     * Fills, per R, the read latency (the R-th answer), the smallest gap of the kept answers (the
     * extra one's less the threshold: its request left that much later) and their smallest write
     * rank; counts the reads that speculated.
     */
    void fill() {
        for (int k = 0; k < plan.maxRead; k++) {
            int slowest = 0;
            double latency = Double.NEGATIVE_INFINITY;
            double secondSlowest = Double.NEGATIVE_INFINITY;
            for (int j = 0; j <= k; j++) {
                double at = respondedAt[readOrder[j]];
                if (at > latency) {
                    secondSlowest = latency;
                    latency = at;
                    slowest = j;
                } else if (at > secondSlowest) {
                    secondSlowest = at;
                }
            }
            double threshold = plan.speculationThreshold[k];
            int dropped = -1;
            int spare = -1;
            if (latency > threshold) {
                speculated[k]++;
                int extra = readOrder[k + 1];
                double extraAt = threshold + respondedAt[extra];
                if (extraAt < latency) {
                    dropped = slowest;
                    spare = extra;
                    latency = Math.max(extraAt, secondSlowest);
                }
            }
            droppedPosition[k] = dropped;
            spareReplica[k] = spare;
            double smallest = Double.POSITIVE_INFINITY;
            int rank = Integer.MAX_VALUE;
            for (int j = 0; j <= k; j++) {
                int replica = keptReplica(k, j);
                smallest = Math.min(smallest, keptGap(k, replica));
                rank = Math.min(rank, writeRank[replica]);
            }
            smallestGap[k] = smallest;
            smallestRank[k] = rank;
            readLatency[k] = latency;
        }
    }

    /**
     * The j-th (0-based) of the R = k + 1 replicas whose answers the current read kept: the first
     * R of the read order, less the one dropped and plus the extra one.
     */
    int keptReplica(int k, int j) {
        return j == droppedPosition[k] ? spareReplica[k] : readOrder[j];
    }

    /** The gap of a kept replica: its own, less the threshold for the extra one. */
    double keptGap(int k, int replica) {
        return replica == spareReplica[k] ? gap[replica] - plan.speculationThreshold[k] : gap[replica];
    }
}
