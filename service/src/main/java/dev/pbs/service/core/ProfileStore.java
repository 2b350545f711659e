package dev.pbs.service.core;

import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The latency profiles the service knows: the built-in ones ({@link BuiltInProfiles}), which cannot
 * be changed, and uploaded ones, kept as {@code <data directory>/profiles/<name>.json} in the
 * profile-file format ({@link ProfileJson}).
 *
 * <p>Changes are durable and atomic: when {@link #put} or {@link #delete} returns, the change is on
 * disk, and a crash at any moment leaves either the old file or the new one, never a torn one.
 * Changes to one name are serialised; reads never wait. One store per data directory: two stores
 * (or processes) writing the same directory do not see each other's changes.
 *
 * <p>I/O failures surface as {@link UncheckedIOException}; the store is then unchanged.
 */
public final class ProfileStore {

    public static final String BUILT_IN = "built-in";
    public static final String UPLOADED = "uploaded";
    /** Origin of profiles a probe configured in the service measures and refreshes; never stored on disk. */
    public static final String LIVE = "live-probe";
    /** Every live profile's name starts with this; no uploaded name can (':' is not allowed in them). */
    public static final String LIVE_PREFIX = "cassandra:";

    private static final int LOCK_STRIPES = 64;

    /** A profile and where it comes from: {@link #BUILT_IN} or {@link #UPLOADED}. */
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

    private final ProfileStoreFiles files;
    private final List<StoredProfile> builtIn;
    private final Map<String, StoredProfile> uploaded = new ConcurrentHashMap<>();
    private final Map<String, StoredProfile> live = new ConcurrentHashMap<>();
    private final List<String> loadProblems;
    private final Object[] locks = new Object[LOCK_STRIPES];

    private ProfileStore(ProfileStoreFiles files, Map<String, StoredProfile> loaded, List<String> loadProblems) {
        this.files = files;
        this.builtIn = BuiltInProfiles.all().stream()
                .map(profile -> new StoredProfile(profile, BUILT_IN))
                .toList();
        this.uploaded.putAll(loaded);
        this.loadProblems = List.copyOf(loadProblems);
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new Object();
        }
    }

    /**
     * Opens the store in {@code <dataDirectory>/profiles}, creating the directories if missing.
     * Loads every {@code *.json} file there and deletes every {@code *.tmp} file (left by a write
     * that crashed). A file that cannot be loaded is skipped, left in place and described in
     * {@link #loadProblems()}; a later {@link #put} of its name replaces it. A file's name, not the
     * name inside it, names its profile.
     *
     * @throws UncheckedIOException when the directory cannot be created or listed
     */
    public static ProfileStore open(Path dataDirectory) {
        Path directory = dataDirectory.resolve("profiles");
        ProfileStoreFiles files = new ProfileStoreFiles(directory);
        List<String> problems = new ArrayList<>();
        List<Path> profileFiles;
        try {
            Files.createDirectories(directory);
            for (Path temporary : files.filesEndingIn(ProfileStoreFiles.TEMPORARY_SUFFIX)) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException failed) {
                    problems.add("temporary file " + temporary + ": cannot be deleted (" + failed + ")");
                }
            }
            profileFiles = files.filesEndingIn(ProfileStoreFiles.PROFILE_SUFFIX);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot open the profile directory " + directory + ": " + failed, failed);
        }
        Map<String, StoredProfile> loaded = new HashMap<>();
        for (Path file : profileFiles) {
            load(file, loaded).ifPresent(problem -> problems.add(problem + "; skipped"));
        }
        return new ProfileStore(files, loaded, problems);
    }

    /** Loads one file into the map, or returns why not. */
    private static Optional<String> load(Path file, Map<String, StoredProfile> loaded) {
        String fileName = file.getFileName().toString();
        String name = fileName.substring(0, fileName.length() - ProfileStoreFiles.PROFILE_SUFFIX.length());
        if (!ProfileName.isValid(name)) {
            return Optional.of("profile file " + file + ": the file name is not a valid profile name");
        }
        if (BuiltInProfiles.isBuiltIn(name)) {
            return Optional.of("profile file " + file + ": '" + name + "' is the name of a built-in profile");
        }
        try {
            loaded.put(name, new StoredProfile(named(name, ProfileJson.readFile(file)), UPLOADED));
            return Optional.empty();
        } catch (RuntimeException unreadable) {
            return Optional.of(
                    unreadable instanceof IllegalArgumentException
                            ? unreadable.getMessage()
                            : "profile file " + file + ": cannot be read (" + unreadable + ")");
        }
    }

    /** Files that could not be loaded or cleaned up by {@link #open}, one line each; empty when all went well. */
    public List<String> loadProblems() {
        return loadProblems;
    }

    /** All profiles: the built-in ones in their own order, then the uploaded ones by name, then the live ones by name. */
    public List<StoredProfile> list() {
        List<StoredProfile> all = new ArrayList<>(builtIn);
        List<StoredProfile> uploadedByName = new ArrayList<>(uploaded.values());
        uploadedByName.sort(Comparator.comparing(StoredProfile::name));
        all.addAll(uploadedByName);
        List<StoredProfile> liveByName = new ArrayList<>(live.values());
        liveByName.sort(Comparator.comparing(StoredProfile::name));
        all.addAll(liveByName);
        return all;
    }

    /**
     * Publishes or refreshes a live profile (held in memory only: a probe measures it again after a
     * restart).
     *
     * @throws IllegalArgumentException when the name does not start with {@link #LIVE_PREFIX}
     */
    public void publishLive(LatencyProfile profile) {
        if (!profile.name().startsWith(LIVE_PREFIX)) {
            throw new IllegalArgumentException(
                    "a live profile's name must start with " + LIVE_PREFIX + ", was '" + profile.name() + "'");
        }
        live.put(profile.name(), new StoredProfile(profile, LIVE));
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
            return Optional.ofNullable(live.get(name));
        }
        return Optional.ofNullable(uploaded.get(name));
    }

    /**
     * Stores the profile under the name, durably. The stored profile carries {@code name}: a
     * profile whose own name differs is stored as a copy renamed to {@code name}, so the URL or
     * file name is the one source of a profile's name.
     *
     * @throws IllegalArgumentException when the name breaks a {@link ProfileName} rule
     * @throws ProfileConflictException when the name is a built-in profile's
     * @throws UncheckedIOException when the file cannot be written; the store is then unchanged
     */
    public Result put(String name, LatencyProfile profile) {
        ProfileName.require(name);
        Objects.requireNonNull(profile, "profile");
        requireNotBuiltIn(name, "replaced");
        LatencyProfile stored = named(name, profile);
        byte[] content = ProfileJson.writeString(stored).getBytes(StandardCharsets.UTF_8);
        synchronized (lockOf(name)) {
            files.writeDurably(name, content);
            StoredProfile previous = uploaded.put(name, new StoredProfile(stored, UPLOADED));
            return previous == null ? Result.CREATED : Result.REPLACED;
        }
    }

    /**
     * Deletes the uploaded profile of that name, durably; false when there is none.
     *
     * @throws IllegalArgumentException when the name breaks a {@link ProfileName} rule
     * @throws ProfileConflictException when the name is a built-in profile's
     * @throws UncheckedIOException when the file cannot be deleted; the store is then unchanged
     */
    public boolean delete(String name) {
        ProfileName.require(name);
        requireNotBuiltIn(name, "deleted");
        synchronized (lockOf(name)) {
            if (!uploaded.containsKey(name)) {
                return false;
            }
            files.deleteDurably(name);
            uploaded.remove(name);
            return true;
        }
    }

    /** The directory holding the profile files. */
    public Path directory() {
        return files.directory();
    }

    private static void requireNotBuiltIn(String name, String change) {
        if (BuiltInProfiles.isBuiltIn(name)) {
            throw new ProfileConflictException("profile '" + name + "' is built in and cannot be " + change);
        }
    }

    /** The profile under that name: itself if it has it, else a copy with every field but the name. */
    private static LatencyProfile named(String name, LatencyProfile profile) {
        if (profile.name().equals(name)) {
            return profile;
        }
        return profile.toBuilder(name).build();
    }

    private Object lockOf(String name) {
        return locks[Math.floorMod(name.hashCode(), LOCK_STRIPES)];
    }
}
