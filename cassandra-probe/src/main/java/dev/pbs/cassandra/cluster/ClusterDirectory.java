package dev.pbs.cassandra.cluster;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * A local cluster's folder: {@code cluster.properties} (name and size) and one folder per node,
 * {@code node1}, {@code node2}, ..., each with its {@code cassandra.yaml}, data, logs and a
 * {@code pid} file holding the process id of the node's JVM while it runs.
 */
final class ClusterDirectory {

    private final Path root;

    ClusterDirectory(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    Path root() {
        return root;
    }

    Path node(int index) {
        return root.resolve("node" + index);
    }

    Path pidFile(int index) {
        return node(index).resolve("pid");
    }

    Path logFile(int index) {
        return node(index).resolve("logs").resolve("output.log");
    }

    private Path stateFile() {
        return root.resolve("cluster.properties");
    }

    /** The recorded size and name, if a cluster was ever started here. */
    Optional<Properties> state() {
        if (!Files.isRegularFile(stateFile())) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(stateFile(), StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read " + stateFile(), unreadable);
        }
        return Optional.of(properties);
    }

    void writeState(String clusterName, int size, String cassandraVersion, int firstAddress) {
        Properties properties = new Properties();
        properties.setProperty("first.address", Integer.toString(firstAddress));
        properties.setProperty("cluster.name", clusterName);
        properties.setProperty("nodes", Integer.toString(size));
        properties.setProperty("cassandra.version", cassandraVersion);
        writeAtomically(stateFile(), writer -> properties.store(writer, "pbs local Cassandra cluster"));
    }

    OptionalLong pid(int index) {
        Path file = pidFile(index);
        if (!Files.isRegularFile(file)) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).trim()));
        } catch (IOException | NumberFormatException unreadable) {
            return OptionalLong.empty();
        }
    }

    void writePid(int index, long pid) {
        writeAtomically(pidFile(index), writer -> writer.write(Long.toString(pid)));
    }

    void clearPid(int index) {
        try {
            Files.deleteIfExists(pidFile(index));
        } catch (IOException ignored) {
            // A stale pid file is checked against the live process before it is trusted.
        }
    }

    interface Content {
        void writeTo(Writer writer) throws IOException;
    }

    static void writeAtomically(Path file, Content content) {
        try {
            Files.createDirectories(file.getParent());
            Path temporary = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                content.writeTo(writer);
            }
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException notAtomic) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot write " + file, failed);
        }
    }
}
