package dev.pbs.service.core;

import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The child process of {@link ProfileStoreCrashTest}: opens the store in the data directory given
 * as the only argument and puts {@link #version(int) versions 0 and 1} of profile {@value #NAME} in
 * turn, forever, printing {@code ready} after the first put. The test kills it mid-write.
 */
public final class ProfileStoreWriterMain {

    static final String NAME = "crash-test";
    private static final int COMPONENTS = 200;

    private ProfileStoreWriterMain() {}

    public static void main(String[] arguments) {
        ProfileStore store = ProfileStore.open(Path.of(arguments[0]));
        LatencyProfile[] versions = {version(0), version(1)};
        store.put(NAME, versions[0]);
        System.out.println("ready");
        System.out.flush();
        for (long i = 1; ; i++) {
            store.put(NAME, versions[(int) (i % 2)]);
        }
    }

    /** Version 0 or 1 of the profile: the same large mixture (some 40 kB of JSON), different descriptions. */
    static LatencyProfile version(int version) {
        List<Mixture.Component> components = new ArrayList<>();
        for (int i = 0; i < COMPONENTS; i++) {
            LatencyDistribution distribution = switch (i % 3) {
                case 0 -> Pareto.of(0.1 + i / 1000.0, 1.5 + i / 100.0);
                case 1 -> Exponential.ofMean(0.2 + i / 500.0);
                default -> LogNormal.of(-1 + i / 200.0, 0.3);
            };
            components.add(new Mixture.Component(1.0 / COMPONENTS, distribution));
        }
        Mixture mixture = Mixture.of(components);
        return LatencyProfile.builder(NAME)
                .description("version " + version + ": " + (version == 0 ? "the first text" : "a second, longer text"))
                .provenance("ProfileStoreWriterMain")
                .defaults(MessageDelays.all(mixture))
                .build();
    }
}
