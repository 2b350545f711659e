package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Runs WARS trials with faulty replicas ({@link dev.pbs.model.faults.Faults}) for one worker, into
 * its {@link Accumulator} and {@link FaultCounts}. Targeted reads only (Cassandra's): the trial's
 * replica order is drawn once, and a read asks the first R replicas of it that are up when it
 * starts.
 *
 * <p>One trial, time 0 the write's start (see {@link ReplicaFaults} for the faults' state):
 * <ul>
 *   <li>the write reaches each replica up at time 0 at {@code W[i]}, is handled at {@code h_i(W[i])}
 *       (after the pause it arrives in, if any), and acknowledged at {@code h_i(W[i]) + A[i]}; it
 *       commits at the W-th acknowledgement, {@code w_t}; with fewer than W replicas up it is
 *       unavailable, and the trial counts for that W only as such;</li>
 *   <li>a replica down at time 0 receives the write's hint when it has been replayed (or never);</li>
 *   <li>a read starting at {@code s = w_t + t} asks the first R replicas of the order that are up
 *       at s; replica j answers it with the write iff the write (or its hint) reached j no later
 *       than the read, {@code arrival_j <= s + R[j]}; with fewer than R up at {@code s = w_t} the
 *       read is unavailable;</li>
 *   <li>a pause handles the messages it held at its end in no particular order: when it held the
 *       write, a read it also held is handled first with probability {@link
 *       dev.pbs.model.faults.PauseProcess#READ_FIRST_PROBABILITY} (one draw per replica and trial),
 *       so {@code arrival_j} is the pause's end if so, its start otherwise.</li>
 * </ul>
 * Whether the read is consistent can change at each replica's freshness time {@code arrival_j -
 * R[j] - w_t} and at each return {@code returnsAt_j - w_t}: the trial is evaluated at t = 0 and at
 * each of those, which gives its whole curve exactly. A replica that returns before its hint makes
 * a read stale again, so a trial may turn stale after being consistent: the grid counts are then
 * signed changes, and the trial's threshold t* is the last time it turns consistent (the read is
 * consistent at every t >= t*).
 *
 * <p>Latencies are those of operations at a random instant: the write's commit time, and a read
 * starting at time 0, which asks the first R replicas up then and waits for the slowest, each
 * answering at {@code h_j(R[j]) + S[j]}.
 */
final class FaultSimulator implements ChunkedRun.Worker {

    private final TrialPlan plan;
    private final Accumulator accumulator;
    private final FaultCounts counts;
    private final ReplicaFaults faults;
    private final int n;

    private final double[] write;
    private final double[] acknowledgement;
    private final double[] read;
    private final double[] response;
    private final double[] acknowledgedAt;
    private final double[] commit;
    /** Per replica: when the write (or its hint) reaches it, ms; +infinity for never. */
    private final double[] arrival;

    private final int[] order;
    private final double[] points;
    private final SnitchOrder snitch;

    FaultSimulator(TrialPlan plan, Accumulator accumulator, FaultCounts counts, ReplicaFaults faults) {
        this.plan = plan;
        this.accumulator = accumulator;
        this.counts = counts;
        this.faults = faults;
        this.n = plan.n;
        write = new double[n];
        acknowledgement = new double[n];
        read = new double[n];
        response = new double[n];
        acknowledgedAt = new double[n];
        commit = new double[n];
        arrival = new double[n];
        order = new int[n];
        points = new double[2 * n + 1];
        snitch = plan.snitch ? new SnitchOrder(plan) : null;
    }

    Accumulator accumulator() {
        return accumulator;
    }

    FaultCounts counts() {
        return counts;
    }

    @Override
    public void run(RandomGenerator random, RandomGenerator auxiliary, int trials) {
        LatencySampler[] samplers = new LatencySampler[4 * n];
        for (int i = 0; i < n; i++) {
            samplers[4 * i] = plan.write[i].sampler(random);
            samplers[4 * i + 1] = plan.acknowledgement[i].sampler(random);
            samplers[4 * i + 2] = plan.read[i].sampler(random);
            samplers[4 * i + 3] = plan.response[i].sampler(random);
        }
        faults.start(auxiliary);
        for (int trial = 0; trial < trials; trial++) {
            for (int i = 0; i < n; i++) {
                write[i] = samplers[4 * i].sample();
                acknowledgement[i] = samplers[4 * i + 1].sample();
                read[i] = samplers[4 * i + 2].sample();
                response[i] = samplers[4 * i + 3].sample();
            }
            faults.draw();
            fillOrder(random);
            runTrial();
        }
        accumulator.trials += trials;
    }

    private void fillOrder(RandomGenerator random) {
        if (snitch != null) {
            snitch.fill(order, -1, 0, random);
            return;
        }
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

    private void runTrial() {
        for (int i = 0; i < n; i++) {
            if (faults.down[i]) {
                acknowledgedAt[i] = Double.POSITIVE_INFINITY;
                arrival[i] = faults.hintArrives[i];
            } else {
                double handled = faults.handledAt(i, write[i]);
                acknowledgedAt[i] = handled + acknowledgement[i];
                arrival[i] = handled > write[i] ? heldWriteVisibleFrom(i, handled) : write[i];
            }
        }
        System.arraycopy(acknowledgedAt, 0, commit, 0, n);
        Arrays.sort(commit);
        for (int k = 0; k < n; k++) {
            if (plan.writeNeeded[k] && commit[k] < Double.POSITIVE_INFINITY) {
                accumulator.writeLatency[k].recordMillis(commit[k]);
            }
        }
        readAtRandomInstant();
        for (int c = 0; c < plan.configurationCount; c++) {
            evaluate(c);
        }
    }

    /**
     * For a write held by a pause of replica {@code replica} that ends at {@code pauseEnd}: from
     * which arrival time a read sees it. The messages a pause held are handled at its end in no
     * particular order (Cassandra hands mutations and reads to separate thread pools), so a read
     * held by the same pause sees the write unless it is handled first: then only reads arriving
     * at or after the pause's end see it, otherwise every read arriving since the pause began.
     */
    private double heldWriteVisibleFrom(int replica, double pauseEnd) {
        return faults.readHandledFirst() ? pauseEnd : faults.heldSince(replica, write[replica]);
    }

    /** The read starting at time 0: its latency per R, or unavailable; whether it met a pause. */
    private void readAtRandomInstant() {
        int asked = 0;
        double latency = 0;
        boolean paused = false;
        for (int k = 0; k < n && asked < plan.maxRead; k++) {
            int replica = order[k];
            if (!faults.upAt(replica, 0)) {
                continue;
            }
            double handled = faults.handledAt(replica, read[replica]);
            paused |= handled > read[replica];
            latency = Math.max(latency, handled + response[replica]);
            if (plan.readNeeded[asked]) {
                accumulator.readLatency[asked].recordMillis(latency);
                counts.readsAnswered[asked]++;
                if (paused) {
                    counts.readsPaused[asked]++;
                }
            }
            asked++;
        }
    }

    /** One configuration's read against this trial's write, over every t at once. */
    private void evaluate(int configuration) {
        int readCount = plan.readIndex[configuration] + 1;
        double committedAt = commit[plan.writeIndex[configuration]];
        if (committedAt == Double.POSITIVE_INFINITY) {
            counts.writeUnavailable[configuration]++;
            return;
        }
        if (!available(readCount, committedAt)) {
            counts.readUnavailable[configuration]++;
            return;
        }
        if (!plan.isPartial(configuration)) {
            // R + W > N: the read asks one of the W replicas that acknowledged, and they stay up.
            accumulator.consistentAtOnce[configuration]++;
            counts.consistentThroughout[configuration]++;
            return;
        }
        // Candidate times at which the answer may change: freshness times and returns after commit.
        int count = 0;
        for (int j = 0; j < n; j++) {
            double fresh = arrival[j] - read[j] - committedAt;
            if (fresh > 0 && fresh < Double.POSITIVE_INFINITY) {
                points[count++] = fresh;
            }
            if (faults.down[j]) {
                double back = faults.returnsAt[j] - committedAt;
                if (back > 0) {
                    points[count++] = back;
                }
            }
        }
        Arrays.sort(points, 0, count);
        boolean consistent = consistentAt(readCount, committedAt, 0);
        if (consistent) {
            accumulator.consistentAtOnce[configuration]++;
        }
        double turnedConsistent = 0;
        long[] changes = accumulator.gridHits[configuration];
        for (int p = 0; p < count; p++) {
            double t = points[p];
            if (p > 0 && t == points[p - 1]) {
                continue;
            }
            boolean now = consistentAt(readCount, committedAt, t);
            if (now != consistent) {
                changes[plan.gridCell(DelayHistogram.bucketOf(t), t)] += now ? 1 : -1;
                consistent = now;
                if (now) {
                    turnedConsistent = t;
                }
            }
        }
        if (!consistent) {
            accumulator.neverConsistent[configuration]++;
        } else if (turnedConsistent > 0) {
            accumulator.thresholds[configuration].recordMillis(turnedConsistent);
        } else {
            counts.consistentThroughout[configuration]++;
        }
    }

    /** Whether a read starting at {@code start} finds {@code readCount} replicas up. */
    private boolean available(int readCount, double start) {
        int up = 0;
        for (int j = 0; j < n; j++) {
            if (faults.upAt(j, start)) {
                up++;
            }
        }
        return up >= readCount;
    }

    /**
     * Whether the read starting {@code t} ms after commit sees the write. The comparisons are
     * written as the change points are computed ({@code arrival - R - commit}, {@code returns -
     * commit}), so that at a change point they hold exactly, whatever the rounding.
     */
    private boolean consistentAt(int readCount, double committedAt, double t) {
        int asked = 0;
        for (int k = 0; k < n && asked < readCount; k++) {
            int replica = order[k];
            if (faults.down[replica] && !(faults.returnsAt[replica] - committedAt <= t)) {
                continue;
            }
            asked++;
            if (arrival[replica] - read[replica] - committedAt <= t) {
                return true;
            }
        }
        return false;
    }
}
