package dev.pbs.montecarlo;

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
    /** The block's R', S', W'' and A'' (and their inter-datacenter delays and local paths), never coupled. */
    private final WarsDelayBlock draws;

    private final double[] cost;
    private final double[] request;
    private final double[] roundTrip;

    RepairDraws(TrialPlan plan, int block) {
        this.plan = plan;
        this.n = plan.n;
        draws = new WarsDelayBlock(plan, block);
        cost = new double[n];
        request = new double[n];
        roundTrip = new double[n];
    }

    /** Builds the samplers of a chunk from its auxiliary generator. */
    void start(RandomGenerator auxiliary) {
        draws.start(auxiliary);
    }

    /** Draws the next block of {@code size} trials. */
    void fill(int size) {
        draws.fill(size);
    }

    /**
     * Sets each replica's second-round times for trial {@code trial} of the block.
     *
     * @param readCoordinator the replica the read coordinator runs on, or -1
     * @param readDatacenter the read coordinator's datacenter
     */
    void costs(int trial, int readCoordinator, int readDatacenter) {
        for (int i = 0; i < n; i++) {
            double w = draws.write[i][trial];
            double a = draws.acknowledgement[i][trial];
            double r = draws.read[i][trial];
            double s = draws.response[i][trial];
            if (plan.crossesDatacenters && plan.replicaDatacenter[i] != readDatacenter) {
                w += draws.interWrite[i][trial];
                a += draws.interAcknowledgement[i][trial];
                r += draws.interRead[i][trial];
                s += draws.interResponse[i][trial];
            }
            if (i == readCoordinator) {
                w = draws.localWrite[trial];
                a = draws.localAcknowledgement[trial];
                r = draws.localRead[trial];
                s = draws.localResponse[trial];
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
