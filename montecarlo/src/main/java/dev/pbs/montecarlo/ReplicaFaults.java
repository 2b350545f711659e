package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.faults.EquilibriumSampler;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.OutageProcess;
import dev.pbs.model.faults.PauseProcess;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * The faults of one trial, per replica, with time 0 the instant the write starts: whether the
 * replica is down then and when it returns, and when it is paused. Each struck replica's processes
 * are in their stationary state at time 0 ({@link EquilibriumSampler}), independently of the
 * others; pauses after time 0 are drawn as they are needed. A replica up at time 0 is taken to stay
 * up for the trial (the chance that an outage begins within it is about its length over the mean
 * time between failures). One per worker; no allocation per trial once the pause lists have grown.
 */
final class ReplicaFaults {

    private static final int INITIAL_PAUSES = 4;

    private final int n;
    private final boolean[] struck;
    private final PauseProcess pauses;
    private final OutageProcess outages;
    private final double fractionPaused;
    private final double fractionDown;
    private final EquilibriumSampler pauseLength;
    private final EquilibriumSampler runLength;
    private final EquilibriumSampler outageLength;
    private LatencySampler pauseDuration;
    private LatencySampler pauseInterval;
    private LatencySampler hintReplay;
    private RandomGenerator random;

    /** Per replica: down at time 0. */
    final boolean[] down;
    /** Per replica down at time 0: when it returns, ms after time 0. */
    final double[] returnsAt;
    /**
     * Per replica down at time 0: when the write's hint reaches it, ms after time 0; +infinity
     * when it had been down for longer than the hint window (no hint).
     */
    final double[] hintArrives;

    /** Per replica: the pauses drawn so far, [start, end) in ms after time 0, ascending. */
    private double[][] pauseStart;

    private double[][] pauseEnd;
    private final int[] pauseCount;
    /** Per replica: when the first pause not drawn yet starts. */
    private final double[] nextPauseStart;

    ReplicaFaults(Faults faults, int n) {
        this.n = n;
        this.struck = faults.struck(n);
        this.pauses = faults.pauses();
        this.outages = faults.outages();
        fractionPaused = pauses == null ? 0 : pauses.fractionPaused();
        fractionDown = outages == null ? 0 : outages.fractionDown();
        pauseLength = pauses == null ? null : new EquilibriumSampler(pauses.duration());
        runLength = pauses == null || !(pauses.interval().meanMillis() > 0)
                ? null
                : new EquilibriumSampler(pauses.interval());
        outageLength = outages == null ? null : new EquilibriumSampler(outages.duration());
        down = new boolean[n];
        returnsAt = new double[n];
        hintArrives = new double[n];
        pauseStart = new double[n][INITIAL_PAUSES];
        pauseEnd = new double[n][INITIAL_PAUSES];
        pauseCount = new int[n];
        nextPauseStart = new double[n];
        Arrays.fill(nextPauseStart, Double.POSITIVE_INFINITY);
    }

    /** Binds the draws to a chunk's generator. */
    void start(RandomGenerator random) {
        this.random = random;
        pauseDuration = pauses == null ? null : pauses.duration().sampler(random);
        pauseInterval = pauses == null ? null : pauses.interval().sampler(random);
        hintReplay = outages == null ? null : outages.hintReplayDelay().sampler(random);
    }

    /** Draws every struck replica's state at time 0 for a new trial. */
    void draw() {
        for (int i = 0; i < n; i++) {
            down[i] = false;
            pauseCount[i] = 0;
            nextPauseStart[i] = Double.POSITIVE_INFINITY;
            if (!struck[i]) {
                continue;
            }
            if (outages != null && random.nextDouble() < fractionDown) {
                double length = outageLength.length(random);
                double age = random.nextDouble() * length;
                down[i] = true;
                returnsAt[i] = length - age;
                hintArrives[i] = age < outages.hintWindowMillis()
                        ? returnsAt[i] + hintReplay.sample()
                        : Double.POSITIVE_INFINITY;
            }
            if (pauses != null) {
                if (runLength == null || random.nextDouble() < fractionPaused) {
                    double length = pauseLength.length(random);
                    double age = random.nextDouble() * length;
                    addPause(i, -age, length - age);
                    nextPauseStart[i] = length - age + pauseInterval.sample();
                } else {
                    double length = runLength.length(random);
                    nextPauseStart[i] = length - random.nextDouble() * length;
                }
            }
        }
    }

    /** Whether replica {@code replica} is up at time {@code millis} (down ones return, never fail). */
    boolean upAt(int replica, double millis) {
        return !down[replica] || millis >= returnsAt[replica];
    }

    /**
     * When replica {@code replica} handles a message that reaches it at {@code millis}: the end of
     * the pause it arrives in, else at once.
     */
    double handledAt(int replica, double millis) {
        if (pauses == null || !struck[replica] || Double.isInfinite(millis)) {
            return millis;
        }
        while (nextPauseStart[replica] <= millis) {
            double start = nextPauseStart[replica];
            double end = start + pauseDuration.sample();
            addPause(replica, start, end);
            nextPauseStart[replica] = end + pauseInterval.sample();
        }
        double[] starts = pauseStart[replica];
        double[] ends = pauseEnd[replica];
        for (int k = pauseCount[replica] - 1; k >= 0; k--) {
            if (starts[k] <= millis) {
                return millis < ends[k] ? ends[k] : millis;
            }
        }
        return millis;
    }

    /**
     * The start of the pause in which a message reaching replica {@code replica} at {@code millis}
     * is held, ms after time 0 (negative for a pause already under way at time 0); call it after
     * {@link #handledAt} found that the message is held.
     */
    double heldSince(int replica, double millis) {
        double[] starts = pauseStart[replica];
        for (int k = pauseCount[replica] - 1; k >= 0; k--) {
            if (starts[k] <= millis) {
                return starts[k];
            }
        }
        throw new IllegalStateException("no pause holds a message at " + millis + " ms");
    }

    /**
     * Whether, at the end of a pause that held both the write and a read, the read is handled first
     * (probability {@link PauseProcess#READ_FIRST_PROBABILITY}); one draw per replica and trial.
     */
    boolean readHandledFirst() {
        return random.nextDouble() < PauseProcess.READ_FIRST_PROBABILITY;
    }

    private void addPause(int replica, double start, double end) {
        int count = pauseCount[replica];
        if (count == pauseStart[replica].length) {
            pauseStart[replica] = Arrays.copyOf(pauseStart[replica], 2 * count);
            pauseEnd[replica] = Arrays.copyOf(pauseEnd[replica], 2 * count);
        }
        pauseStart[replica][count] = start;
        pauseEnd[replica][count] = end;
        pauseCount[replica] = count + 1;
    }
}
