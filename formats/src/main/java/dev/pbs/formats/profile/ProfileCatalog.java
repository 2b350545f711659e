package dev.pbs.formats.profile;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import java.util.List;
import java.util.Optional;

/** Looks up the built-in latency profiles (the paper's production fits, and ec2-three-regions) by name. */
public final class ProfileCatalog {

    private ProfileCatalog() {}

    /** The built-in names in a stable order: lnkd-ssd, lnkd-disk, ymmr, wan, ec2-three-regions. */
    public static List<String> names() {
        return BuiltInProfiles.all().stream().map(LatencyProfile::name).toList();
    }

    public static List<LatencyProfile> all() {
        return BuiltInProfiles.all();
    }

    public static Optional<LatencyProfile> find(String name) {
        return name == null ? Optional.empty() : BuiltInProfiles.named(name.trim());
    }

    /** @throws IllegalArgumentException naming the unknown profile and listing the known ones */
    public static LatencyProfile require(String name) {
        return find(name)
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown profile '" + name + "'; known profiles: " + String.join(", ", names())));
    }
}
