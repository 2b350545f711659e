package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
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
 * <p>Delays are drawn a block at a time per replica and message (one virtual call per block), in
 * a fixed order, so the draws depend only on the chunk's generator. No allocation per trial.
 */
final class ChunkSimulator implements ChunkedRun.Worker {

    static final int BLOCK = 256;
    private static final int INSERTION_SORT_LIMIT = 24;

    private final TrialPlan plan;
    private final Accumulator accumulator;
    private final int n;

    private final double[][] write;
    private final double[][] acknowledgement;
    private final double[][] read;
    private final double[][] response;
    private final double[][] interWrite;
    private final double[][] interAcknowledgement;
    private final double[][] interRead;
    private final double[][] interResponse;
    private final double[] localWrite = new double[BLOCK];
    private final double[] localAcknowledgement = new double[BLOCK];
    private final double[] localRead = new double[BLOCK];
    private final double[] localResponse = new double[BLOCK];

    /** Per replica of the current trial: W[i] + A[i], R[i] + S[i], and W[i] - R[i]. */
    private final double[] acknowledgedAt;

    private final double[] respondedAt;
    private final double[] gap;
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

    /**
     * With speculation, per R (0-based): the position in the read order of the contacted replica
     * whose answer was not kept, and the extra replica that was kept instead; -1 when none.
     */
    private final int[] droppedPosition;

    private final int[] spareReplica;
    /** The dynamic snitch's scores of the current read's replicas, and the replicas ordered by them. */
    private final double[] snitchScores;

    private final int[] byScore;
    /** The repair's draws and the current trial's cost of repairing each replica, with blocking read repair. */
    private final RepairDraws repair;

    ChunkSimulator(TrialPlan plan, Accumulator accumulator) {
        this.plan = plan;
        this.accumulator = accumulator;
        this.n = plan.n;
        write = new double[n][BLOCK];
        acknowledgement = new double[n][BLOCK];
        read = new double[n][BLOCK];
        response = new double[n][BLOCK];
        int interRows = plan.crossesDatacenters ? n : 0;
        interWrite = new double[interRows][BLOCK];
        interAcknowledgement = new double[interRows][BLOCK];
        interRead = new double[interRows][BLOCK];
        interResponse = new double[interRows][BLOCK];
        acknowledgedAt = new double[n];
        respondedAt = new double[n];
        gap = new double[n];
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
        droppedPosition = new int[n];
        snitchScores = new double[n];
        byScore = new int[n];
        spareReplica = new int[n];
        repair = plan.repairs ? new RepairDraws(plan, BLOCK) : null;
    }

    Accumulator accumulator() {
        return accumulator;
    }

    /** Runs {@code trials} trials drawing from {@code random}. */
    @Override
    public void run(RandomGenerator random, RandomGenerator auxiliary, int trials) {
        LatencySampler[] writeSamplers = new LatencySampler[n];
        LatencySampler[] acknowledgementSamplers = new LatencySampler[n];
        LatencySampler[] readSamplers = new LatencySampler[n];
        LatencySampler[] responseSamplers = new LatencySampler[n];
        for (int i = 0; i < n; i++) {
            writeSamplers[i] = plan.write[i].sampler(random);
            acknowledgementSamplers[i] = plan.acknowledgement[i].sampler(random);
            readSamplers[i] = plan.read[i].sampler(random);
            responseSamplers[i] = plan.response[i].sampler(random);
        }
        LatencySampler interSampler = plan.crossesDatacenters ? plan.interDatacenterDelay.sampler(random) : null;
        LatencySampler[] localSamplers = plan.coordinatorReplica ? plan.local.samplers(random) : null;
        if (repair != null) {
            repair.start(auxiliary);
        }

        for (int done = 0; done < trials; done += BLOCK) {
            int size = Math.min(BLOCK, trials - done);
            for (int i = 0; i < n; i++) {
                writeSamplers[i].fill(write[i], 0, size);
            }
            for (int i = 0; i < n; i++) {
                acknowledgementSamplers[i].fill(acknowledgement[i], 0, size);
            }
            for (int i = 0; i < n; i++) {
                readSamplers[i].fill(read[i], 0, size);
            }
            for (int i = 0; i < n; i++) {
                responseSamplers[i].fill(response[i], 0, size);
            }
            if (interSampler != null) {
                for (int i = 0; i < n; i++) {
                    interSampler.fill(interWrite[i], 0, size);
                    interSampler.fill(interAcknowledgement[i], 0, size);
                    interSampler.fill(interRead[i], 0, size);
                    interSampler.fill(interResponse[i], 0, size);
                }
            }
            if (localSamplers != null) {
                localSamplers[0].fill(localWrite, 0, size);
                localSamplers[1].fill(localAcknowledgement, 0, size);
                localSamplers[2].fill(localRead, 0, size);
                localSamplers[3].fill(localResponse, 0, size);
            }
            if (repair != null) {
                repair.fill(size);
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
        if (plan.threeReplicasPlain) {
            ThreeReplicas.evaluate(write, acknowledgement, read, response, trial, commit, readLatency, smallestGap);
            recordExpanding();
            return;
        }
        gatherDelays(trial, random);
        if (plan.nonExpanding) {
            sortIndices(acknowledgedAt, writeOrder);
            for (int k = 0; k < n; k++) {
                commit[k] = acknowledgedAt[writeOrder[k]];
            }
            if (plan.targeted) {
                shuffleReadOrder(random);
            } else {
                sortIndices(respondedAt, readOrder);
            }
            if (plan.speculates) {
                for (int k = 0; k < n; k++) {
                    writeRank[writeOrder[k]] = k;
                }
                speculativeReads(true);
                recordSpeculativeNonExpanding();
            } else {
                recordNonExpanding();
            }
            return;
        }
        if (plan.repairs && !plan.targeted) {
            // Fan-out all, with the responders' identities, which the repair needs.
            sortIndices(respondedAt, readOrder);
            double smallest = Double.POSITIVE_INFINITY;
            SmallSorts.sortInto(acknowledgedAt, commit, n);
            for (int k = 0; k < plan.maxRead; k++) {
                smallest = Math.min(smallest, gap[readOrder[k]]);
                smallestGap[k] = smallest;
                readLatency[k] = respondedAt[readOrder[k]];
            }
            recordExpanding();
            recordRepairs(trial);
            return;
        }
        // commit[k] is the (k+1)-th acknowledgement time.
        SmallSorts.sortInto(acknowledgedAt, commit, n);
        double smallest = Double.POSITIVE_INFINITY;
        if (plan.speculates) {
            shuffleReadOrder(random);
            speculativeReads(false);
        } else if (plan.targeted) {
            shuffleReadOrder(random);
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
            for (int k = 0; k < plan.maxRead; k++) {
                smallest = Math.min(smallest, sortedGap[k]);
                smallestGap[k] = smallest;
            }
        }
        recordExpanding();
        if (plan.repairs) {
            recordRepairs(trial);
        }
    }

    /**
     * Blocking read repair, at every time of the grid and for every configuration whose reads keep
     * two or more answers: the read repairs when some kept answer is fresh at t and some is not
     * (all stale answers agree with each other), and waits for the slowest repair of a stale one.
     */
    private void recordRepairs(int trial) {
        repair.costs(trial, readCoordinator, readDatacenter);
        for (int c = 0; c < plan.configurationCount; c++) {
            int k = plan.readIndex[c];
            if (k == 0) {
                continue;
            }
            double committed = commit[plan.writeIndex[c]];
            long[] repairs = accumulator.repairs[c];
            long[] nanos = accumulator.repairNanos[c];
            for (int g = 0; g < plan.grid.length; g++) {
                double t = plan.grid[g];
                boolean fresh = false;
                double slowest = -1;
                for (int j = 0; j <= k; j++) {
                    int replica = keptReplica(k, j);
                    double keptGap = gap[replica] - (replica == spareReplica[k] ? plan.speculationThreshold[k] : 0);
                    if (keptGap - committed <= t) {
                        fresh = true;
                    } else {
                        slowest = Math.max(slowest, repair.cost(replica));
                    }
                }
                if (fresh && slowest >= 0) {
                    repairs[g]++;
                    nanos[g] += Math.round(slowest * 1e6);
                }
            }
        }
    }

    /**
     * The j-th (0-based) of the R = k + 1 replicas whose answers a read kept: the first R of the
     * read order, with speculation less the one dropped and plus the extra one.
     */
    private int keptReplica(int k, int j) {
        if (!plan.speculates || droppedPosition[k] < 0) {
            return readOrder[j];
        }
        return j == droppedPosition[k] ? spareReplica[k] : readOrder[j];
    }

    /**
     * A fresh partial Fisher-Yates shuffle from the identity: the first maxRead are the targets.
     * With a local read preference p (co-located coordinator), the read coordinator's own replica
     * is put first with probability p and last otherwise, and the others are shuffled around it.
     */
    private void shuffleReadOrder(RandomGenerator random) {
        if (plan.snitch) {
            snitchReadOrder(random);
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

    /**
     * The dynamic snitch's order ({@link dev.pbs.model.readpath.ReplicaChoice}): a uniformly
     * random order, as the static snitch gives for a random key, kept unless at some position its
     * replica's score exceeds the tolerance times the score of the replica at that position of the
     * order by score; then the order by score (ties by replica number).
     */
    private void snitchReadOrder(RandomGenerator random) {
        for (int i = 0; i < n; i++) {
            readOrder[i] = i;
        }
        for (int k = 0; k < n - 1; k++) {
            int swap = k + random.nextInt(n - k);
            int chosen = readOrder[swap];
            readOrder[swap] = readOrder[k];
            readOrder[k] = chosen;
        }
        double[] scores = snitchScores;
        double[] datacenterScores = plan.snitchScore[readDatacenter];
        for (int i = 0; i < n; i++) {
            scores[i] = i == readCoordinator ? plan.localSnitchScore : datacenterScores[i];
        }
        for (int i = 0; i < n; i++) {
            int replica = i;
            int j = i - 1;
            while (j >= 0 && scores[byScore[j]] > scores[replica]) {
                byScore[j + 1] = byScore[j];
                j--;
            }
            byScore[j + 1] = replica;
        }
        for (int k = 0; k < n; k++) {
            if (scores[readOrder[k]] > plan.snitchTolerance * scores[byScore[k]]) {
                System.arraycopy(byScore, 0, readOrder, 0, n);
                return;
            }
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
            writeCoordinator = pick(plan.replicasIn[writeDatacenter], random);
            readCoordinator = pick(plan.replicasIn[readDatacenter], random);
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

    /**
     * A targeted read with speculative retry, for every R: the first R replicas of the read's
     * order are asked at its start; when they have not all answered by the threshold, replica R + 1
     * of the order is asked then, and the read completes with the first R answers. Fills, per R,
     * the read latency (the R-th answer) and either the smallest gap of the answering replicas
     * (the extra one's less the threshold: its request left that much later) or, for
     * non-expanding quorums, their smallest write rank; counts the reads that speculated.
     */
    private void speculativeReads(boolean ranks) {
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
                accumulator.speculated[k]++;
                int extra = readOrder[k + 1];
                double extraAt = threshold + respondedAt[extra];
                if (extraAt < latency) {
                    dropped = slowest;
                    spare = extra;
                    latency = Math.max(extraAt, secondSlowest);
                }
            }
            double smallest = Double.POSITIVE_INFINITY;
            int rank = Integer.MAX_VALUE;
            for (int j = 0; j <= k; j++) {
                if (j != dropped) {
                    smallest = Math.min(smallest, gap[readOrder[j]]);
                    rank = Math.min(rank, writeRank[readOrder[j]]);
                }
            }
            if (spare >= 0) {
                smallest = Math.min(smallest, gap[spare] - threshold);
                rank = Math.min(rank, writeRank[spare]);
            }
            smallestGap[k] = smallest;
            smallestRank[k] = ranks ? rank : 0;
            readLatency[k] = latency;
            droppedPosition[k] = dropped;
            spareReplica[k] = spare;
        }
    }

    /** {@link #recordNonExpanding} for reads that {@link #speculativeReads} has filled. */
    private void recordSpeculativeNonExpanding() {
        recordLatencies();
        for (int c : plan.partialConfigurations) {
            if (smallestRank[plan.readIndex[c]] <= plan.writeIndex[c]) {
                accumulator.consistentAtOnce[c]++;
            } else {
                accumulator.neverConsistent[c]++;
            }
        }
    }

    private void recordNonExpanding() {
        for (int k = 0; k < n; k++) {
            writeRank[writeOrder[k]] = k;
        }
        int responders = plan.maxRead;
        int rank = Integer.MAX_VALUE;
        double latency = 0;
        for (int k = 0; k < responders; k++) {
            int replica = readOrder[k];
            rank = Math.min(rank, writeRank[replica]);
            smallestRank[k] = rank;
            latency = plan.targeted ? Math.max(latency, respondedAt[replica]) : respondedAt[replica];
            readLatency[k] = latency;
        }
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
