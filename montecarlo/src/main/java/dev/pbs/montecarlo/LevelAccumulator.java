package dev.pbs.montecarlo;

/**
 * One worker's running totals for a {@link LevelSimulationSpec}: per configuration, the trials
 * consistent at once, the thresholds t* > 0 by histogram and grid cell, and the trials whose read
 * set missed every replica that acknowledged the write (for k-staleness); per distinct write and
 * read, the latency histogram. Workers merge by addition.
 */
final class LevelAccumulator {

    final long[] consistentAtOnce;
    /** gridHits[c][g]: trials of configuration c with grid[g-1] < t* <= grid[g] (t* > 0). */
    final long[][] gridHits;
    /** Per partial configuration; null for strict ones. */
    final DelayHistogram[] thresholds;
    /** Trials in which the contacted replicas included none of those whose acknowledgement counted. */
    final long[] missedAcknowledged;

    final DelayHistogram[] writeLatency;
    final DelayHistogram[] readLatency;
    long trials;

    LevelAccumulator(LevelTrialPlan plan) {
        int configurations = plan.configurationCount;
        consistentAtOnce = new long[configurations];
        gridHits = new long[configurations][plan.grid.times.length + 1];
        thresholds = new DelayHistogram[configurations];
        for (int c : plan.partialConfigurations) {
            thresholds[c] = new DelayHistogram();
        }
        missedAcknowledged = new long[configurations];
        writeLatency = new DelayHistogram[plan.writes()];
        for (int k = 0; k < writeLatency.length; k++) {
            writeLatency[k] = new DelayHistogram();
        }
        readLatency = new DelayHistogram[plan.reads()];
        for (int k = 0; k < readLatency.length; k++) {
            readLatency[k] = new DelayHistogram();
        }
    }

    /** Adds {@code trials} trials, each consistent at once for the strict configurations. */
    void recordTrials(int trials, boolean[] strict) {
        this.trials += trials;
        for (int c = 0; c < strict.length; c++) {
            if (strict[c]) {
                consistentAtOnce[c] += trials;
            }
        }
    }

    void add(LevelAccumulator other) {
        trials += other.trials;
        for (int c = 0; c < consistentAtOnce.length; c++) {
            consistentAtOnce[c] += other.consistentAtOnce[c];
            missedAcknowledged[c] += other.missedAcknowledged[c];
            for (int g = 0; g < gridHits[c].length; g++) {
                gridHits[c][g] += other.gridHits[c][g];
            }
            if (thresholds[c] != null) {
                thresholds[c].add(other.thresholds[c]);
            }
        }
        for (int k = 0; k < writeLatency.length; k++) {
            writeLatency[k].add(other.writeLatency[k]);
        }
        for (int k = 0; k < readLatency.length; k++) {
            readLatency[k].add(other.readLatency[k]);
        }
    }
}
