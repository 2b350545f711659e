package dev.pbs.montecarlo;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Runs WARS trials for one worker, a chunk at a time, into its {@link Accumulator}.
 *
 * <p>One trial (section 3 of the model note): draw W, A, R, S for every replica; the write
 * commits at {@code w_t}, the W-th smallest {@code W[i] + A[i]}; the read's responders are the
 * first R by {@code R[i] + S[i]} (fan-out all) or R random replicas (targeted). The trial is
 * consistent at t iff {@code t >= t* = max(0, min over responders of W[i] - w_t - R[i])}. Sorting
 * once serves every (R, W): {@code w_t} is read off the sorted acknowledgement times, and the
 * minimum over the first R responders is a running minimum.
 *
 * <p>Delays are drawn a block at a time ({@link WarsDelayBlock}), so the draws depend only on the
 * chunk's generator. No allocation per trial.
 */
final class ChunkSimulator implements ChunkedRun.Worker {

    static final int BLOCK = 256;
    private static final int INSERTION_SORT_LIMIT = 24;

    private final TrialPlan plan;
    private final Accumulator accumulator;
    private final int n;

    private final WarsDelayBlock delays;
    /** The block's arrays ({@link WarsDelayBlock}), held here too for the per-trial loop. */
    private final double[][] write;

    private final double[][] acknowledgement;
    private final double[][] read;
    private final double[][] response;
    private final double[][] interWrite;
    private final double[][] interAcknowledgement;
    private final double[][] interRead;
    private final double[][] interResponse;
    private final double[] localWrite;
    private final double[] localAcknowledgement;
    private final double[] localRead;
    private final double[] localResponse;

    /** Per replica of the current trial: W[i] + A[i], R[i] + S[i], W[i] - R[i] and W[i]. */
    private final double[] acknowledgedAt;

    private final double[] respondedAt;
    private final double[] gap;
    private final double[] writtenAt;
    private final double[] sortedGap;
    private final int[] writeOrder;
    private final int[] readOrder;
    private final long[] packed;
    private final double[] commit;
    private final double[] smallestGap;
    private final double[] readLatency;
    private final int[] writeRank;
    private final int[] smallestRank;
    /** The replica the current trial's read coordinator runs on; -1 when it is not a replica. */
    private int readCoordinator = -1;

    /** The read coordinator's datacenter in the current trial. */
    private int readDatacenter;

    /** Targeted reads with speculative retry; null without. */
    private final SpeculativeReads speculation;
    /** The dynamic snitch's read order; null for random replicas. */
    private final SnitchOrder snitch;
    /** Blocking read repair; null without. */
    private final ReadRepairs repairs;
    /** The usual case's block evaluation ({@link TrialPlan#threeReplicasPlain}); null otherwise. */
    private final ThreeReplicas threeReplicas;

    ChunkSimulator(TrialPlan plan, Accumulator accumulator) {
        this.plan = plan;
        this.accumulator = accumulator;
        this.n = plan.n;
        delays = new WarsDelayBlock(plan, BLOCK);
        write = delays.write;
        acknowledgement = delays.acknowledgement;
        read = delays.read;
        response = delays.response;
        interWrite = delays.interWrite;
        interAcknowledgement = delays.interAcknowledgement;
        interRead = delays.interRead;
        interResponse = delays.interResponse;
        localWrite = delays.localWrite;
        localAcknowledgement = delays.localAcknowledgement;
        localRead = delays.localRead;
        localResponse = delays.localResponse;
        acknowledgedAt = new double[n];
        respondedAt = new double[n];
        gap = new double[n];
        writtenAt = new double[n];
        sortedGap = new double[n];
        writeOrder = new int[n];
        readOrder = new int[n];
        for (int i = 0; i < n; i++) {
            readOrder[i] = i;
        }
        packed = new long[n];
        commit = new double[n];
        smallestGap = new double[n];
        readLatency = new double[n];
        writeRank = new int[n];
        smallestRank = new int[n];
        speculation = plan.speculates
                ? new SpeculativeReads(
                        plan,
                        readOrder,
                        respondedAt,
                        gap,
                        writeRank,
                        smallestGap,
                        smallestRank,
                        readLatency,
                        accumulator.speculated)
                : null;
        snitch = plan.snitch ? new SnitchOrder(plan) : null;
        threeReplicas = plan.threeReplicasPlain ? new ThreeReplicas(BLOCK) : null;
        repairs = plan.repairs
                ? new ReadRepairs(plan, accumulator, BLOCK, readOrder, gap, writtenAt, commit, readLatency, speculation)
                : null;
    }

    Accumulator accumulator() {
        return accumulator;
    }

    /** Runs {@code trials} trials drawing from {@code random}. */
    @Override
    public void run(RandomGenerator random, RandomGenerator auxiliary, int trials) {
        delays.start(random);
        if (repairs != null) {
            repairs.start(auxiliary);
        }

        for (int done = 0; done < trials; done += BLOCK) {
            int size = Math.min(BLOCK, trials - done);
            delays.fill(size);
            delays.couple(random, size);
            if (repairs != null) {
                repairs.fill(size);
            }
            if (threeReplicas != null) {
                threeReplicas.evaluate(write, acknowledgement, read, response, size);
                threeReplicas.record(plan, accumulator, size);
                continue;
            }
            for (int trial = 0; trial < size; trial++) {
                runTrial(trial, random);
            }
        }
        accumulator.trials += trials;
        for (int c = 0; c < plan.configurationCount; c++) {
            if (!plan.isPartial(c)) {
                accumulator.consistentAtOnce[c] += trials;
            }
        }
    }

    private void runTrial(int trial, RandomGenerator random) {
        gatherDelays(trial, random);
        if (plan.nonExpanding) {
            sortIndices(acknowledgedAt, writeOrder);
            for (int k = 0; k < n; k++) {
                commit[k] = acknowledgedAt[writeOrder[k]];
                writeRank[writeOrder[k]] = k;
            }
            if (plan.targeted) {
                shuffleReadOrder(random);
            } else {
                sortIndices(respondedAt, readOrder);
            }
            if (speculation != null) {
                speculation.fill();
            } else {
                nonExpandingReads();
            }
            recordNonExpanding();
            return;
        }
        // commit[k] is the (k+1)-th acknowledgement time.
        SmallSorts.sortInto(acknowledgedAt, commit, n);
        if (speculation != null) {
            shuffleReadOrder(random);
            speculation.fill();
        } else if (plan.targeted || repairs != null) {
            // Targeted: the random order; fan-out all with repair: the order of response, whose
            // identities the repair needs. Either way the R-th read latency is the slowest of R.
            if (plan.targeted) {
                shuffleReadOrder(random);
            } else {
                sortIndices(respondedAt, readOrder);
            }
            double smallest = Double.POSITIVE_INFINITY;
            double latency = 0;
            for (int k = 0; k < plan.maxRead; k++) {
                int replica = readOrder[k];
                smallest = Math.min(smallest, gap[replica]);
                smallestGap[k] = smallest;
                latency = Math.max(latency, respondedAt[replica]);
                readLatency[k] = latency;
            }
        } else {
            // Responders in order of response; each carries its gap W[i] - R[i] along.
            SmallSorts.sortWithPayloadInto(respondedAt, gap, readLatency, sortedGap, n, packed);
            double smallest = Double.POSITIVE_INFINITY;
            for (int k = 0; k < plan.maxRead; k++) {
                smallest = Math.min(smallest, sortedGap[k]);
                smallestGap[k] = smallest;
            }
        }
        recordExpanding();
        if (repairs != null) {
            repairs.record(trial, readCoordinator, readDatacenter);
        }
    }

    /**
     * A fresh partial Fisher-Yates shuffle from the identity: the first maxRead are the targets.
     * With a local read preference p (co-located coordinator), the read coordinator's own replica
     * is put first with probability p and last otherwise, and the others are shuffled around it.
     */
    private void shuffleReadOrder(RandomGenerator random) {
        if (snitch != null) {
            snitch.fill(readOrder, readCoordinator, readDatacenter, random);
            return;
        }
        for (int i = 0; i < n; i++) {
            readOrder[i] = i;
        }
        if (readCoordinator >= 0 && !Double.isNaN(plan.localReadPreference)) {
            boolean first = random.nextDouble() < plan.localReadPreference;
            int slot = first ? 0 : n - 1;
            readOrder[readCoordinator] = readOrder[slot];
            readOrder[slot] = readCoordinator;
            int from = first ? 1 : 0;
            int others = n - 1;
            int targets = Math.min(plan.orderedTargets, n);
            for (int k = from; k < targets && k < from + others; k++) {
                int remaining = from + others - k;
                int swap = k + (remaining > 1 ? random.nextInt(remaining) : 0);
                int chosen = readOrder[swap];
                readOrder[swap] = readOrder[k];
                readOrder[k] = chosen;
            }
            return;
        }
        for (int k = 0; k < plan.orderedTargets; k++) {
            int swap = k + (n - k > 1 ? random.nextInt(n - k) : 0);
            int chosen = readOrder[swap];
            readOrder[swap] = readOrder[k];
            readOrder[k] = chosen;
        }
    }

    /** Reads trial {@code trial}'s delays out of the block, adding datacenter and local effects. */
    private void gatherDelays(int trial, RandomGenerator random) {
        int writeDatacenter = 0;
        readDatacenter = 0;
        if (plan.crossesDatacenters || plan.coordinatorReplica) {
            writeDatacenter = coordinatorDatacenter(random);
            readDatacenter = coordinatorDatacenter(random);
        }
        int writeCoordinator = -1;
        readCoordinator = -1;
        if (plan.coordinatorReplica) {
            // Per trial, independently: is the write's coordinator a replica, and the read's?
            if (TrialPlan.onReplica(plan.writeCoordinatorShare, random)) {
                writeCoordinator = pick(plan.replicasIn[writeDatacenter], random);
            }
            if (TrialPlan.onReplica(plan.readCoordinatorShare, random)) {
                readCoordinator = pick(plan.replicasIn[readDatacenter], random);
            }
        }
        for (int i = 0; i < n; i++) {
            double w = write[i][trial];
            double a = acknowledgement[i][trial];
            double r = read[i][trial];
            double s = response[i][trial];
            if (plan.crossesDatacenters) {
                int datacenter = plan.replicaDatacenter[i];
                if (datacenter != writeDatacenter) {
                    w += interWrite[i][trial];
                    a += interAcknowledgement[i][trial];
                }
                if (datacenter != readDatacenter) {
                    r += interRead[i][trial];
                    s += interResponse[i][trial];
                }
            }
            if (i == writeCoordinator) {
                w = localWrite[trial];
                a = localAcknowledgement[trial];
            }
            if (i == readCoordinator) {
                r = localRead[trial];
                s = localResponse[trial];
            }
            acknowledgedAt[i] = w + a;
            respondedAt[i] = r + s;
            gap[i] = w - r;
            writtenAt[i] = w;
        }
    }

    private int coordinatorDatacenter(RandomGenerator random) {
        if (plan.fixedCoordinatorDatacenter >= 0) {
            return plan.fixedCoordinatorDatacenter;
        }
        int[] datacenters = plan.replicaDatacenters;
        return datacenters.length == 1 ? datacenters[0] : datacenters[random.nextInt(datacenters.length)];
    }

    private static int pick(int[] replicas, RandomGenerator random) {
        return replicas.length == 1 ? replicas[0] : replicas[random.nextInt(replicas.length)];
    }

    /** Records latencies and each configuration's threshold t* = max(0, smallestGap[R] - commit[W]). */
    private void recordExpanding() {
        recordLatencies();
        for (int c : plan.partialConfigurations) {
            double threshold = smallestGap[plan.readIndex[c]] - commit[plan.writeIndex[c]];
            if (threshold <= 0) {
                accumulator.consistentAtOnce[c]++;
            } else {
                int bucket = DelayHistogram.bucketOf(threshold);
                accumulator.thresholds[c].recordBucket(bucket);
                accumulator.gridHits[c][plan.gridCell(bucket, threshold)]++;
            }
        }
    }

    /** Non-expanding reads without speculation: per R, the smallest write rank and the latency. */
    private void nonExpandingReads() {
        int rank = Integer.MAX_VALUE;
        double latency = 0;
        for (int k = 0; k < plan.maxRead; k++) {
            int replica = readOrder[k];
            rank = Math.min(rank, writeRank[replica]);
            smallestRank[k] = rank;
            latency = plan.targeted ? Math.max(latency, respondedAt[replica]) : respondedAt[replica];
            readLatency[k] = latency;
        }
    }

    /** Non-expanding quorums: a read is consistent at once or never, by its smallest write rank. */
    private void recordNonExpanding() {
        recordLatencies();
        for (int c : plan.partialConfigurations) {
            if (smallestRank[plan.readIndex[c]] <= plan.writeIndex[c]) {
                accumulator.consistentAtOnce[c]++;
            } else {
                accumulator.neverConsistent[c]++;
            }
        }
    }

    private void recordLatencies() {
        for (int k = 0; k < n; k++) {
            if (plan.writeNeeded[k]) {
                accumulator.writeLatency[k].recordMillis(commit[k]);
            }
            if (plan.readNeeded[k]) {
                accumulator.readLatency[k].recordMillis(readLatency[k]);
            }
        }
    }

    /**
     * Sets {@code order} to the indices 0..n-1 sorted by ascending non-negative value (for the
     * non-expanding variant, which needs ranks).
     */
    private void sortIndices(double[] values, int[] order) {
        if (n <= INSERTION_SORT_LIMIT) {
            for (int i = 0; i < n; i++) {
                int index = i;
                double value = values[i];
                int j = i - 1;
                while (j >= 0 && values[order[j]] > value) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = index;
            }
            return;
        }
        // Non-negative doubles order like their bit patterns; the low bits carry the index. This
        // perturbs the order only between values within a relative 2^-41 of each other.
        long mask = (1L << 11) - 1;
        for (int i = 0; i < n; i++) {
            packed[i] = (Double.doubleToRawLongBits(values[i] + 0.0) & ~mask) | i;
        }
        Arrays.sort(packed, 0, n);
        for (int i = 0; i < n; i++) {
            order[i] = (int) (packed[i] & mask);
        }
    }
}
