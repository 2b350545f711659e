package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import java.util.random.RandomGenerator;

/**
 * The delays of a read's second round, drawn a block at a time from a chunk's auxiliary generator
 * (so that a run with it draws every other delay exactly as one without). For each replica: the
 * full data read R' and its response S' that follow a digest mismatch, and the repair's write W''
 * and acknowledgement A'', each from the replica's own distributions, plus the inter-datacenter
 * delay each way when the replica is outside the read coordinator's datacenter, or the profile's
 * local path when the read coordinator runs on it. The full data read of replica i takes {@code
 * R'[i] + S'[i]} and reaches it {@code R'[i]} after the first round's answers; repairing it takes
 * {@code W''[i] + A''[i]} after the second round's.
 */
final class RepairDraws {

    private final TrialPlan plan;
    private final int n;
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
    private final double[] cost;
    private final double[] request;
    private final double[] roundTrip;

    private LatencySampler[] writeSamplers;
    private LatencySampler[] acknowledgementSamplers;
    private LatencySampler[] readSamplers;
    private LatencySampler[] responseSamplers;
    private LatencySampler interSampler;
    private LatencySampler[] localSamplers;

    RepairDraws(TrialPlan plan, int block) {
        this.plan = plan;
        this.n = plan.n;
        write = new double[n][block];
        acknowledgement = new double[n][block];
        read = new double[n][block];
        response = new double[n][block];
        int interRows = plan.crossesDatacenters ? n : 0;
        interWrite = new double[interRows][block];
        interAcknowledgement = new double[interRows][block];
        interRead = new double[interRows][block];
        interResponse = new double[interRows][block];
        int localLength = plan.coordinatorReplica ? block : 0;
        localWrite = new double[localLength];
        localAcknowledgement = new double[localLength];
        localRead = new double[localLength];
        localResponse = new double[localLength];
        cost = new double[n];
        request = new double[n];
        roundTrip = new double[n];
    }

    /** Builds the samplers of a chunk from its auxiliary generator. */
    void start(RandomGenerator auxiliary) {
        writeSamplers = new LatencySampler[n];
        acknowledgementSamplers = new LatencySampler[n];
        readSamplers = new LatencySampler[n];
        responseSamplers = new LatencySampler[n];
        for (int i = 0; i < n; i++) {
            writeSamplers[i] = plan.write[i].sampler(auxiliary);
            acknowledgementSamplers[i] = plan.acknowledgement[i].sampler(auxiliary);
            readSamplers[i] = plan.read[i].sampler(auxiliary);
            responseSamplers[i] = plan.response[i].sampler(auxiliary);
        }
        interSampler = plan.crossesDatacenters ? plan.interDatacenterDelay.sampler(auxiliary) : null;
        localSamplers = plan.coordinatorReplica ? plan.local.samplers(auxiliary) : null;
    }

    /** Draws the next block of {@code size} trials. */
    void fill(int size) {
        for (int i = 0; i < n; i++) {
            writeSamplers[i].fill(write[i], 0, size);
            acknowledgementSamplers[i].fill(acknowledgement[i], 0, size);
            readSamplers[i].fill(read[i], 0, size);
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
     * Sets each replica's second-round times for trial {@code trial} of the block.
     *
     * @param readCoordinator the replica the read coordinator runs on, or -1
     * @param readDatacenter the read coordinator's datacenter
     */
    void costs(int trial, int readCoordinator, int readDatacenter) {
        for (int i = 0; i < n; i++) {
            double w = write[i][trial];
            double a = acknowledgement[i][trial];
            double r = read[i][trial];
            double s = response[i][trial];
            if (plan.crossesDatacenters && plan.replicaDatacenter[i] != readDatacenter) {
                w += interWrite[i][trial];
                a += interAcknowledgement[i][trial];
                r += interRead[i][trial];
                s += interResponse[i][trial];
            }
            if (i == readCoordinator) {
                w = localWrite[trial];
                a = localAcknowledgement[trial];
                r = localRead[trial];
                s = localResponse[trial];
            }
            cost[i] = w + a;
            request[i] = r;
            roundTrip[i] = r + s;
        }
    }

    /** The time to repair replica {@code replica} in the current trial (W'' + A''), ms. */
    double cost(int replica) {
        return cost[replica];
    }

    /** How long the full data read takes to reach replica {@code replica} (R'), ms. */
    double request(int replica) {
        return request[replica];
    }

    /** The full data read's round trip to replica {@code replica} (R' + S'), ms. */
    double roundTrip(int replica) {
        return roundTrip[replica];
    }
}
