package dev.pbs.cli;

import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGeneratorFactory;
import org.HdrHistogram.Histogram;

/** Profile files of "measured" delays for the fit command's tests, drawn with fixed seeds. */
final class MeasuredProfileFiles {

    private static final int OBSERVATIONS = 50_000;

    private MeasuredProfileFiles() {}

    /**
     * Profile "measured", three replicas: default W drawn from the paper's lnkd-disk write mixture,
     * A and S one histogram drawn from LogNormal(-0.5, 0.4), R a parametric Pareto (not measured);
     * replica 2's W drawn from LogNormal(2, 0.7).
     */
    static LatencyProfile measured() {
        Empirical network = sample(LogNormal.of(-0.5, 0.4), 2);
        return LatencyProfile.builder("measured")
                .description("three replicas, one with a slow disk")
                .provenance("drawn by the test with fixed seeds")
                .defaults(new MessageDelays(
                        sample(BuiltInProfiles.LINKEDIN_DISK_WRITE, 1), network, Pareto.of(0.2, 8), network))
                .replicaOverrides(List.of(
                        DelayOverrides.NONE,
                        DelayOverrides.NONE,
                        new DelayOverrides(sample(LogNormal.of(2, 0.7), 3), null, null, null)))
                .build();
    }

    static Path write(Path directory, String fileName, LatencyProfile profile) throws IOException {
        return Files.writeString(directory.resolve(fileName), ProfileJson.writeString(profile));
    }

    /** Delays recorded in whole microseconds, as a probe would. */
    private static Empirical sample(LatencyDistribution distribution, long seed) {
        LatencySampler sampler = distribution.sampler(
                RandomGeneratorFactory.of("L64X128MixRandom").create(seed));
        Histogram histogram = new Histogram(3);
        for (int i = 0; i < OBSERVATIONS; i++) {
            histogram.recordValue((long) (sampler.sample() * 1000));
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }
}
