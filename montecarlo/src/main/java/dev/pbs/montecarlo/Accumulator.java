package dev.pbs.montecarlo;

/**
 * One worker's running totals: per configuration, the trials consistent at once (t* = 0), never
 * consistent, and per grid cell, with the histogram of positive thresholds t*; per R and W, the
 * read and write latency histograms. Workers merge by addition, so totals do not depend on which
 * worker ran which chunk.
 */
final class Accumulator {

    final long[] consistentAtOnce;
    final long[] neverConsistent;
    /** gridHits[c][g]: trials of configuration c with grid[g-1] < t* <= grid[g] (t* > 0). */
    final long[][] gridHits;
    /** Per partial configuration; null for strict ones. */
    final DelayHistogram[] thresholds;

    final DelayHistogram[] readLatency;
    final DelayHistogram[] writeLatency;
    /** Per R, 0-based: the reads that asked an extra replica (speculative retry). */
    final long[] speculated;
    /**
     * With blocking read repair, per configuration and grid time: the reads whose answers
     * disagreed (a digest mismatch, so a second round of full data reads), those that then sent a
     * repair, and the time the mismatching reads added, in nanoseconds (integers, so that sums do
     * not depend on the order in which workers add them); null without repair.
     */
    final long[][] mismatches;

    final long[][] repairs;

    final long[][] repairNanos;

    /**
     * With blocking read repair, per configuration: the read latency including what a mismatch
     * added, recorded once per grid time of every trial (reads spread evenly over the grid's
     * times); null without repair.
     */
    final DelayHistogram[] readLatencyOverGrid;

    long trials;

    Accumulator(TrialPlan plan) {
        int configurations = plan.configurationCount;
        consistentAtOnce = new long[configurations];
        neverConsistent = new long[configurations];
        gridHits = new long[configurations][plan.grid.length + 1];
        thresholds = new DelayHistogram[configurations];
        // Strict configurations are consistent at once in every trial: no thresholds to keep.
        for (int c : plan.partialConfigurations) {
            thresholds[c] = new DelayHistogram();
        }
        speculated = new long[plan.n];
        mismatches = plan.repairs ? new long[configurations][plan.grid.length] : null;
        repairs = plan.repairs ? new long[configurations][plan.grid.length] : null;
        repairNanos = plan.repairs ? new long[configurations][plan.grid.length] : null;
        readLatencyOverGrid = plan.repairs ? new DelayHistogram[configurations] : null;
        if (plan.repairs) {
            for (int c = 0; c < configurations; c++) {
                readLatencyOverGrid[c] = plan.readIndex[c] > 0 ? new DelayHistogram() : null;
            }
        }
        readLatency = new DelayHistogram[plan.n];
        writeLatency = new DelayHistogram[plan.n];
        for (int k = 0; k < plan.n; k++) {
            readLatency[k] = plan.readNeeded[k] ? new DelayHistogram() : null;
            writeLatency[k] = plan.writeNeeded[k] ? new DelayHistogram() : null;
        }
    }

    void add(Accumulator other) {
        trials += other.trials;
        for (int c = 0; c < consistentAtOnce.length; c++) {
            consistentAtOnce[c] += other.consistentAtOnce[c];
            neverConsistent[c] += other.neverConsistent[c];
            for (int g = 0; g < gridHits[c].length; g++) {
                gridHits[c][g] += other.gridHits[c][g];
            }
            if (repairs != null) {
                for (int g = 0; g < repairs[c].length; g++) {
                    mismatches[c][g] += other.mismatches[c][g];
                    repairs[c][g] += other.repairs[c][g];
                    repairNanos[c][g] += other.repairNanos[c][g];
                }
            }
            if (thresholds[c] != null) {
                thresholds[c].add(other.thresholds[c]);
            }
            if (readLatencyOverGrid != null && readLatencyOverGrid[c] != null) {
                readLatencyOverGrid[c].add(other.readLatencyOverGrid[c]);
            }
        }
        for (int k = 0; k < readLatency.length; k++) {
            speculated[k] += other.speculated[k];
            if (readLatency[k] != null) {
                readLatency[k].add(other.readLatency[k]);
            }
            if (writeLatency[k] != null) {
                writeLatency[k].add(other.writeLatency[k]);
            }
        }
    }
}
