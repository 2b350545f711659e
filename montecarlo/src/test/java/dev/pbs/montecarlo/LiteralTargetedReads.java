package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.util.Arrays;
import java.util.Comparator;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import java.util.stream.IntStream;

/**
 * Targeted reads with speculative retry written the slow, literal way, for a fixed t, sharing
 * none of the engine's code: fresh trials of identical replicas; the write commits at the W-th
 * acknowledgement; the read asks R replicas in random order at its start and, when they have not
 * all answered by the threshold, the next one then; it keeps the first R answers, each fresh iff
 * the write reached that replica before the read request did. When they disagree, the read
 * asks the same replicas again when its R-th answer arrives, each request taking a fresh read
 * delay, and repairs those the write had still not reached.
 */
final class LiteralTargetedReads {

    /** What a read's kept answers were at t. */
    record Tally(long consistent, long disagreeing, long repairing, int trials) {
        double consistentFraction() {
            return (double) consistent / trials;
        }

        double disagreeingFraction() {
            return (double) disagreeing / trials;
        }

        double repairingFraction() {
            return (double) repairing / trials;
        }
    }

    private LiteralTargetedReads() {}

    /**
     * Counts, over {@code trials} fresh trials at time {@code t} after commit, the reads with a
     * fresh kept answer and those whose kept answers disagree (some fresh, some not).
     *
     * @param threshold ms after the read's start at which it asks one more replica
     */
    static Tally at(LatencyProfile profile, int n, int r, int w, double threshold, double t, int trials, long seed) {
        RandomGenerator random =
                RandomGeneratorFactory.of("Xoroshiro128PlusPlus").create(seed);
        MessageDelays delays = profile.delaysOf(0);
        LatencySampler write = delays.write().sampler(random);
        LatencySampler acknowledgement = delays.acknowledgement().sampler(random);
        LatencySampler read = delays.read().sampler(random);
        LatencySampler response = delays.response().sampler(random);
        long consistent = 0;
        long disagreeing = 0;
        long repairing = 0;
        double[] writeDelay = new double[n];
        double[] acknowledged = new double[n];
        double[] readDelay = new double[n];
        double[] responseDelay = new double[n];
        for (int trial = 0; trial < trials; trial++) {
            for (int i = 0; i < n; i++) {
                writeDelay[i] = write.sample();
                acknowledged[i] = writeDelay[i] + acknowledgement.sample();
                readDelay[i] = read.sample();
                responseDelay[i] = response.sample();
            }
            double commit = Arrays.stream(acknowledged).sorted().toArray()[w - 1];
            int[] order = IntStream.range(0, n).toArray();
            for (int k = n - 1; k > 0; k--) {
                int swap = random.nextInt(k + 1);
                int kept = order[k];
                order[k] = order[swap];
                order[swap] = kept;
            }
            double slowest = 0;
            for (int j = 0; j < r; j++) {
                slowest = Math.max(slowest, readDelay[order[j]] + responseDelay[order[j]]);
            }
            int asked = slowest > threshold && r < n ? r + 1 : r;
            // Each asked replica: when it answered, which it is, and when its request left.
            double[][] answers = new double[asked][];
            for (int j = 0; j < asked; j++) {
                int replica = order[j];
                double sent = j < r ? 0 : threshold;
                answers[j] = new double[] {sent + readDelay[replica] + responseDelay[replica], replica, sent};
            }
            Arrays.sort(answers, Comparator.comparingDouble(answer -> answer[0]));
            boolean fresh = false;
            boolean stale = false;
            for (int j = 0; j < r; j++) {
                int replica = (int) answers[j][1];
                if (writeDelay[replica] <= commit + t + answers[j][2] + readDelay[replica]) {
                    fresh = true;
                } else {
                    stale = true;
                }
            }
            consistent += fresh ? 1 : 0;
            disagreeing += fresh && stale ? 1 : 0;
            if (fresh && stale) {
                double firstRoundEnd = answers[r - 1][0];
                boolean stillStale = false;
                for (int j = 0; j < r; j++) {
                    int replica = (int) answers[j][1];
                    stillStale |= writeDelay[replica] > commit + t + firstRoundEnd + read.sample();
                }
                repairing += stillStale ? 1 : 0;
            }
        }
        return new Tally(consistent, disagreeing, repairing, trials);
    }
}
