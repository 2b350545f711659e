package dev.pbs.service.probes;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/** Profiles of measured (empirical) delays, as a probe publishes them, from seeded exponential samples. */
public final class CannedProfiles {

    private CannedProfiles() {}

    /** W, A, R and S each 1,000 samples of 0.3 ms plus an exponential of mean 1 ms, in microseconds. */
    public static LatencyProfile measured(String name, long seed) {
        return slowWrites(name, seed, 1);
    }

    /**
     * As {@link #measured}, but the writes' exponential has mean {@code writeMeanMillis}: with a
     * mean above 1 ms the W delays spread, and the windows of partial quorums grow.
     */
    public static LatencyProfile slowWrites(String name, long seed, double writeMeanMillis) {
        return LatencyProfile.builder(name)
                .defaults(new MessageDelays(
                        delays(seed * 4, writeMeanMillis),
                        delays(seed * 4 + 1, 1),
                        delays(seed * 4 + 2, 1),
                        delays(seed * 4 + 3, 1)))
                .build();
    }

    /**
     * As {@link #measured}, but {@code lateWrites} of the 1,000 W samples are {@code lateMillis}
     * (a replica that gets some writes only hours later): beyond the engine's range of about 2.3
     * hours, a partial quorum's 99.9% window is beyond the simulated range when more than about
     * 0.1% of reads can miss such a write.
     */
    public static LatencyProfile lateWrites(String name, long seed, int lateWrites, double lateMillis) {
        Histogram writes = samples(seed * 4, 1, 1000 - lateWrites);
        writes.recordValueWithCount(Math.round(1000 * lateMillis), lateWrites);
        return LatencyProfile.builder(name)
                .defaults(new MessageDelays(
                        Empirical.of(writes, TimeUnit.MICROSECONDS),
                        delays(seed * 4 + 1, 1),
                        delays(seed * 4 + 2, 1),
                        delays(seed * 4 + 3, 1)))
                .build();
    }

    private static Empirical delays(long seed, double meanMillis) {
        return Empirical.of(samples(seed, meanMillis, 1000), TimeUnit.MICROSECONDS);
    }

    /** count samples of 0.3 ms plus an exponential of mean meanMillis, in microseconds. */
    private static Histogram samples(long seed, double meanMillis, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        Histogram histogram = new Histogram(3);
        for (int index = 0; index < count; index++) {
            histogram.recordValue(Math.round(1000 * (0.3 - meanMillis * Math.log1p(-random.nextDouble()))));
        }
        return histogram;
    }
}
