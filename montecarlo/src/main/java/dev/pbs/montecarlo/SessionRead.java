package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import java.util.random.RandomGenerator;

/**
 * One read of a session trial: its R and S delays to and from every replica and its replica order,
 * drawn once, and for any R the answers it keeps, as the WARS trials keep them. Fan-out all keeps
 * the first R answers of all N; a targeted read asks the first R replicas of its order (random, or
 * the dynamic snitch's) and, with speculative retry, asks the next one when they have not all
 * answered by the threshold, keeping the first R answers. Times are after the read's start, ms.
 */
final class SessionRead {

    private final TrialPlan plan;
    private final int n;
    private final double[] requestDelay;
    private final double[] answeredAt;
    private final int[] order;
    private final SnitchOrder snitch;
    /** The latest time a threshold may send a request at (0 without speculation). */
    private final double latestThreshold;

    /** The replicas whose answers the read keeps, for the R of the last {@link #keep}. */
    final int[] kept;
    /** When each kept replica received the read's request. */
    final double[] keptArrival;
    /** When the read had its R answers. */
    double latency;

    SessionRead(TrialPlan plan) {
        this.plan = plan;
        this.n = plan.n;
        this.requestDelay = new double[n];
        this.answeredAt = new double[n];
        this.order = new int[n];
        this.snitch = plan.snitch ? new SnitchOrder(plan) : null;
        this.kept = new int[n];
        this.keptArrival = new double[n];
        double latest = 0;
        for (double threshold : plan.speculationThreshold) {
            if (Double.isFinite(threshold)) {
                latest = Math.max(latest, threshold);
            }
        }
        this.latestThreshold = latest;
    }

    /** Draws the read's delays and its order of replicas. */
    void draw(LatencySampler[] read, LatencySampler[] response, RandomGenerator random) {
        for (int replica = 0; replica < n; replica++) {
            requestDelay[replica] = read[replica].sample();
            answeredAt[replica] = requestDelay[replica] + response[replica].sample();
        }
        if (!plan.targeted) {
            for (int i = 0; i < n; i++) {
                int replica = i;
                int j = i - 1;
                while (j >= 0 && answeredAt[order[j]] > answeredAt[replica]) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = replica;
            }
        } else if (snitch != null) {
            snitch.fill(order, -1, 0, random);
        } else {
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            for (int k = 0; k < n - 1; k++) {
                int swap = k + random.nextInt(n - k);
                int chosen = order[swap];
                order[swap] = order[k];
                order[k] = chosen;
            }
        }
    }

    /** The latest time after the read's start at which any request it may send arrives. */
    double lastArrival() {
        double latest = 0;
        for (int replica = 0; replica < n; replica++) {
            latest = Math.max(latest, requestDelay[replica]);
        }
        return latest + latestThreshold;
    }

    /** Sets {@link #kept}, {@link #keptArrival} and {@link #latency} for R = {@code k + 1}. */
    void keep(int k) {
        if (!plan.targeted) {
            for (int j = 0; j <= k; j++) {
                kept[j] = order[j];
                keptArrival[j] = requestDelay[order[j]];
            }
            latency = answeredAt[order[k]];
            return;
        }
        int slowest = 0;
        double last = Double.NEGATIVE_INFINITY;
        double secondLast = Double.NEGATIVE_INFINITY;
        for (int j = 0; j <= k; j++) {
            int replica = order[j];
            kept[j] = replica;
            keptArrival[j] = requestDelay[replica];
            double at = answeredAt[replica];
            if (at > last) {
                secondLast = last;
                last = at;
                slowest = j;
            } else if (at > secondLast) {
                secondLast = at;
            }
        }
        double threshold = plan.speculationThreshold[k];
        if (last > threshold) {
            int extra = order[k + 1];
            double extraAt = threshold + answeredAt[extra];
            if (extraAt < last) {
                kept[slowest] = extra;
                keptArrival[slowest] = threshold + requestDelay[extra];
                last = Math.max(extraAt, secondLast);
            }
        }
        latency = last;
    }
}
