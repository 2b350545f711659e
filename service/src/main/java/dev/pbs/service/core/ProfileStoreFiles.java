package dev.pbs.service.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The profile store's files: {@code <directory>/<name>.json}, replaced atomically through
 * {@code <directory>/.<name>.<random>.tmp}. Knows nothing of the profile format.
 */
final class ProfileStoreFiles {

    static final String PROFILE_SUFFIX = ".json";
    static final String TEMPORARY_SUFFIX = ".tmp";

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
        Path temporary = directory.resolve("." + name + "." + HexFormat.of().toHexDigits(
                ThreadLocalRandom.current().nextLong()) + TEMPORARY_SUFFIX);
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            Files.move(temporary, fileOf(name), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            moved = true;
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot write profile file " + fileOf(name) + ": " + failed, failed);
        } finally {
            if (!moved) {
                deleteQuietly(temporary);
            }
        }
        forceDirectory();
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

    /**
     * Forces the directory's entries (a rename, a deletion) to disk. Some platforms (Windows) cannot
     * open a directory; there the rename is as durable as the platform makes it.
     */
    void forceDirectory() {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException refused) {
            // Not supported here; nothing more we can do.
        }
    }

    /** Deletes a temporary file; one that stays is removed when the store is next opened. */
    private static void deleteQuietly(Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException ignored) {
            // Left for the next open to remove.
        }
    }
}
