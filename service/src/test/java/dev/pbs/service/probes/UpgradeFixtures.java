package dev.pbs.service.probes;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.core.FileUploadedProfiles;
import dev.pbs.service.history.ProbeHistory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Writes the upgrade fixture: a data directory as this release's service writes it (an uploaded
 * profile, a probe's history of two windows, a probe's record of one window), kept under
 * {@code src/test/resources/upgrade/<release>/data} so that later releases are tested against it
 * ({@link UpgradeFixtureTest}). Run once per release, from the service module:
 * {@code java -cp ... dev.pbs.service.probes.UpgradeFixtures src/test/resources/upgrade/0.1.0/data}.
 */
public final class UpgradeFixtures {

    /** The release whose formats the committed fixture holds. */
    static final String RELEASE = "0.1.0";

    static final String PROFILE = "operators-own";
    static final String PROBE = "prod";
    static final Instant FIRST_WINDOW = Instant.parse("2026-12-01T00:00:00Z");
    static final Duration SPACING = Duration.ofMinutes(10);

    private UpgradeFixtures() {}

    static LatencyProfile uploadedProfile() {
        return BuiltInProfiles.named("lnkd-disk").orElseThrow().toBuilder(PROFILE)
                .description("the upgrade fixture's uploaded profile: lnkd-disk renamed")
                .build();
    }

    /** Writes the data directory with this build's code. */
    static void write(Path dataDirectory) throws Exception {
        FileUploadedProfiles.open(dataDirectory).put(uploadedProfile());

        ProbeHistory history =
                ProbeHistory.open(dataDirectory.resolve("history").resolve(PROBE), 10, SPACING, SPACING);
        LatencyProfile live = BuiltInProfiles.named("lnkd-disk").orElseThrow().toBuilder("cassandra:" + PROBE)
                .build();
        history.record(live, CannedLivePrediction.lnkdDisk(), FIRST_WINDOW);
        history.record(live, CannedLivePrediction.lnkdDisk(), FIRST_WINDOW.plus(SPACING));

        ProbeRecords records = new ProbeRecords(
                dataDirectory.resolve("records").resolve(PROBE),
                5,
                Clock.fixed(FIRST_WINDOW.plus(SPACING), ZoneOffset.UTC));
        records.end(records.start(List.of("probe " + PROBE, "the upgrade fixture's window")), true);
    }

    public static void main(String[] args) throws Exception {
        Path dataDirectory = Path.of(args[0]);
        if (Files.exists(dataDirectory)) {
            throw new IllegalStateException(dataDirectory + " exists: the fixture of a release is never rewritten");
        }
        write(dataDirectory);
        Files.writeString(
                dataDirectory.resolveSibling("README.md"),
                "Written by pbs " + RELEASE
                        + "'s UpgradeFixtures (service tests); read by UpgradeFixtureTest. Never edit: a later"
                        + " release must read it as it is.\n",
                StandardCharsets.UTF_8);
    }
}
