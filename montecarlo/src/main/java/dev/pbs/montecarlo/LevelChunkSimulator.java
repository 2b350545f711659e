package dev.pbs.montecarlo;

import java.util.random.RandomGenerator;

/**
 * Runs multi-datacenter WARS trials (model note section 7) for one worker, a chunk at a time, into
 * its {@link LevelAccumulator}.
 *
 * <p>One trial: draw every replica's W, A, R, S ({@link LevelDelayBlock}); deliver and commit every
 * write ({@link LevelWrites}); send every read ({@link LevelReads}); then evaluate each
 * configuration. A configuration's threshold is {@code t* = max(0, min over contacted i of a_i -
 * w_t - read delay_i)}, with {@code a_i} the write's arrival at replica i and {@code w_t} its
 * commit time: its read is consistent at t iff {@code t >= t*}.
 *
 * <p>Every write and every read is simulated once per trial and shared by the configurations that
 * combine them (common random numbers). Delays are drawn a block at a time in a fixed order, so
 * the draws depend only on the chunk's generator. No allocation per trial.
 */
final class LevelChunkSimulator implements ChunkedRun.Worker {

    private static final int BLOCK = LevelDelayBlock.BLOCK;

    private final LevelTrialPlan plan;
    private final LevelAccumulator accumulator;
    private final LevelDelayBlock delays;
    private final LevelWrites writes;
    private final LevelReads reads;

    LevelChunkSimulator(LevelTrialPlan plan, LevelAccumulator accumulator) {
        this.plan = plan;
        this.accumulator = accumulator;
        delays = new LevelDelayBlock(plan);
        writes = new LevelWrites(plan);
        reads = new LevelReads(plan);
    }

    LevelAccumulator accumulator() {
        return accumulator;
    }

    /** Runs {@code trials} trials drawing from {@code random}. */
    @Override
    public void run(RandomGenerator random, RandomGenerator auxiliary, int trials) {
        LevelDelayBlock.Samplers samplers = delays.samplers(random);
        for (int done = 0; done < trials; done += BLOCK) {
            int size = Math.min(BLOCK, trials - done);
            samplers.fill(size);
            for (int trial = 0; trial < size; trial++) {
                runTrial(trial, random);
            }
        }
        accumulator.recordTrials(trials, plan.strict);
    }

    private void runTrial(int trial, RandomGenerator random) {
        for (int x = 0; x < plan.writeDatacenters.length; x++) {
            writes.deliver(x, delays, trial, random);
        }
        for (int k = 0; k < plan.writes(); k++) {
            writes.commit(k);
            accumulator.writeLatency[k].recordMillis(writes.commit[k]);
        }
        for (int y = 0; y < plan.readDatacenters.length; y++) {
            reads.send(y, delays, trial, random);
        }
        for (int k = 0; k < plan.reads(); k++) {
            accumulator.readLatency[k].recordMillis(reads.latency(k));
        }
        evaluateConfigurations();
    }

    /**
     * Every partial configuration's threshold {@code t* = min over contacted i of (a_i - read
     * delay_i) - w_t}, in ms, into the accumulator: consistent at once when at most 0, else counted
     * in its histogram bucket and grid cell; and whether its read missed every replica whose
     * acknowledgement the write counted. One loop, so that the JIT compiles it as one (the hottest
     * of a trial when there are many configurations).
     */
    private void evaluateConfigurations() {
        for (int c : plan.partialConfigurations) {
            int writeIndex = plan.configurationWrite[c];
            int readIndex = plan.configurationRead[c];
            double[] arrived = writes.arrival[plan.writeSite[writeIndex]];
            double[] delay = reads.readDelay[plan.readSite[readIndex]];
            int[] replicas = reads.contacted[readIndex];
            double earliest = Double.POSITIVE_INFINITY;
            for (int k = 0; k < reads.contactedCount[readIndex]; k++) {
                int replica = replicas[k];
                earliest = Math.min(earliest, arrived[replica] - delay[replica]);
            }
            double threshold = earliest - writes.commit[writeIndex];
            if (threshold <= 0) {
                accumulator.consistentAtOnce[c]++;
            } else {
                int bucket = DelayHistogram.bucketOf(threshold);
                accumulator.thresholds[c].recordBucket(bucket);
                accumulator.gridHits[c][plan.grid.cell(bucket, threshold)]++;
            }
            if ((writes.acknowledgedMask[writeIndex] & reads.contactedMask[readIndex]) == 0) {
                accumulator.missedAcknowledged[c]++;
            }
        }
    }
}
