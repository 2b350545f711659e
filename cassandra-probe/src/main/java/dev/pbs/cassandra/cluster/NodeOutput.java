package dev.pbs.cassandra.cluster;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A node's output log, read from where a start began: what that start appended to it. */
final class NodeOutput {

    /** At most this much of what a start appended is read, bytes. */
    private static final int MOST_READ = 1 << 20;

    private NodeOutput() {}

    /** The file's length in bytes now; 0 when it does not exist or cannot be read. */
    static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException unreadable) {
            return 0;
        }
    }

    /** What was appended to {@code file} after its first {@code offset} bytes ("" if unreadable). */
    static String since(Path file, long offset) {
        try (RandomAccessFile reader = new RandomAccessFile(file.toFile(), "r")) {
            long length = reader.length();
            if (length <= offset) {
                return "";
            }
            reader.seek(offset);
            byte[] appended = new byte[(int) Math.min(length - offset, MOST_READ)];
            reader.readFully(appended);
            return new String(appended, StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            return "";
        }
    }
}
