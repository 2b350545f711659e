package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import java.util.random.RandomGenerator;

/**
 * One block of {@link ChunkSimulator#BLOCK} trials' delays for a {@link ChunkSimulator}: every
 * replica's W, A, R and S, the inter-datacenter delay of each of them (when replicas span
 * datacenters) and the coordinator's own replica's local path (with a co-located coordinator),
 * drawn a block at a time per replica and message (one virtual call per block), in a fixed order,
 * so the draws depend only on the chunk's generator; then coupled per operation when the profile
 * correlates one operation's messages ({@link CorrelatedDelays}). No allocation per trial. The
 * simulator reads the arrays directly, trial by trial.
 */
final class WarsDelayBlock {

    private final TrialPlan plan;
    private final int n;

    /** Per replica, per trial of the block: the drawn W, A, R and S, ms. */
    final double[][] write;

    final double[][] acknowledgement;
    final double[][] read;
    final double[][] response;
    /** Per replica, per trial: the inter-datacenter delay of each message (no rows in one datacenter). */
    final double[][] interWrite;

    final double[][] interAcknowledgement;
    final double[][] interRead;
    final double[][] interResponse;
    /** Per trial: the coordinator's own replica's W, A, R and S (its local path). */
    final double[] localWrite;

    final double[] localAcknowledgement;
    final double[] localRead;
    final double[] localResponse;
    /** Couples each operation's messages ({@link TrialPlan#correlation}); null when they are independent. */
    private final CorrelatedDelays coupling;

    private LatencySampler[] writeSamplers;
    private LatencySampler[] acknowledgementSamplers;
    private LatencySampler[] readSamplers;
    private LatencySampler[] responseSamplers;
    private LatencySampler interSampler;
    private LatencySampler[] localSamplers;

    WarsDelayBlock(TrialPlan plan, int size) {
        this.plan = plan;
        this.n = plan.n;
        write = new double[n][size];
        acknowledgement = new double[n][size];
        read = new double[n][size];
        response = new double[n][size];
        int interRows = plan.crossesDatacenters ? n : 0;
        interWrite = new double[interRows][size];
        interAcknowledgement = new double[interRows][size];
        interRead = new double[interRows][size];
        interResponse = new double[interRows][size];
        localWrite = new double[size];
        localAcknowledgement = new double[size];
        localRead = new double[size];
        localResponse = new double[size];
        coupling = plan.correlation.isNone() ? null : new CorrelatedDelays(size);
    }

    /** Takes the samplers of a run drawing from {@code random}. */
    void start(RandomGenerator random) {
        writeSamplers = new LatencySampler[n];
        acknowledgementSamplers = new LatencySampler[n];
        readSamplers = new LatencySampler[n];
        responseSamplers = new LatencySampler[n];
        for (int i = 0; i < n; i++) {
            writeSamplers[i] = plan.write[i].sampler(random);
            acknowledgementSamplers[i] = plan.acknowledgement[i].sampler(random);
            readSamplers[i] = plan.read[i].sampler(random);
            responseSamplers[i] = plan.response[i].sampler(random);
        }
        interSampler = plan.crossesDatacenters ? plan.interDatacenterDelay.sampler(random) : null;
        localSamplers = plan.coordinatorReplica ? plan.local.samplers(random) : null;
    }

    /** Draws the first {@code size} trials' delays, each independently. */
    void fill(int size) {
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
    }

    /**
     * Couples the block's messages of each write, then of each read ({@link CorrelatedDelays}), when
     * the plan correlates them: the replicas' W and A on one shared factor, their R and S on
     * another; the own replica's at its own loading. Inter-datacenter delays stay independent.
     */
    void couple(RandomGenerator random, int size) {
        if (coupling == null) {
            return;
        }
        double[][] noRows = {};
        boolean own = plan.coordinatorReplica;
        coupling.coupleOperation(
                new double[][][] {write, acknowledgement},
                plan.correlation.writeLoading(),
                own ? new double[][][] {{localWrite}, {localAcknowledgement}} : new double[][][] {noRows, noRows},
                plan.correlation.ownWriteLoading(),
                size,
                random);
        coupling.coupleOperation(
                new double[][][] {read, response},
                plan.correlation.readLoading(),
                own ? new double[][][] {{localRead}, {localResponse}} : new double[][][] {noRows, noRows},
                plan.correlation.ownReadLoading(),
                size,
                random);
    }
}
