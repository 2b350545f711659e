package dev.pbs.montecarlo;

/**
 * One trial of the usual case, N = 3 with fan-out to all replicas, no datacenters and no
 * co-located coordinator, in straight-line code without branches: the order statistics of the
 * three acknowledgement times and of the three response times by min and max, and the selection
 * of the responders' gaps {@code W[i] - R[i]} by masks on their bit patterns (random delays make
 * every comparison a coin toss, on which branches would mispredict half the time).
 */
final class ThreeReplicas {

    private ThreeReplicas() {}

    /**
     * Reads trial {@code trial}'s delays of replicas 0, 1, 2 from the block arrays and writes
     * {@code commit[k]} (the (k+1)-th acknowledgement), {@code readLatency[k]} (the (k+1)-th
     * response) and {@code smallestGap[k]} (the smallest {@code W[i] - R[i]} among the first k+1
     * responders), for k = 0, 1, 2. Ties between responses go to the lower replica.
     */
    static void evaluate(
            double[][] write,
            double[][] acknowledgement,
            double[][] read,
            double[][] response,
            int trial,
            double[] commit,
            double[] readLatency,
            double[] smallestGap) {
        double write0 = write[0][trial];
        double write1 = write[1][trial];
        double write2 = write[2][trial];
        double read0 = read[0][trial];
        double read1 = read[1][trial];
        double read2 = read[2][trial];

        SmallSorts.sortThree(
                write0 + acknowledgement[0][trial],
                write1 + acknowledgement[1][trial],
                write2 + acknowledgement[2][trial],
                commit);

        double responded0 = read0 + response[0][trial];
        double responded1 = read1 + response[1][trial];
        double responded2 = read2 + response[2][trial];
        SmallSorts.sortThree(responded0, responded1, responded2, readLatency);

        double gap0 = write0 - read0;
        double gap1 = write1 - read1;
        double gap2 = write2 - read2;
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
        smallestGap[0] = Double.longBitsToDouble(firstBits);
        smallestGap[1] = Double.longBitsToDouble(firstTwoBits);
        smallestGap[2] = Math.min(gap0, Math.min(gap1, gap2));
    }
}
