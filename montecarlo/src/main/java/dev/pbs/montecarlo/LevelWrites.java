package dev.pbs.montecarlo;

import java.util.random.RandomGenerator;

/**
 * The writes of one multi-datacenter trial (model note section 7): when each replica receives the
 * write from each write site, when its acknowledgement arrives, and when each distinct write
 * (level, site) of a {@link LevelTrialPlan} commits. Times in ms after the write starts.
 *
 * <p>For write site x in datacenter cw, replica i of cw receives the write at {@code a_i = W_i}; in
 * another datacenter e one replica f, chosen at random, receives it at {@code a_f = D(cw, e) +
 * W_f} and relays it to the others, {@code a_j = a_f + W_j}; replica i acknowledges at {@code a_i
 * + A_i} (+ {@code D(d(i), cw)} when remote). A write level commits at {@code w_t}, the k-th
 * counted acknowledgement (EACH_QUORUM: the latest of the datacenters' quorums).
 *
 * <p>When the write's coordinator is a replica (always, or in a share of the trials decided per
 * trial and site), one replica c of cw, chosen at random per trial and site, coordinates the write: its own copy arrives at {@code a_c = W_local} and acknowledges {@code
 * A_local} later (the profile's local path) instead of {@code W_c} and {@code A_c}. It forwards to
 * the other datacenters as any coordinator does.
 *
 * <p>Reused from trial to trial: no allocation per trial.
 */
final class LevelWrites {

    private final LevelTrialPlan plan;
    private final int n;

    /** arrival[x][i]: when replica i received write site x's write. */
    final double[][] arrival;

    /** Per write (level, site): commit time, and the replicas whose acknowledgements it counted. */
    final double[] commit;

    /** Bit i set when replica i's acknowledgement counted (at most 64 replicas). */
    final long[] acknowledgedMask;

    /** acknowledged[x][i]: when replica i's acknowledgement reached write site x. */
    private final double[][] acknowledged;
    /** Per write site: replicas by acknowledgement time, all of them and those of each datacenter. */
    private final int[][] orderAll;

    private final int[][][] orderIn;
    /** 0 to n - 1. */
    private final int[] allReplicas;

    LevelWrites(LevelTrialPlan plan) {
        this.plan = plan;
        this.n = plan.n;
        int writeSites = plan.writeDatacenters.length;
        int datacenters = plan.datacenterCount;
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
        allReplicas = new int[n];
        for (int i = 0; i < n; i++) {
            allReplicas[i] = i;
        }
    }

    /**
     * Write site x: every replica's arrival and acknowledgement times, and their orders, from the
     * block's delays of one trial; draws the co-located coordinator (when coordinators are
     * replicas), then each remote datacenter's forwarding replica, from {@code random}.
     */
    void deliver(int x, LevelDelayBlock delays, int trial, RandomGenerator random) {
        int coordinatorDatacenter = plan.writeDatacenters[x];
        int coordinator = plan.coordinatorReplica && TrialPlan.onReplica(plan.writeCoordinatorShare, random)
                ? pick(plan.replicasIn[coordinatorDatacenter], random)
                : -1;
        double[][] write = delays.write;
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
                if (coordinator >= 0) {
                    arrived[coordinator] = delays.localWrite[x][trial];
                }
                continue;
            }
            int forwarder = pick(replicas, random);
            double relayed = delays.forward[x][d][trial] + write[forwarder][trial];
            for (int replica : replicas) {
                arrived[replica] = replica == forwarder ? relayed : relayed + write[replica][trial];
            }
        }
        double[] acknowledgedAt = acknowledged[x];
        for (int i = 0; i < n; i++) {
            double back =
                    plan.replicaDatacenter[i] == coordinatorDatacenter ? 0 : delays.remoteAcknowledgement[x][i][trial];
            acknowledgedAt[i] = arrived[i] + delays.acknowledgement[i][trial] + back;
        }
        if (coordinator >= 0) {
            acknowledgedAt[coordinator] = arrived[coordinator] + delays.localAcknowledgement[x][trial];
        }
        sortByTime(acknowledgedAt, allReplicas, orderAll[x], n);
        for (int d = 0; d < plan.datacenterCount; d++) {
            sortByTime(acknowledgedAt, plan.replicasIn[d], orderIn[x][d], plan.replicasIn[d].length);
        }
    }

    /** Write k: its commit time and the replicas whose acknowledgements it counted. */
    void commit(int k) {
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

    /** One of {@code replicas}, uniformly at random; no draw when there is only one. */
    static int pick(int[] replicas, RandomGenerator random) {
        return replicas.length == 1 ? replicas[0] : replicas[random.nextInt(replicas.length)];
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
}
