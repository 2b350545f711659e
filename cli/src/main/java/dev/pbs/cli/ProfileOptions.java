package dev.pbs.cli;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.formats.profile.ProfileCatalog;
import dev.pbs.formats.profile.ProfileJson;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --profile NAME | --profile-file FILE} options that commands share (a picocli mixin). */
final class ProfileOptions {

    @Option(names = "--profile", paramLabel = "NAME",
            description = "Built-in latency profile: lnkd-ssd, lnkd-disk, ymmr or wan.")
    private String name;

    @Option(names = "--profile-file", paramLabel = "FILE", description = "Latency profile in the JSON profile format.")
    private Path file;

    /** The profile named, read or looked up; one of the two options is required. */
    LatencyProfile resolve() {
        if (name != null && file != null) {
            throw new IllegalArgumentException("give either --profile or --profile-file, not both");
        }
        if (name != null) {
            return ProfileCatalog.require(name);
        }
        if (file != null) {
            return ProfileJson.readFile(file);
        }
        throw new IllegalArgumentException("a profile is needed: --profile NAME (one of "
                + String.join(", ", ProfileCatalog.names()) + ") or --profile-file FILE");
    }
}
