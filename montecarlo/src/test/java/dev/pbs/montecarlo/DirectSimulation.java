package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.util.Arrays;
import java.util.Comparator;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * The WARS model written the slow, literal way, as the paper's own simulator did: for a fixed t,
 * fresh trials in which replica i's response is fresh iff {@code W[i] <= w_t + t + R[i]}. Fan-out
 * all, no datacenters. A reference for the one-pass engine, sharing none of its code.
 */
final class DirectSimulation {

    private DirectSimulation() {}

    /** Trials consistent at t among {@code trials}, for N = {@code n}, quorums r and w. */
    static long consistentTrials(LatencyProfile profile, int n, int r, int w, double tMillis, int trials, long seed) {
        RandomGenerator random =
                RandomGeneratorFactory.of("Xoroshiro128PlusPlus").create(seed);
        LatencySampler[][] samplers = new LatencySampler[n][4];
        for (int i = 0; i < n; i++) {
            MessageDelays delays = profile.delaysOf(i);
            samplers[i][0] = delays.write().sampler(random);
            samplers[i][1] = delays.acknowledgement().sampler(random);
            samplers[i][2] = delays.read().sampler(random);
            samplers[i][3] = delays.response().sampler(random);
        }
        long consistent = 0;
        double[] writeDelay = new double[n];
        double[] acknowledged = new double[n];
        double[] readDelay = new double[n];
        double[] responded = new double[n];
        for (int trial = 0; trial < trials; trial++) {
            for (int i = 0; i < n; i++) {
                writeDelay[i] = samplers[i][0].sample();
                acknowledged[i] = writeDelay[i] + samplers[i][1].sample();
                readDelay[i] = samplers[i][2].sample();
                responded[i] = readDelay[i] + samplers[i][3].sample();
            }
            double[] sortedAcknowledgements = acknowledged.clone();
            Arrays.sort(sortedAcknowledgements);
            double commit = sortedAcknowledgements[w - 1];
            Integer[] responders = new Integer[n];
            for (int i = 0; i < n; i++) {
                responders[i] = i;
            }
            Arrays.sort(responders, Comparator.comparingDouble(i -> responded[i]));
            boolean fresh = false;
            for (int k = 0; k < r; k++) {
                int replica = responders[k];
                if (writeDelay[replica] <= commit + tMillis + readDelay[replica]) {
                    fresh = true;
                }
            }
            if (fresh) {
                consistent++;
            }
        }
        return consistent;
    }
}
