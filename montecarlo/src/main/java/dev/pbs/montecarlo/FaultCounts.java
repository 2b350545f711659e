package dev.pbs.montecarlo;

/**
 * One worker's counts of what faults did, beside its {@link Accumulator}: per configuration, the
 * trials whose write or read was unavailable (left out of its P(consistent)) and those consistent
 * at every t from 0 on; per R (0-based), the reads at a random instant that found R replicas up,
 * and those of them that waited for a pause. Workers merge by addition.
 */
final class FaultCounts {

    final long[] writeUnavailable;
    final long[] readUnavailable;
    final long[] consistentThroughout;
    final long[] readsAnswered;
    final long[] readsPaused;

    FaultCounts(TrialPlan plan) {
        writeUnavailable = new long[plan.configurationCount];
        readUnavailable = new long[plan.configurationCount];
        consistentThroughout = new long[plan.configurationCount];
        readsAnswered = new long[plan.n];
        readsPaused = new long[plan.n];
    }

    void add(FaultCounts other) {
        for (int c = 0; c < writeUnavailable.length; c++) {
            writeUnavailable[c] += other.writeUnavailable[c];
            readUnavailable[c] += other.readUnavailable[c];
            consistentThroughout[c] += other.consistentThroughout[c];
        }
        for (int k = 0; k < readsAnswered.length; k++) {
            readsAnswered[k] += other.readsAnswered[k];
            readsPaused[k] += other.readsPaused[k];
        }
    }
}
