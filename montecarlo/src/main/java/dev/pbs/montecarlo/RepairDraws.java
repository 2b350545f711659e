package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import java.util.random.RandomGenerator;

/**
 * The delays of blocking read repair, drawn a block at a time from a chunk's auxiliary generator
 * (so that a run with repair draws every other delay exactly as one without): for each replica, a
 * fresh write W' and acknowledgement A' from its own distributions, plus the inter-datacenter delay
 * each way when it is outside the read coordinator's datacenter, or the profile's local path when
 * the read coordinator runs on it. Repairing replica i then takes {@code W'[i] + A'[i]} after the
 * read has its answers.
 */
final class RepairDraws {

    private final TrialPlan plan;
    private final int n;
    private final double[][] write;
    private final double[][] acknowledgement;
    private final double[][] interWrite;
    private final double[][] interAcknowledgement;
    private final double[] localWrite;
    private final double[] localAcknowledgement;
    private final double[] cost;

    private LatencySampler[] writeSamplers;
    private LatencySampler[] acknowledgementSamplers;
    private LatencySampler interSampler;
    private LatencySampler[] localSamplers;

    RepairDraws(TrialPlan plan, int block) {
        this.plan = plan;
        this.n = plan.n;
        write = new double[n][block];
        acknowledgement = new double[n][block];
        int interRows = plan.crossesDatacenters ? n : 0;
        interWrite = new double[interRows][block];
        interAcknowledgement = new double[interRows][block];
        localWrite = new double[plan.coordinatorReplica ? block : 0];
        localAcknowledgement = new double[plan.coordinatorReplica ? block : 0];
        cost = new double[n];
    }

    /** Builds the samplers of a chunk from its auxiliary generator. */
    void start(RandomGenerator auxiliary) {
        writeSamplers = new LatencySampler[n];
        acknowledgementSamplers = new LatencySampler[n];
        for (int i = 0; i < n; i++) {
            writeSamplers[i] = plan.write[i].sampler(auxiliary);
            acknowledgementSamplers[i] = plan.acknowledgement[i].sampler(auxiliary);
        }
        interSampler = plan.crossesDatacenters ? plan.interDatacenterDelay.sampler(auxiliary) : null;
        localSamplers = plan.coordinatorReplica ? plan.local.samplers(auxiliary) : null;
    }

    /** Draws the next block of {@code size} trials. */
    void fill(int size) {
        for (int i = 0; i < n; i++) {
            writeSamplers[i].fill(write[i], 0, size);
            acknowledgementSamplers[i].fill(acknowledgement[i], 0, size);
        }
        if (interSampler != null) {
            for (int i = 0; i < n; i++) {
                interSampler.fill(interWrite[i], 0, size);
                interSampler.fill(interAcknowledgement[i], 0, size);
            }
        }
        if (localSamplers != null) {
            localSamplers[0].fill(localWrite, 0, size);
            localSamplers[1].fill(localAcknowledgement, 0, size);
        }
    }

    /**
     * Sets each replica's repair time for trial {@code trial} of the block.
     *
     * @param readCoordinator the replica the read coordinator runs on, or -1
     * @param readDatacenter the read coordinator's datacenter
     */
    void costs(int trial, int readCoordinator, int readDatacenter) {
        for (int i = 0; i < n; i++) {
            double w = write[i][trial];
            double a = acknowledgement[i][trial];
            if (plan.crossesDatacenters && plan.replicaDatacenter[i] != readDatacenter) {
                w += interWrite[i][trial];
                a += interAcknowledgement[i][trial];
            }
            if (i == readCoordinator) {
                w = localWrite[trial];
                a = localAcknowledgement[trial];
            }
            cost[i] = w + a;
        }
    }

    /** The time to repair replica {@code replica} in the current trial, ms. */
    double cost(int replica) {
        return cost[replica];
    }
}
