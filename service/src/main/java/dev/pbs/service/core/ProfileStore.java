package dev.pbs.service.core;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The latency profiles the service knows: the built-in ones ({@link BuiltInProfiles}), which cannot
 * be changed and never touch storage, uploaded ones ({@link UploadedProfiles}: files in the data
 * directory, or the fleet's Cassandra keyspace) and live ones that probes publish
 * ({@link LiveProfiles}).
 *
 * <p>Storage failures surface as {@link java.io.UncheckedIOException} (files) or
 * {@link StateStoreUnavailableException} (the fleet's keyspace); the store is then unchanged.
 */
public final class ProfileStore {

    public static final String BUILT_IN = "built-in";
    public static final String UPLOADED = "uploaded";
    /** Origin of profiles a probe configured in the service measures and refreshes. */
    public static final String LIVE = "live-probe";
    /** Every live profile's name starts with this; no uploaded name can (':' is not allowed in them). */
    public static final String LIVE_PREFIX = "cassandra:";

    /** A profile and where it comes from: {@link #BUILT_IN}, {@link #UPLOADED} or {@link #LIVE}. */
    public record StoredProfile(LatencyProfile profile, String origin) {

        public StoredProfile {
            Objects.requireNonNull(profile, "profile");
            Objects.requireNonNull(origin, "origin");
        }

        public String name() {
            return profile.name();
        }

        public boolean isBuiltIn() {
            return BUILT_IN.equals(origin);
        }
    }

    /** What a {@link #put} did. */
    public enum Result {
        CREATED,
        REPLACED
    }

    private final List<StoredProfile> builtIn;
    private final UploadedProfiles uploaded;
    private final LiveProfiles live;

    public ProfileStore(UploadedProfiles uploaded, LiveProfiles live) {
        this.builtIn = BuiltInProfiles.all().stream()
                .map(profile -> new StoredProfile(profile, BUILT_IN))
                .toList();
        this.uploaded = Objects.requireNonNull(uploaded, "uploaded");
        this.live = Objects.requireNonNull(live, "live");
    }

    /**
     * The single-machine store: uploaded profiles in {@code <dataDirectory>/profiles}
     * ({@link FileUploadedProfiles#open}), live ones in memory.
     *
     * @throws java.io.UncheckedIOException when the directory cannot be created or listed
     */
    public static ProfileStore open(Path dataDirectory) {
        return new ProfileStore(FileUploadedProfiles.open(dataDirectory), LiveProfiles.inMemory());
    }

    /** Stored profiles that could not be loaded when the store was opened, one line each; empty when all went well. */
    public List<String> loadProblems() {
        return uploaded.loadProblems();
    }

    /** All profiles: the built-in ones in their own order, then the uploaded ones by name, then the live ones by name. */
    public List<StoredProfile> list() {
        List<StoredProfile> all = new ArrayList<>(builtIn);
        uploaded.list().forEach(profile -> all.add(new StoredProfile(profile, UPLOADED)));
        live.list().forEach(profile -> all.add(new StoredProfile(profile, LIVE)));
        return all;
    }

    /** The built-in profiles only: what the store can list without reaching its storage. */
    public List<StoredProfile> builtIn() {
        return builtIn;
    }

    /**
     * Publishes or refreshes a live profile.
     *
     * @throws IllegalArgumentException when the name does not start with {@link #LIVE_PREFIX}
     */
    public void publishLive(LatencyProfile profile) {
        if (!profile.name().startsWith(LIVE_PREFIX)) {
            throw new IllegalArgumentException(
                    "a live profile's name must start with " + LIVE_PREFIX + ", was '" + profile.name() + "'");
        }
        live.publish(profile);
    }

    /** The profile of that name; empty for unknown and invalid names. */
    public Optional<StoredProfile> find(String name) {
        if (name == null) {
            return Optional.empty();
        }
        Optional<LatencyProfile> builtInProfile = BuiltInProfiles.named(name);
        if (builtInProfile.isPresent()) {
            return Optional.of(new StoredProfile(builtInProfile.get(), BUILT_IN));
        }
        if (name.startsWith(LIVE_PREFIX)) {
            return live.find(name).map(profile -> new StoredProfile(profile, LIVE));
        }
        if (!ProfileName.isValid(name)) {
            return Optional.empty();
        }
        return uploaded.find(name).map(profile -> new StoredProfile(profile, UPLOADED));
    }

    /**
     * Stores the profile under the name, durably. The stored profile carries {@code name}: a
     * profile whose own name differs is stored as a copy renamed to {@code name}, so the URL or
     * file name is the one source of a profile's name.
     *
     * @throws IllegalArgumentException when the name breaks a {@link ProfileName} rule
     * @throws ProfileConflictException when the name is a built-in profile's
     */
    public Result put(String name, LatencyProfile profile) {
        ProfileName.require(name);
        Objects.requireNonNull(profile, "profile");
        requireNotBuiltIn(name, "replaced");
        return uploaded.put(named(name, profile)) ? Result.REPLACED : Result.CREATED;
    }

    /**
     * Deletes the uploaded profile of that name, durably; false when there is none.
     *
     * @throws IllegalArgumentException when the name breaks a {@link ProfileName} rule
     * @throws ProfileConflictException when the name is a built-in profile's
     */
    public boolean delete(String name) {
        ProfileName.require(name);
        requireNotBuiltIn(name, "deleted");
        return uploaded.delete(name);
    }

    private static void requireNotBuiltIn(String name, String change) {
        if (BuiltInProfiles.isBuiltIn(name)) {
            throw new ProfileConflictException("profile '" + name + "' is built in and cannot be " + change);
        }
    }

    /** The profile under that name: itself if it has it, else a copy with every field but the name. */
    static LatencyProfile named(String name, LatencyProfile profile) {
        if (profile.name().equals(name)) {
            return profile;
        }
        return profile.toBuilder(name).build();
    }
}
