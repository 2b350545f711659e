package dev.pbs.files;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Replaces a file so that a crash at any moment leaves the old file or the new one, never a torn
 * one, and the new file is on disk when the call returns.
 *
 * <p>The content goes to a temporary file in the target's directory, named
 * {@code .<target name>.<16 hex digits>.tmp} (hidden, and ending in {@link #TEMPORARY_SUFFIX} so
 * that a folder's owner can recognise and remove one a crash left behind). It is flushed and forced
 * to disk, then renamed over the target with {@link StandardCopyOption#ATOMIC_MOVE}; only where the
 * file system cannot move atomically does it fall back to a plain replace. Finally the directory is
 * forced, so that the rename is durable too, where the platform allows opening a directory. If
 * anything fails, the temporary file is deleted and the target is left as it was.
 *
 * <p>The target's directory must exist; it is not created here.
 */
public final class AtomicFile {

    /** How the name of every temporary file ends. */
    public static final String TEMPORARY_SUFFIX = ".tmp";

    /** Writes a file's content; may throw to abandon the write. */
    @FunctionalInterface
    public interface Content {
        /**
         * Writes the content to {@code output}. Closing {@code output} only flushes it; the file is
         * closed after this returns.
         */
        void writeTo(OutputStream output) throws IOException;
    }

    private AtomicFile() {}

    /** Replaces {@code target} with {@code content}. */
    public static void write(Path target, byte[] content) throws IOException {
        write(target, output -> output.write(content));
    }

    /** Replaces {@code target} with {@code text} encoded in UTF-8. */
    public static void write(Path target, String text) throws IOException {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Replaces {@code target} with what {@code content} writes. When {@code content} throws, the
     * exception propagates, the temporary file is deleted and {@code target} is untouched.
     */
    public static void write(Path target, Content content) throws IOException {
        Path directory = target.toAbsolutePath().normalize().getParent();
        if (directory == null) {
            throw new IOException("cannot write " + target + ": it has no parent directory");
        }
        Path temporary = directory.resolve("." + target.getFileName() + "."
                + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()) + TEMPORARY_SUFFIX);
        boolean moved = false;
        try {
            try (FileChannel channel =
                    FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                OutputStream output = new BufferedOutputStream(Channels.newOutputStream(channel));
                content.writeTo(new FlushOnClose(output));
                output.flush();
                channel.force(true);
            }
            moveOver(temporary, target);
            moved = true;
        } finally {
            if (!moved) {
                deleteQuietly(temporary);
            }
        }
        forceDirectory(directory);
    }

    private static void moveOver(Path temporary, Path target) throws IOException {
        try {
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException notAtomic) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Forces a directory's entries (a rename, a deletion) to disk. Some platforms (Windows) cannot
     * open a directory; there the change is as durable as the platform makes it.
     */
    public static void forceDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException refused) {
            // Not supported here; nothing more can be done.
        }
    }

    private static void deleteQuietly(Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException ignored) {
            // A stray temporary file is harmless: hidden, and named to be recognised.
        }
    }

    /** The caller's view of the temporary file: closing it flushes, the channel stays open to be forced. */
    private static final class FlushOnClose extends FilterOutputStream {
        FlushOnClose(OutputStream output) {
            super(output);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.write(bytes, offset, length);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
