package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import java.util.random.RandomGenerator;

/**
 * A block of {@link ChunkSimulator#BLOCK} trials' delays for a {@link LevelTrialPlan}, in ms: each
 * replica's W, A, R and S, the inter-datacenter delays of the write sites' and read sites'
 * messages, and, when coordinators are replicas, each site's coordinator's own replica's delays.
 * Indexed {@code [...][trial]}, trial in {@code [0, BLOCK)}. A chunk fills the block through
 * {@link Samplers} bound to its generator, always in the same order, so that the draws depend only
 * on that generator. Allocated once per worker.
 */
final class LevelDelayBlock {

    static final int BLOCK = ChunkSimulator.BLOCK;

    private final LevelTrialPlan plan;
    private final int n;

    /** write[i], acknowledgement[i], read[i], response[i]: replica i's W, A, R, S. */
    final double[][] write;

    final double[][] acknowledgement;
    final double[][] read;
    final double[][] response;
    /** forward[x][e]: the write's message from write site x's datacenter to datacenter e. */
    final double[][][] forward;
    /** remoteAcknowledgement[x][i]: replica i's acknowledgement's inter-datacenter delay to site x. */
    final double[][][] remoteAcknowledgement;
    /** remoteRead[y][i] and remoteResponse[y][i]: the read's inter-datacenter delays, read site y. */
    final double[][][] remoteRead;

    final double[][][] remoteResponse;

    /**
     * localWrite[x] and localAcknowledgement[x]: write site x's coordinator's own replica's W and A;
     * localRead[y] and localResponse[y]: read site y's coordinator's own replica's R and S. No rows
     * unless coordinators are replicas.
     */
    final double[][] localWrite;

    final double[][] localAcknowledgement;
    final double[][] localRead;
    final double[][] localResponse;

    LevelDelayBlock(LevelTrialPlan plan) {
        this.plan = plan;
        this.n = plan.n;
        write = new double[n][BLOCK];
        acknowledgement = new double[n][BLOCK];
        read = new double[n][BLOCK];
        response = new double[n][BLOCK];
        int writeSites = plan.writeDatacenters.length;
        int readSites = plan.readDatacenters.length;
        forward = new double[writeSites][plan.datacenterCount][BLOCK];
        remoteAcknowledgement = new double[writeSites][n][BLOCK];
        remoteRead = new double[readSites][n][BLOCK];
        remoteResponse = new double[readSites][n][BLOCK];
        int localWriteRows = plan.coordinatorReplica ? writeSites : 0;
        int localReadRows = plan.coordinatorReplica ? readSites : 0;
        localWrite = new double[localWriteRows][BLOCK];
        localAcknowledgement = new double[localWriteRows][BLOCK];
        localRead = new double[localReadRows][BLOCK];
        localResponse = new double[localReadRows][BLOCK];
    }

    /** Samplers bound to one chunk's generator, to fill this block from. */
    Samplers samplers(RandomGenerator random) {
        return new Samplers(random);
    }

    /** The chunk's samplers, each bound to its generator, filling the block in a fixed order. */
    final class Samplers {
        private final LatencySampler[][] local;
        private final LatencySampler[][] forwardSamplers;
        private final LatencySampler[][] acknowledgementSamplers;
        private final LatencySampler[][] readSamplers;
        private final LatencySampler[][] responseSamplers;
        /** The local path's W, A, R and S, bound after every other sampler; null unless co-located. */
        private final LatencySampler[] localSamplers;
        /** The chunk's generator, for the coupling's draws. */
        private final RandomGenerator random;
        /** Couples each operation's messages ({@link LevelTrialPlan#correlation}); null when independent. */
        private final CorrelatedDelays coupling;

        Samplers(RandomGenerator random) {
            this.random = random;
            coupling = plan.correlation.isNone() ? null : new CorrelatedDelays(BLOCK);
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
            localSamplers = plan.coordinatorReplica ? plan.local.samplers(random) : null;
        }

        /** Draws the first {@code size} trials of the block, {@code size <= BLOCK}. */
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
            if (localSamplers != null) {
                // Drawn last, so that a run without co-located coordinators draws as it always has.
                for (int x = 0; x < localWrite.length; x++) {
                    localSamplers[0].fill(localWrite[x], 0, size);
                    localSamplers[1].fill(localAcknowledgement[x], 0, size);
                }
                for (int y = 0; y < localRead.length; y++) {
                    localSamplers[2].fill(localRead[y], 0, size);
                    localSamplers[3].fill(localResponse[y], 0, size);
                }
            }
            if (coupling != null) {
                couple(size);
            }
        }

        /**
         * Couples the block's messages of each write, then of each read, as {@link ChunkSimulator}
         * does: the replicas' W and A, then R and S, each on a shared factor; the coordinators' own
         * replicas at their own loading. Inter-datacenter delays stay independent.
         */
        private void couple(int size) {
            coupling.coupleOperation(
                    new double[][][] {write, acknowledgement},
                    plan.correlation.writeLoading(),
                    new double[][][] {localWrite, localAcknowledgement},
                    plan.correlation.ownWriteLoading(),
                    size,
                    random);
            coupling.coupleOperation(
                    new double[][][] {read, response},
                    plan.correlation.readLoading(),
                    new double[][][] {localRead, localResponse},
                    plan.correlation.ownReadLoading(),
                    size,
                    random);
        }
    }
}
