package dev.pbs.montecarlo;

import java.util.random.RandomGenerator;

/**
 * The reads of one multi-datacenter trial (model note section 7): for each read site in datacenter
 * cr, when each replica receives the read and when its answer arrives, and which replicas each
 * distinct read (level, site) of a {@link LevelTrialPlan} contacts. Times in ms after the read
 * starts.
 *
 * <p>Replica i receives the read {@code R_i} (+ {@code D(cr, d(i))} when remote) after it starts,
 * and answers {@code S_i} (+ {@code D(d(i), cr)}) later. The reads of one site share one random
 * order of each datacenter's replicas, so that a larger level contacts a superset of a smaller
 * one's replicas.
 *
 * <p>When the read's coordinator is a replica (always, or in a share of the trials decided per
 * trial and site), one replica of cr, chosen at random per trial and site, coordinates the read: it receives the read {@code R_local} after it starts and answers {@code
 * S_local} later (the profile's local path). With the path's local read preference p it comes
 * first in cr's order with probability p, else last, the others shuffled around it; without p the
 * order stays uniform.
 *
 * <p>Reused from trial to trial: no allocation per trial.
 */
final class LevelReads {

    private final LevelTrialPlan plan;
    private final int n;

    /** readDelay[y][i]: read site y's read's delay to replica i. */
    final double[][] readDelay;

    /** Per read (level, site): the replicas it contacts, how many, and their mask (bit i: replica i). */
    final int[][] contacted;

    final int[] contactedCount;
    final long[] contactedMask;

    /** answered[y][i]: when replica i's answer reached read site y. */
    private final double[][] answered;
    /** This read site's random order of each datacenter's replicas, and of those outside its own. */
    private final int[][] shuffledIn;

    private final int[] shuffledOthers;

    LevelReads(LevelTrialPlan plan) {
        this.plan = plan;
        this.n = plan.n;
        int readSites = plan.readDatacenters.length;
        int datacenters = plan.datacenterCount;
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
    }

    /**
     * Read site y: every replica's read delay and answer time from the block's delays of one trial,
     * then each read's replicas, from orders shuffled with {@code random} (after the co-located
     * coordinator, when coordinators are replicas).
     */
    void send(int y, LevelDelayBlock delays, int trial, RandomGenerator random) {
        int coordinatorDatacenter = plan.readDatacenters[y];
        int coordinator = plan.coordinatorReplica && TrialPlan.onReplica(plan.readCoordinatorShare, random)
                ? LevelWrites.pick(plan.replicasIn[coordinatorDatacenter], random)
                : -1;
        double[] delay = readDelay[y];
        double[] answer = answered[y];
        for (int i = 0; i < n; i++) {
            boolean remote = plan.replicaDatacenter[i] != coordinatorDatacenter;
            double there = delays.read[i][trial] + (remote ? delays.remoteRead[y][i][trial] : 0);
            delay[i] = there;
            answer[i] = there + delays.response[i][trial] + (remote ? delays.remoteResponse[y][i][trial] : 0);
        }
        if (coordinator >= 0) {
            delay[coordinator] = delays.localRead[y][trial];
            answer[coordinator] = delays.localRead[y][trial] + delays.localResponse[y][trial];
        }
        boolean preferred = coordinator >= 0 && !Double.isNaN(plan.localReadPreference);
        for (int d = 0; d < plan.datacenterCount; d++) {
            if (preferred && d == coordinatorDatacenter) {
                shuffleAround(coordinator, plan.replicasIn[d], shuffledIn[d], random);
            } else {
                shuffle(plan.replicasIn[d], shuffledIn[d], random);
            }
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

    /** Read k's latency in ms: its last contacted replica's answer. */
    double latency(int k) {
        double[] answer = answered[plan.readSite[k]];
        double latest = 0;
        for (int j = 0; j < contactedCount[k]; j++) {
            latest = Math.max(latest, answer[contacted[k][j]]);
        }
        return latest;
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

    private static void shuffle(int[] from, int[] into, RandomGenerator random) {
        System.arraycopy(from, 0, into, 0, from.length);
        shuffleInPlace(into, into.length, random);
    }

    /**
     * {@code into} = {@code from} with {@code coordinator} first with the plan's local read
     * preference p, else last, and the other replicas in uniformly random order around it.
     */
    private void shuffleAround(int coordinator, int[] from, int[] into, RandomGenerator random) {
        System.arraycopy(from, 0, into, 0, from.length);
        int last = into.length - 1;
        boolean first = random.nextDouble() < plan.localReadPreference;
        int slot = first ? 0 : last;
        for (int j = 0; j <= last; j++) {
            if (into[j] == coordinator) {
                into[j] = into[slot];
                into[slot] = coordinator;
                break;
            }
        }
        shuffleRange(into, first ? 1 : 0, last, random);
    }

    /** Fisher-Yates over the first {@code count} entries. */
    private static void shuffleInPlace(int[] values, int count, RandomGenerator random) {
        shuffleRange(values, 0, count, random);
    }

    /** Fisher-Yates over the {@code count} entries from {@code start}. */
    private static void shuffleRange(int[] values, int start, int count, RandomGenerator random) {
        for (int i = count - 1; i > 0; i--) {
            int swap = start + random.nextInt(i + 1);
            int value = values[swap];
            values[swap] = values[start + i];
            values[start + i] = value;
        }
    }
}
