package dev.pbs.montecarlo;

import java.util.random.RandomGenerator;

/**
 * The order in which the dynamic snitch has a targeted read ask the replicas ({@link
 * dev.pbs.model.readpath.ReplicaChoice}): a uniformly random order, as the static snitch gives
 * for a random key, kept unless at some position its replica's score exceeds the tolerance times
 * the score of the replica at that position of the order by score; then the order by score (ties
 * by replica number). With a co-located coordinator whose local read preference was measured,
 * the coordinator's own replica is then put first with that probability and last otherwise, the
 * others keeping the snitch's order. One per worker; no allocation per trial.
 */
final class SnitchOrder {

    private final TrialPlan plan;
    private final int n;
    private final double[] scores;
    private final int[] byScore;

    SnitchOrder(TrialPlan plan) {
        this.plan = plan;
        this.n = plan.n;
        this.scores = new double[n];
        this.byScore = new int[n];
    }

    /**
     * Sets {@code order} to the snitch's order of the current read's replicas.
     *
     * @param readCoordinator the replica the read coordinator runs on, or -1
     * @param readDatacenter the read coordinator's datacenter
     */
    void fill(int[] order, int readCoordinator, int readDatacenter, RandomGenerator random) {
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int k = 0; k < n - 1; k++) {
            int swap = k + random.nextInt(n - k);
            int chosen = order[swap];
            order[swap] = order[k];
            order[k] = chosen;
        }
        double[] datacenterScores = plan.snitchScore[readDatacenter];
        for (int i = 0; i < n; i++) {
            scores[i] = i == readCoordinator ? plan.localSnitchScore : datacenterScores[i];
        }
        for (int i = 0; i < n; i++) {
            int j = i - 1;
            while (j >= 0 && scores[byScore[j]] > scores[i]) {
                byScore[j + 1] = byScore[j];
                j--;
            }
            byScore[j + 1] = i;
        }
        for (int k = 0; k < n; k++) {
            if (scores[order[k]] > plan.snitchTolerance * scores[byScore[k]]) {
                System.arraycopy(byScore, 0, order, 0, n);
                break;
            }
        }
        if (readCoordinator >= 0 && !Double.isNaN(plan.localReadPreference)) {
            placeCoordinator(order, readCoordinator, random.nextDouble() < plan.localReadPreference);
        }
    }

    /**
     * Moves the read coordinator's own replica to the front ({@code first}) or the back of {@code
     * order}, the others keeping their order. Where the probe measured how often a coordinator
     * reads its own replica (the local read preference), that measurement, the real snitch's
     * choice, decides the own replica's place rather than pbs's score for it. Cassandra scores
     * its own replica from the local read's latency measured on a coarse clock, so how often a
     * coordinator reads its own replica varies from cluster to cluster and with the load, where a
     * score from the local path's medians would put the own replica first in every read.
     */
    private static void placeCoordinator(int[] order, int coordinator, boolean first) {
        int at = 0;
        while (order[at] != coordinator) {
            at++;
        }
        if (first) {
            System.arraycopy(order, 0, order, 1, at);
            order[0] = coordinator;
        } else {
            System.arraycopy(order, at + 1, order, at, order.length - at - 1);
            order[order.length - 1] = coordinator;
        }
    }
}
