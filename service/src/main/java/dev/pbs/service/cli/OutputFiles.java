package dev.pbs.service.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes result files so that a crash never leaves half a file: a temporary file beside it, then a rename. */
final class OutputFiles {

    private OutputFiles() {
    }

    /** @throws IllegalArgumentException naming the file when it cannot be written */
    static void writeAtomically(Path file, String content) {
        Path absolute = file.toAbsolutePath();
        Path folder = absolute.getParent();
        try {
            if (!Files.isDirectory(folder)) {
                throw new IllegalArgumentException("cannot write " + file + ": folder " + folder + " does not exist");
            }
            if (Files.isDirectory(absolute)) {
                throw new IllegalArgumentException("cannot write " + file + ": it is a folder");
            }
            Path temporary = Files.createTempFile(folder, "." + absolute.getFileName(), ".tmp");
            try {
                Files.writeString(temporary, content, StandardCharsets.UTF_8);
                try {
                    Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException notAtomic) {
                    Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException failed) {
            throw new IllegalArgumentException("cannot write " + file + ": " + failed.getMessage(), failed);
        }
    }
}
