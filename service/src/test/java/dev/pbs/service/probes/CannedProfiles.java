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
        return LatencyProfile.builder(name)
                .defaults(new MessageDelays(
                        delays(seed * 4), delays(seed * 4 + 1), delays(seed * 4 + 2), delays(seed * 4 + 3)))
                .build();
    }

    private static Empirical delays(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Histogram histogram = new Histogram(3);
        for (int index = 0; index < 1000; index++) {
            histogram.recordValue(Math.round(1000 * (0.3 - Math.log1p(-random.nextDouble()))));
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }
}
