package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import java.util.random.RandomGenerator;

/**
 * Runs multi-datacenter WARS trials (model note section 7) for one worker, a chunk at a time, into
 * its {@link LevelAccumulator}.
 *
 * <p>One trial: draw every replica's W, A, R, S. For each write datacenter cw, replica i receives
 * the write at {@code a_i = W_i} in cw; in another datacenter e one replica f, chosen at random,
 * receives it at {@code a_f = D(cw, e) + W_f} and relays it to the others, {@code a_j = a_f + W_j};
 * replica i acknowledges at {@code a_i + A_i} (+ {@code D(d(i), cw)} when remote). Each write level
 * commits at {@code w_t}, the k-th counted acknowledgement (EACH_QUORUM: the latest of the
 * datacenters' quorums). For each read datacenter cr, replica i receives the read {@code R_i} (+
 * {@code D(cr, d(i))} when remote) after it starts, and answers {@code S_i} (+ {@code D(d(i), cr)})
 * later. A configuration's threshold is {@code t* = max(0, min over contacted i of a_i - w_t -
 * read delay_i)}: its read is consistent at t iff {@code t >= t*}.
 *
 * <p>Every write and every read is simulated once per trial and shared by the configurations that
 * combine them (common random numbers). The reads of one datacenter share one random order of each
 * datacenter's replicas, so that a larger level contacts a superset of a smaller one's replicas.
 * Delays are drawn a block at a time in a fixed order, so the draws depend only on the chunk's
 * generator. No allocation per trial.
 */
final class LevelChunkSimulator implements ChunkedRun.Worker {

    private static final int BLOCK = ChunkSimulator.BLOCK;

    private final LevelTrialPlan plan;
    private final LevelAccumulator accumulator;
    private final int n;

    private final double[][] write;
    private final double[][] acknowledgement;
    private final double[][] read;
    private final double[][] response;
    /** forward[x][e]: the write's message from write site x's datacenter to datacenter e. */
    private final double[][][] forward;
    /** remoteAcknowledgement[x][i]: replica i's acknowledgement's inter-datacenter delay to site x. */
    private final double[][][] remoteAcknowledgement;
    /** remoteRead[y][i] and remoteResponse[y][i]: the read's inter-datacenter delays, read site y. */
    private final double[][][] remoteRead;

    private final double[][][] remoteResponse;

    /** Per write site and replica: when the write arrived, when its acknowledgement did. */
    private final double[][] arrival;

    private final double[][] acknowledged;
    /** Per write site: replicas by acknowledgement time, all of them and those of each datacenter. */
    private final int[][] orderAll;

    private final int[][][] orderIn;
    /** Per write (level, site): commit time, and the replicas whose acknowledgements it counted. */
    private final double[] commit;

    private final long[] acknowledgedMask;
    /** Per read site and replica: the read's delay to the replica, and its answer's arrival. */
    private final double[][] readDelay;

    private final double[][] answered;
    /** Per read (level, site): the replicas it contacts, how many, and their mask. */
    private final int[][] contacted;

    private final int[] contactedCount;
    private final long[] contactedMask;
    /** This read site's random order of each datacenter's replicas, and of those outside its own. */
    private final int[][] shuffledIn;

    private final int[] shuffledOthers;
    /** 0 to n - 1. */
    private final int[] allReplicas;

    LevelChunkSimulator(LevelTrialPlan plan, LevelAccumulator accumulator) {
        this.plan = plan;
        this.accumulator = accumulator;
        this.n = plan.n;
        write = new double[n][BLOCK];
        acknowledgement = new double[n][BLOCK];
        read = new double[n][BLOCK];
        response = new double[n][BLOCK];
        int writeSites = plan.writeDatacenters.length;
        int readSites = plan.readDatacenters.length;
        int datacenters = plan.datacenterCount;
        forward = new double[writeSites][datacenters][BLOCK];
        remoteAcknowledgement = new double[writeSites][n][BLOCK];
        remoteRead = new double[readSites][n][BLOCK];
        remoteResponse = new double[readSites][n][BLOCK];
        arrival = new double[writeSites][n];
        acknowledged = new double[writeSites][n];
        orderAll = new int[writeSites][n];
        orderIn = new int[writeSites][datacenters][];
        for (int x = 0; x < writeSites; x++) {
            for (int d = 0; d < datacenters; d++) {
                orderIn[x][d] = new int[plan.replicasIn[d].length];
            }
        }
        commit = new double[plan.writes()];
        acknowledgedMask = new long[plan.writes()];
        readDelay = new double[readSites][n];
        answered = new double[readSites][n];
        contacted = new int[plan.reads()][n];
        contactedCount = new int[plan.reads()];
        contactedMask = new long[plan.reads()];
        shuffledIn = new int[datacenters][];
        for (int d = 0; d < datacenters; d++) {
            shuffledIn[d] = new int[plan.replicasIn[d].length];
        }
        shuffledOthers = new int[n];
        allReplicas = new int[n];
        for (int i = 0; i < n; i++) {
            allReplicas[i] = i;
        }
    }

    LevelAccumulator accumulator() {
        return accumulator;
    }

    /** Runs {@code trials} trials drawing from {@code random}. */
    @Override
    public void run(RandomGenerator random, int trials) {
        Samplers samplers = new Samplers(random);
        for (int done = 0; done < trials; done += BLOCK) {
            int size = Math.min(BLOCK, trials - done);
            samplers.fill(size);
            for (int trial = 0; trial < size; trial++) {
                runTrial(trial, random);
            }
        }
        accumulator.trials += trials;
        for (int c = 0; c < plan.configurationCount; c++) {
            if (plan.strict[c]) {
                accumulator.consistentAtOnce[c] += trials;
            }
        }
    }

    private void runTrial(int trial, RandomGenerator random) {
        for (int x = 0; x < plan.writeDatacenters.length; x++) {
            deliverWrite(x, trial, random);
        }
        for (int k = 0; k < plan.writes(); k++) {
            commitWrite(k);
            accumulator.writeLatency[k].recordMillis(commit[k]);
        }
        for (int y = 0; y < plan.readDatacenters.length; y++) {
            sendRead(y, trial, random);
        }
        for (int k = 0; k < plan.reads(); k++) {
            accumulator.readLatency[k].recordMillis(readLatency(k));
        }
        for (int c : plan.partialConfigurations) {
            int writeIndex = plan.configurationWrite[c];
            int readIndex = plan.configurationRead[c];
            double[] arrived = arrival[plan.writeSite[writeIndex]];
            double[] delay = readDelay[plan.readSite[readIndex]];
            int[] replicas = contacted[readIndex];
            double earliest = Double.POSITIVE_INFINITY;
            for (int k = 0; k < contactedCount[readIndex]; k++) {
                int replica = replicas[k];
                earliest = Math.min(earliest, arrived[replica] - delay[replica]);
            }
            double threshold = earliest - commit[writeIndex];
            if (threshold <= 0) {
                accumulator.consistentAtOnce[c]++;
            } else {
                int bucket = DelayHistogram.bucketOf(threshold);
                accumulator.thresholds[c].recordBucket(bucket);
                accumulator.gridHits[c][plan.grid.cell(bucket, threshold)]++;
            }
            if ((acknowledgedMask[writeIndex] & contactedMask[readIndex]) == 0) {
                accumulator.missedAcknowledged[c]++;
            }
        }
    }

    /** Write site x: every replica's arrival and acknowledgement times, and their orders. */
    private void deliverWrite(int x, int trial, RandomGenerator random) {
        int coordinatorDatacenter = plan.writeDatacenters[x];
        double[] arrived = arrival[x];
        for (int d = 0; d < plan.datacenterCount; d++) {
            int[] replicas = plan.replicasIn[d];
            if (replicas.length == 0) {
                continue;
            }
            if (d == coordinatorDatacenter) {
                for (int replica : replicas) {
                    arrived[replica] = write[replica][trial];
                }
                continue;
            }
            int forwarder = replicas.length == 1 ? replicas[0] : replicas[random.nextInt(replicas.length)];
            double relayed = forward[x][d][trial] + write[forwarder][trial];
            for (int replica : replicas) {
                arrived[replica] = replica == forwarder ? relayed : relayed + write[replica][trial];
            }
        }
        double[] acknowledgedAt = acknowledged[x];
        for (int i = 0; i < n; i++) {
            double back = plan.replicaDatacenter[i] == coordinatorDatacenter ? 0 : remoteAcknowledgement[x][i][trial];
            acknowledgedAt[i] = arrived[i] + acknowledgement[i][trial] + back;
        }
        sortByTime(acknowledgedAt, allReplicas, orderAll[x], n);
        for (int d = 0; d < plan.datacenterCount; d++) {
            sortByTime(acknowledgedAt, plan.replicasIn[d], orderIn[x][d], plan.replicasIn[d].length);
        }
    }

    /** Write k: its commit time and the replicas whose acknowledgements it counted. */
    private void commitWrite(int k) {
        int x = plan.writeSite[k];
        double[] acknowledgedAt = acknowledged[x];
        long mask = 0;
        double committed;
        switch (plan.writeScope[k]) {
            case LevelTrialPlan.EVERY_DATACENTER -> {
                int[] order = orderAll[x];
                for (int j = 0; j < plan.writeCount[k]; j++) {
                    mask |= 1L << order[j];
                }
                committed = acknowledgedAt[order[plan.writeCount[k] - 1]];
            }
            case LevelTrialPlan.COORDINATOR_DATACENTER -> {
                int[] order = orderIn[x][plan.writeDatacenters[x]];
                for (int j = 0; j < plan.writeCount[k]; j++) {
                    mask |= 1L << order[j];
                }
                committed = acknowledgedAt[order[plan.writeCount[k] - 1]];
            }
            default -> {
                committed = 0;
                for (int d = 0; d < plan.datacenterCount; d++) {
                    int quorum = plan.quorumIn[d];
                    if (quorum == 0) {
                        continue;
                    }
                    int[] order = orderIn[x][d];
                    for (int j = 0; j < quorum; j++) {
                        mask |= 1L << order[j];
                    }
                    committed = Math.max(committed, acknowledgedAt[order[quorum - 1]]);
                }
            }
        }
        commit[k] = committed;
        acknowledgedMask[k] = mask;
    }

    /** Read site y: every replica's read delay and answer time, then each read's replicas. */
    private void sendRead(int y, int trial, RandomGenerator random) {
        int coordinatorDatacenter = plan.readDatacenters[y];
        double[] delay = readDelay[y];
        double[] answer = answered[y];
        for (int i = 0; i < n; i++) {
            boolean remote = plan.replicaDatacenter[i] != coordinatorDatacenter;
            double there = read[i][trial] + (remote ? remoteRead[y][i][trial] : 0);
            delay[i] = there;
            answer[i] = there + response[i][trial] + (remote ? remoteResponse[y][i][trial] : 0);
        }
        for (int d = 0; d < plan.datacenterCount; d++) {
            shuffle(plan.replicasIn[d], shuffledIn[d], random);
        }
        int others = 0;
        for (int i = 0; i < n; i++) {
            if (plan.replicaDatacenter[i] != coordinatorDatacenter) {
                shuffledOthers[others++] = i;
            }
        }
        shuffleInPlace(shuffledOthers, others, random);
        for (int k = 0; k < plan.reads(); k++) {
            if (plan.readSite[k] == y) {
                chooseReplicas(k, coordinatorDatacenter);
            }
        }
    }

    /** Read k's contacted replicas, from its site's random orders. */
    private void chooseReplicas(int k, int coordinatorDatacenter) {
        int[] chosen = contacted[k];
        int count = 0;
        switch (plan.readScope[k]) {
            case LevelTrialPlan.EVERY_DATACENTER -> {
                int[] local = shuffledIn[coordinatorDatacenter];
                int fromLocal = Math.min(plan.readCount[k], local.length);
                for (int j = 0; j < fromLocal; j++) {
                    chosen[count++] = local[j];
                }
                for (int j = 0; count < plan.readCount[k]; j++) {
                    chosen[count++] = shuffledOthers[j];
                }
            }
            case LevelTrialPlan.COORDINATOR_DATACENTER -> {
                int[] local = shuffledIn[coordinatorDatacenter];
                for (int j = 0; j < plan.readCount[k]; j++) {
                    chosen[count++] = local[j];
                }
            }
            default -> {
                for (int d = 0; d < plan.datacenterCount; d++) {
                    for (int j = 0; j < plan.quorumIn[d]; j++) {
                        chosen[count++] = shuffledIn[d][j];
                    }
                }
            }
        }
        long mask = 0;
        for (int j = 0; j < count; j++) {
            mask |= 1L << chosen[j];
        }
        contactedCount[k] = count;
        contactedMask[k] = mask;
    }

    /** Read k's latency: its last contacted replica's answer. */
    private double readLatency(int k) {
        double[] answer = answered[plan.readSite[k]];
        double latest = 0;
        for (int j = 0; j < contactedCount[k]; j++) {
            latest = Math.max(latest, answer[contacted[k][j]]);
        }
        return latest;
    }

    /** {@code order[0..count)} = {@code replicas[0..count)} sorted by ascending {@code times} (insertion sort). */
    private static void sortByTime(double[] times, int[] replicas, int[] order, int count) {
        for (int i = 0; i < count; i++) {
            int replica = replicas[i];
            double time = times[replica];
            int j = i - 1;
            while (j >= 0 && times[order[j]] > time) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = replica;
        }
    }

    private static void shuffle(int[] from, int[] into, RandomGenerator random) {
        System.arraycopy(from, 0, into, 0, from.length);
        shuffleInPlace(into, into.length, random);
    }

    /** Fisher-Yates over the first {@code count} entries. */
    private static void shuffleInPlace(int[] values, int count, RandomGenerator random) {
        for (int i = count - 1; i > 0; i--) {
            int swap = random.nextInt(i + 1);
            int value = values[swap];
            values[swap] = values[i];
            values[i] = value;
        }
    }

    /** The chunk's samplers, each bound to its generator, filling the blocks in a fixed order. */
    private final class Samplers {
        private final LatencySampler[][] local;
        private final LatencySampler[][] forwardSamplers;
        private final LatencySampler[][] acknowledgementSamplers;
        private final LatencySampler[][] readSamplers;
        private final LatencySampler[][] responseSamplers;

        Samplers(RandomGenerator random) {
            local = new LatencySampler[n][];
            for (int i = 0; i < n; i++) {
                local[i] = new LatencySampler[] {
                    plan.write[i].sampler(random),
                    plan.acknowledgement[i].sampler(random),
                    plan.read[i].sampler(random),
                    plan.response[i].sampler(random)
                };
            }
            int writeSites = plan.writeDatacenters.length;
            int readSites = plan.readDatacenters.length;
            forwardSamplers = new LatencySampler[writeSites][plan.datacenterCount];
            acknowledgementSamplers = new LatencySampler[writeSites][n];
            for (int x = 0; x < writeSites; x++) {
                int coordinator = plan.writeDatacenters[x];
                for (int d = 0; d < plan.datacenterCount; d++) {
                    if (d != coordinator && plan.replicasIn[d].length > 0) {
                        forwardSamplers[x][d] = plan.pair[coordinator][d].sampler(random);
                    }
                }
                for (int i = 0; i < n; i++) {
                    int datacenter = plan.replicaDatacenter[i];
                    if (datacenter != coordinator) {
                        acknowledgementSamplers[x][i] = plan.pair[datacenter][coordinator].sampler(random);
                    }
                }
            }
            readSamplers = new LatencySampler[readSites][n];
            responseSamplers = new LatencySampler[readSites][n];
            for (int y = 0; y < readSites; y++) {
                int coordinator = plan.readDatacenters[y];
                for (int i = 0; i < n; i++) {
                    int datacenter = plan.replicaDatacenter[i];
                    if (datacenter != coordinator) {
                        readSamplers[y][i] = plan.pair[coordinator][datacenter].sampler(random);
                        responseSamplers[y][i] = plan.pair[datacenter][coordinator].sampler(random);
                    }
                }
            }
        }

        void fill(int size) {
            for (int i = 0; i < n; i++) {
                local[i][0].fill(write[i], 0, size);
                local[i][1].fill(acknowledgement[i], 0, size);
                local[i][2].fill(read[i], 0, size);
                local[i][3].fill(response[i], 0, size);
            }
            for (int x = 0; x < forwardSamplers.length; x++) {
                for (int d = 0; d < plan.datacenterCount; d++) {
                    if (forwardSamplers[x][d] != null) {
                        forwardSamplers[x][d].fill(forward[x][d], 0, size);
                    }
                }
                for (int i = 0; i < n; i++) {
                    if (acknowledgementSamplers[x][i] != null) {
                        acknowledgementSamplers[x][i].fill(remoteAcknowledgement[x][i], 0, size);
                    }
                }
            }
            for (int y = 0; y < readSamplers.length; y++) {
                for (int i = 0; i < n; i++) {
                    if (readSamplers[y][i] != null) {
                        readSamplers[y][i].fill(remoteRead[y][i], 0, size);
                        responseSamplers[y][i].fill(remoteResponse[y][i], 0, size);
                    }
                }
            }
        }
    }
}
