package dev.pbs.service.cli;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.profiles.ProfileCatalog;
import dev.pbs.service.profiles.ProfileJson;
import java.nio.file.Path;

/** The profile a command names with {@code --profile NAME} or {@code --profile-file FILE}. */
final class ProfileSource {

    private ProfileSource() {
    }

    static LatencyProfile resolve(String name, Path file) {
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
