package dev.pbs.montecarlo.rare;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ReadFanout;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Runs importance-sampled WARS trials for one worker, a chunk at a time, into a {@link
 * ChunkRecord}: each trial's likelihood ratio and, per configuration, where its threshold t* falls.
 *
 * <p>One trial is the plain engine's (model note, section 3) with the write delays tilted: each
 * replica's {@code W[i] = Q_i(v_i)} with {@code v_i} drawn from the {@link DefensiveTilt} (a
 * constant W is drawn plainly: tilting it would add variance and nothing else), and A, R, S drawn
 * plainly. The trial's weight is {@code w = prod_i f(v_i) / g(v_i)}. Then, as in the engine, the
 * write commits at {@code w_t}, the W-th smallest {@code W[i] + A[i]}; the read keeps the first R
 * replicas by {@code R[i] + S[i]} (ties to the lower replica) with fan-out all, or R replicas
 * chosen uniformly at random when targeted; and {@code t* = min over those of (W[i] - R[i]) - w_t}.
 * A replica's write delay is the only delay whose upper tail keeps a read stale late, which is why
 * only W is tilted.
 */
final class TiltedTrials {

    private static final int BLOCK = 256;

    private final int n;
    private final LatencyDistribution[] write;
    private final boolean[] tilted;
    private final MessageDelays[] delays;
    private final DefensiveTilt tilt;
    private final boolean targeted;
    private final int[] readIndex;
    private final int[] writeIndex;
    private final int maxRead;
    private final double[] grid;

    private final double[][] writeDelay;
    private final double[][] acknowledgement;
    private final double[][] read;
    private final double[][] response;
    private final double[] weight = new double[BLOCK];
    private final double[] acknowledgedAt;
    private final double[] respondedAt;
    private final double[] gap;
    private final double[] commit;
    private final int[] readOrder;
    private final double[] smallestGap;

    TiltedTrials(
            List<MessageDelays> replicaDelays,
            DefensiveTilt tilt,
            ReadFanout fanout,
            List<QuorumConfiguration> configurations,
            double[] grid) {
        this.n = replicaDelays.size();
        this.tilt = tilt;
        this.targeted = fanout == ReadFanout.TARGETED;
        this.grid = grid;
        delays = replicaDelays.toArray(MessageDelays[]::new);
        write = new LatencyDistribution[n];
        tilted = new boolean[n];
        for (int i = 0; i < n; i++) {
            write[i] = delays[i].write();
            tilted[i] = !(write[i] instanceof Constant);
        }
        readIndex = new int[configurations.size()];
        writeIndex = new int[configurations.size()];
        int largestRead = 0;
        for (int c = 0; c < readIndex.length; c++) {
            readIndex[c] = configurations.get(c).r() - 1;
            writeIndex[c] = configurations.get(c).w() - 1;
            largestRead = Math.max(largestRead, configurations.get(c).r());
        }
        maxRead = largestRead;
        writeDelay = new double[n][BLOCK];
        acknowledgement = new double[n][BLOCK];
        read = new double[n][BLOCK];
        response = new double[n][BLOCK];
        acknowledgedAt = new double[n];
        respondedAt = new double[n];
        gap = new double[n];
        commit = new double[n];
        readOrder = new int[n];
        smallestGap = new double[n];
    }

    /** Runs {@code trials} trials drawing from {@code random} into {@code record}, from its start. */
    void run(RandomGenerator random, int trials, ChunkRecord record) {
        LatencySampler[] writeSamplers = new LatencySampler[n];
        LatencySampler[] acknowledgementSamplers = new LatencySampler[n];
        LatencySampler[] readSamplers = new LatencySampler[n];
        LatencySampler[] responseSamplers = new LatencySampler[n];
        for (int i = 0; i < n; i++) {
            writeSamplers[i] = write[i].sampler(random);
            acknowledgementSamplers[i] = delays[i].acknowledgement().sampler(random);
            readSamplers[i] = delays[i].read().sampler(random);
            responseSamplers[i] = delays[i].response().sampler(random);
        }
        record.trials = trials;
        for (int done = 0; done < trials; done += BLOCK) {
            int size = Math.min(BLOCK, trials - done);
            Arrays.fill(weight, 0, size, 1.0);
            for (int i = 0; i < n; i++) {
                if (tilted[i]) {
                    drawTilted(i, random, size);
                } else {
                    writeSamplers[i].fill(writeDelay[i], 0, size);
                }
                acknowledgementSamplers[i].fill(acknowledgement[i], 0, size);
                readSamplers[i].fill(read[i], 0, size);
                responseSamplers[i].fill(response[i], 0, size);
            }
            for (int trial = 0; trial < size; trial++) {
                evaluate(trial, random);
                record.weight[done + trial] = weight[trial];
                for (int c = 0; c < readIndex.length; c++) {
                    double threshold = smallestGap[readIndex[c]] - commit[writeIndex[c]];
                    record.location[c][done + trial] = ChunkRecord.location(threshold, grid);
                }
            }
        }
    }

    private void drawTilted(int replica, RandomGenerator random, int size) {
        LatencyDistribution distribution = write[replica];
        double[] out = writeDelay[replica];
        for (int trial = 0; trial < size; trial++) {
            double survival = tilt.draw(random);
            weight[trial] *= tilt.likelihoodRatio(survival);
            out[trial] = distribution.tabulatedInverseSurvival(survival);
        }
    }

    /** The commit times by W and, per R, the smallest gap {@code W[i] - R[i]} of the kept replicas. */
    private void evaluate(int trial, RandomGenerator random) {
        for (int i = 0; i < n; i++) {
            double w = writeDelay[i][trial];
            double r = read[i][trial];
            acknowledgedAt[i] = w + acknowledgement[i][trial];
            respondedAt[i] = r + response[i][trial];
            gap[i] = w - r;
        }
        sortInto(acknowledgedAt, commit);
        if (targeted) {
            // A partial Fisher-Yates shuffle from the identity: the first maxRead are the targets.
            for (int i = 0; i < n; i++) {
                readOrder[i] = i;
            }
            for (int k = 0; k < maxRead; k++) {
                int swap = k + (n - k > 1 ? random.nextInt(n - k) : 0);
                int chosen = readOrder[swap];
                readOrder[swap] = readOrder[k];
                readOrder[k] = chosen;
            }
        } else {
            orderByResponse();
        }
        double smallest = Double.POSITIVE_INFINITY;
        for (int k = 0; k < maxRead; k++) {
            smallest = Math.min(smallest, gap[readOrder[k]]);
            smallestGap[k] = smallest;
        }
    }

    /** {@code sorted} = {@code values} ascending (insertion sort: N is small). */
    private void sortInto(double[] values, double[] sorted) {
        for (int i = 0; i < n; i++) {
            double value = values[i];
            int j = i - 1;
            while (j >= 0 && sorted[j] > value) {
                sorted[j + 1] = sorted[j];
                j--;
            }
            sorted[j + 1] = value;
        }
    }

    /** The replicas in order of response; ties keep the lower replica first (a stable sort). */
    private void orderByResponse() {
        for (int i = 0; i < n; i++) {
            double value = respondedAt[i];
            int j = i - 1;
            while (j >= 0 && respondedAt[readOrder[j]] > value) {
                readOrder[j + 1] = readOrder[j];
                j--;
            }
            readOrder[j + 1] = i;
        }
    }
}
