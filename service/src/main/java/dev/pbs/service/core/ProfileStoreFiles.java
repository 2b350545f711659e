package dev.pbs.service.core;

import dev.pbs.files.AtomicFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The profile store's files: {@code <directory>/<name>.json}, replaced atomically through
 * {@code <directory>/.<name>.<random>.tmp}. Knows nothing of the profile format.
 */
final class ProfileStoreFiles {

    static final String PROFILE_SUFFIX = ".json";
    static final String TEMPORARY_SUFFIX = AtomicFile.TEMPORARY_SUFFIX;

    private final Path directory;

    ProfileStoreFiles(Path directory) {
        this.directory = directory;
    }

    Path directory() {
        return directory;
    }

    Path fileOf(String name) {
        return directory.resolve(name + PROFILE_SUFFIX);
    }

    /** The regular files in the directory whose names end in the suffix, sorted by file name. */
    List<Path> filesEndingIn(String suffix) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "*" + suffix)) {
            for (Path entry : entries) {
                if (Files.isRegularFile(entry)) {
                    files.add(entry);
                }
            }
        }
        files.sort(null);
        return files;
    }

    /**
     * Replaces {@code <name>.json} with the bytes so that a crash at any moment leaves the old file
     * or the new one, never a torn one, and the new file is on disk when this returns: write a
     * temporary file in the same directory, force it, rename it over the old file, force the directory.
     */
    void writeDurably(String name, byte[] content) {
        try {
            AtomicFile.write(fileOf(name), content);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot write profile file " + fileOf(name) + ": " + failed, failed);
        }
    }

    /** Deletes {@code <name>.json} durably; false when there was no such file. */
    boolean deleteDurably(String name) {
        boolean deleted;
        try {
            deleted = Files.deleteIfExists(fileOf(name));
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot delete profile file " + fileOf(name) + ": " + failed, failed);
        }
        forceDirectory();
        return deleted;
    }

    /** Forces the directory's entries (a rename, a deletion) to disk, as far as the platform allows. */
    void forceDirectory() {
        AtomicFile.forceDirectory(directory);
    }
}
