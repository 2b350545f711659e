package dev.pbs.cli;

import dev.pbs.formats.profile.ProfileCatalog;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.profile.LatencyProfile;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The {@code --profile NAME | --profile-file FILE} choice that commands share (a picocli mixin
 * holding an exclusive argument group: picocli refuses both at once).
 */
final class ProfileOptions {

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    private Choice choice;

    static final class Choice {

        @Option(
                names = "--profile",
                paramLabel = "NAME",
                required = true,
                description = "Built-in latency profile: lnkd-ssd, lnkd-disk, ymmr, wan or ec2-three-regions.")
        private String name;

        @Option(
                names = "--profile-file",
                paramLabel = "FILE",
                required = true,
                description = "Latency profile in the JSON profile format.")
        private Path file;
    }

    /** The profile named, read or looked up; one of the two options is required. */
    LatencyProfile resolve() {
        if (choice == null) {
            throw new IllegalArgumentException("a profile is needed: --profile NAME (one of "
                    + String.join(", ", ProfileCatalog.names()) + ") or --profile-file FILE");
        }
        return choice.name != null ? ProfileCatalog.require(choice.name) : ProfileJson.readFile(choice.file);
    }
}
