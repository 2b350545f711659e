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
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Uploaded profiles kept as {@code <data directory>/profiles/<name>.json} in the profile-file format
 * ({@link ProfileJson}), and in memory for reading.
 *
 * <p>Changes are durable and atomic: when {@link #put} or {@link #delete} returns, the change is on
 * disk, and a crash at any moment leaves either the old file or the new one, never a torn one.
 * Changes to one name are serialised; reads never wait. One store per data directory: two stores
 * (or processes) writing the same directory do not see each other's changes. I/O failures surface
 * as {@link UncheckedIOException}; the store is then unchanged.
 */
public final class FileUploadedProfiles implements UploadedProfiles {

    private static final int LOCK_STRIPES = 64;

    private final ProfileStoreFiles files;
    private final Map<String, LatencyProfile> profiles = new ConcurrentHashMap<>();
    private final List<String> loadProblems;
    private final Object[] locks = new Object[LOCK_STRIPES];

    private FileUploadedProfiles(ProfileStoreFiles files, Map<String, LatencyProfile> loaded, List<String> problems) {
        this.files = files;
        this.profiles.putAll(loaded);
        this.loadProblems = List.copyOf(problems);
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
    public static FileUploadedProfiles open(Path dataDirectory) {
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
        Map<String, LatencyProfile> loaded = new HashMap<>();
        for (Path file : profileFiles) {
            load(file, loaded).ifPresent(problem -> problems.add(problem + "; skipped"));
        }
        return new FileUploadedProfiles(files, loaded, problems);
    }

    /** Loads one file into the map, or returns why not. */
    private static Optional<String> load(Path file, Map<String, LatencyProfile> loaded) {
        String fileName = file.getFileName().toString();
        String name = fileName.substring(0, fileName.length() - ProfileStoreFiles.PROFILE_SUFFIX.length());
        if (!ProfileName.isValid(name)) {
            return Optional.of("profile file " + file + ": the file name is not a valid profile name");
        }
        if (BuiltInProfiles.isBuiltIn(name)) {
            return Optional.of("profile file " + file + ": '" + name + "' is the name of a built-in profile");
        }
        try {
            loaded.put(name, ProfileStore.named(name, ProfileJson.readFile(file)));
            return Optional.empty();
        } catch (RuntimeException unreadable) {
            return Optional.of(
                    unreadable instanceof IllegalArgumentException
                            ? unreadable.getMessage()
                            : "profile file " + file + ": cannot be read (" + unreadable + ")");
        }
    }

    @Override
    public List<String> loadProblems() {
        return loadProblems;
    }

    @Override
    public List<LatencyProfile> list() {
        return profiles.values().stream()
                .sorted(Comparator.comparing(LatencyProfile::name))
                .toList();
    }

    @Override
    public Optional<LatencyProfile> find(String name) {
        return Optional.ofNullable(profiles.get(name));
    }

    @Override
    public boolean put(LatencyProfile profile) {
        String name = profile.name();
        byte[] content = ProfileJson.writeString(profile).getBytes(StandardCharsets.UTF_8);
        synchronized (lockOf(name)) {
            files.writeDurably(name, content);
            return profiles.put(name, profile) != null;
        }
    }

    @Override
    public boolean delete(String name) {
        synchronized (lockOf(name)) {
            if (!profiles.containsKey(name)) {
                return false;
            }
            files.deleteDurably(name);
            profiles.remove(name);
            return true;
        }
    }

    /** The directory holding the profile files. */
    public Path directory() {
        return files.directory();
    }

    private Object lockOf(String name) {
        return locks[Math.floorMod(name.hashCode(), LOCK_STRIPES)];
    }
}
