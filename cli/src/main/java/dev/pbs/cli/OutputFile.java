package dev.pbs.cli;

import dev.pbs.files.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file a command writes, replaced atomically: the text goes to a temporary file in the same
 * directory ({@code .<name>.<random>.tmp}), is forced to disk, and is renamed over the target
 * (then the directory is forced too, where the platform allows), so a crash leaves the old file or
 * the new one, never half a file. Problems are
 * IllegalArgumentExceptions naming the option ("cannot write --out x.json: ...").
 */
final class OutputFile {

    private final String option;
    private final Path target;

    OutputFile(String option, Path target) {
        this.option = option;
        this.target = target;
    }

    /**
     * Checks, before any work, that the target can be written and is not the input.
     *
     * @param input a file the command reads, which it must not overwrite
     */
    void requireWritableInsteadOf(Path input) {
        Path absolute = target.toAbsolutePath().normalize();
        if (absolute.equals(input.toAbsolutePath().normalize()) || sameExistingFile(target, input)) {
            throw new IllegalArgumentException(option + " " + target + " is the input file: refusing to overwrite "
                    + "it; give another " + option);
        }
        requireWritable();
    }

    /** Checks, before any work, that the target can be written. */
    void requireWritable() {
        Path absolute = target.toAbsolutePath().normalize();
        if (Files.isDirectory(target)) {
            throw problem("it is a directory");
        }
        Path directory = absolute.getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw problem("no such directory " + directory);
        }
        if (!Files.isWritable(directory)) {
            throw problem("directory " + directory + " is not writable");
        }
    }

    /** Writes the text (UTF-8) in place of the target, atomically. */
    void writeAtomically(String text) {
        try {
            AtomicFile.write(target, text);
        } catch (IOException failed) {
            throw problem(String.valueOf(failed.getMessage()));
        }
    }

    private IllegalArgumentException problem(String why) {
        return new IllegalArgumentException("cannot write " + option + " " + target + ": " + why);
    }

    private static boolean sameExistingFile(Path first, Path second) {
        try {
            return Files.exists(first) && Files.exists(second) && Files.isSameFile(first, second);
        } catch (IOException unknown) {
            return false;
        }
    }
}
