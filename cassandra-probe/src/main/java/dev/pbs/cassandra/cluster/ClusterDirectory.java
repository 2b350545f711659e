package dev.pbs.cassandra.cluster;

import dev.pbs.files.AtomicFile;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * A local cluster's folder: {@code cluster.properties} (name, size, layout, first address, security), the
 * stores and passwords of a secure cluster in {@code secure} ({@link SecureFiles}), and one folder per node,
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
        writeState(clusterName, size, cassandraVersion, firstAddress, ClusterSecurity.OPEN);
    }

    void writeState(String clusterName, int size, String cassandraVersion, int firstAddress, ClusterSecurity security) {
        writeState(clusterName, ClusterLayout.single(size), cassandraVersion, firstAddress, security);
    }

    void writeState(
            String clusterName,
            ClusterLayout layout,
            String cassandraVersion,
            int firstAddress,
            ClusterSecurity security) {
        int size = layout.size();
        Properties properties = new Properties();
        properties.setProperty("layout", layout.recorded());
        properties.setProperty("security", security.recorded());
        properties.setProperty("first.address", Integer.toString(firstAddress));
        properties.setProperty("cluster.name", clusterName);
        properties.setProperty("nodes", Integer.toString(size));
        properties.setProperty("cassandra.version", cassandraVersion);
        StringWriter text = new StringWriter();
        try {
            properties.store(text, "pbs local Cassandra cluster");
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
        writeAtomically(stateFile(), text.toString());
    }

    OptionalLong pid(int index) {
        Path file = pidFile(index);
        if (!Files.isRegularFile(file)) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(
                    Files.readString(file, StandardCharsets.UTF_8).trim()));
        } catch (IOException | NumberFormatException unreadable) {
            return OptionalLong.empty();
        }
    }

    void writePid(int index, long pid) {
        writeAtomically(pidFile(index), Long.toString(pid));
    }

    void clearPid(int index) {
        try {
            Files.deleteIfExists(pidFile(index));
        } catch (IOException ignored) {
            // A stale pid file is checked against the live process before it is trusted.
        }
    }

    /**
     * Replaces {@code file} with {@code text} (UTF-8) atomically, creating its folder if need be: a
     * node or a later command never reads half a file.
     */
    static void writeAtomically(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            AtomicFile.write(file, text);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot write " + file, failed);
        }
    }
}
