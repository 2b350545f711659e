package dev.pbs.montecarlo;

/**
 * A block of trials of the usual case, N = 3 with fan-out to all replicas, no datacenters and no
 * co-located coordinator, in straight-line code without branches, one output row per quantity
 * (structure of arrays): the order statistics of the three acknowledgement times and of the three
 * response times by min and max, and the selection of the responders' gaps {@code W[i] - R[i]} by
 * masks on their bit patterns (random delays make every comparison a coin toss, on which branches
 * would mispredict half the time). Each quantity is one simple loop over the block, which the JIT
 * unrolls and, for the sorts, vectorises; the block is then recorded into a worker's totals.
 */
final class ThreeReplicas {

    /** commit[k][trial]: the (k+1)-th acknowledgement time, ms. */
    final double[][] commit;
    /** readLatency[k][trial]: the (k+1)-th response time, ms. */
    final double[][] readLatency;
    /** smallestGap[k][trial]: the smallest {@code W[i] - R[i]} among the first k+1 responders, ms. */
    final double[][] smallestGap;

    /** The current configuration's positive thresholds, ms: scratch space for {@link #record}. */
    private final double[] positiveThresholds;

    ThreeReplicas(int block) {
        positiveThresholds = new double[block];
        commit = new double[3][block];
        readLatency = new double[3][block];
        smallestGap = new double[3][block];
    }

    /**
     * Reads trials {@code [0, size)} of replicas 0, 1, 2 from the block arrays and fills the three
     * output rows of each quantity. Ties between responses go to the lower replica.
     */
    void evaluate(double[][] write, double[][] acknowledgement, double[][] read, double[][] response, int size) {
        sortSums(write, acknowledgement, size, commit);
        sortSums(read, response, size, readLatency);
        selectGaps(write, read, response, size);
    }

    /**
     * Records the block last evaluated into a worker's totals: one histogram at a time, so that
     * each loop touches one table.
     */
    void record(TrialPlan plan, Accumulator accumulator, int size) {
        for (int k = 0; k < plan.n; k++) {
            if (plan.writeNeeded[k]) {
                accumulator.writeLatency[k].recordAll(commit[k], size);
            }
            if (plan.readNeeded[k]) {
                accumulator.readLatency[k].recordAll(readLatency[k], size);
            }
        }
        for (int c : plan.partialConfigurations) {
            double[] gaps = smallestGap[plan.readIndex[c]];
            double[] commits = commit[plan.writeIndex[c]];
            DelayHistogram thresholds = accumulator.thresholds[c];
            long[] hits = accumulator.gridHits[c];
            // The positive thresholds, gathered without a branch (whether a read is consistent at
            // once is a coin toss a branch would mispredict), then recorded.
            double[] positive = positiveThresholds;
            int count = 0;
            for (int t = 0; t < size; t++) {
                double threshold = gaps[t] - commits[t];
                positive[count] = threshold;
                // The sign bit of 0 - threshold: 1 exactly when threshold > 0 (0 - 0 is +0).
                count += (int) (Double.doubleToRawLongBits(0.0 - threshold) >>> 63);
            }
            for (int i = 0; i < count; i++) {
                double threshold = positive[i];
                int bucket = DelayHistogram.bucketOf(threshold);
                thresholds.recordBucket(bucket);
                hits[plan.gridCell(bucket, threshold)]++;
            }
            accumulator.consistentAtOnce[c] += size - count;
        }
    }

    /** sorted[k][t]: the (k+1)-th smallest of {@code first[i][t] + second[i][t]}, i = 0, 1, 2. */
    private static void sortSums(double[][] first, double[][] second, int size, double[][] sorted) {
        double[] first0 = first[0];
        double[] first1 = first[1];
        double[] first2 = first[2];
        double[] second0 = second[0];
        double[] second1 = second[1];
        double[] second2 = second[2];
        double[] smallest = sorted[0];
        double[] middle = sorted[1];
        double[] largest = sorted[2];
        for (int t = 0; t < size; t++) {
            double a = first0[t] + second0[t];
            double b = first1[t] + second1[t];
            double c = first2[t] + second2[t];
            double low = Math.min(a, b);
            double high = Math.max(a, b);
            double upper = Math.max(low, c);
            smallest[t] = Math.min(low, c);
            middle[t] = Math.min(high, upper);
            largest[t] = Math.max(high, upper);
        }
    }

    private void selectGaps(double[][] write, double[][] read, double[][] response, int size) {
        double[] write0 = write[0];
        double[] write1 = write[1];
        double[] write2 = write[2];
        double[] read0 = read[0];
        double[] read1 = read[1];
        double[] read2 = read[2];
        double[] response0 = response[0];
        double[] response1 = response[1];
        double[] response2 = response[2];
        double[] first = smallestGap[0];
        double[] firstTwo = smallestGap[1];
        double[] all = smallestGap[2];
        for (int t = 0; t < size; t++) {
            double responded0 = read0[t] + response0[t];
            double responded1 = read1[t] + response1[t];
            double responded2 = read2[t] + response2[t];
            double gap0 = write0[t] - read0[t];
            double gap1 = write1[t] - read1[t];
            double gap2 = write2[t] - read2[t];
            // All-ones when the comparison holds, else zero: selects without branches.
            long zeroBeforeOne = -(long) (responded0 <= responded1 ? 1 : 0);
            long zeroBeforeTwo = -(long) (responded0 <= responded2 ? 1 : 0);
            long oneBeforeTwo = -(long) (responded1 <= responded2 ? 1 : 0);
            long bits0 = Double.doubleToRawLongBits(gap0);
            long bits1 = Double.doubleToRawLongBits(gap1);
            long bits2 = Double.doubleToRawLongBits(gap2);
            // The first responder's gap: replica 0 if it beats both, else 1 if it beats 2, else 2.
            long zeroFirst = zeroBeforeOne & zeroBeforeTwo;
            long oneFirst = ~zeroBeforeOne & oneBeforeTwo;
            long twoFirst = ~(zeroFirst | oneFirst);
            long firstBits = (bits0 & zeroFirst) | (bits1 & oneFirst) | (bits2 & twoFirst);
            // The smallest gap among the first two responders: all but the last one.
            long zeroLast = ~zeroBeforeOne & ~zeroBeforeTwo;
            long oneLast = zeroBeforeOne & ~oneBeforeTwo;
            long twoLast = ~(zeroLast | oneLast);
            long firstTwoBits = (Double.doubleToRawLongBits(Math.min(gap1, gap2)) & zeroLast)
                    | (Double.doubleToRawLongBits(Math.min(gap0, gap2)) & oneLast)
                    | (Double.doubleToRawLongBits(Math.min(gap0, gap1)) & twoLast);
            first[t] = Double.longBitsToDouble(firstBits);
            firstTwo[t] = Double.longBitsToDouble(firstTwoBits);
            all[t] = Math.min(gap0, Math.min(gap1, gap2));
        }
    }
}
