package dev.pbs.cassandra.cluster;

import dev.pbs.files.AtomicFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The classpath of a Cassandra node JVM, as the {@code cassandra-node} module's build recorded it:
 * its own jar (the launcher, {@code dev.pbs.cassandra.node.NodeMain}) and Apache Cassandra's jars in
 * the local Maven repository; or, in an installed release, every jar of the folder the system
 * property {@value #LIBRARY_PROPERTY} names ({@code lib/cassandra}, which {@code bin/pbs} sets).
 *
 * @param entries absolute paths, launcher jar first
 * @param cassandraVersion the Cassandra release those jars hold, e.g. {@code 5.0.6}
 */
public record NodeClasspath(List<Path> entries, String cassandraVersion) {

    private static final String RESOURCES = "/dev/pbs/cassandra/node/";

    /** The system property naming an installed release's folder of the node's jars. */
    public static final String LIBRARY_PROPERTY = "pbs.cassandra.lib";

    private static final String LAUNCHER_PREFIX = "cassandra-node-";

    public NodeClasspath {
        entries = List.copyOf(entries);
    }

    /**
     * Reads the recorded classpath and checks that every entry exists.
     *
     * @throws IllegalStateException naming what is missing and how to build it
     */
    public static NodeClasspath recorded() {
        Properties properties = new Properties();
        String jarList;
        try (InputStream node = NodeClasspath.class.getResourceAsStream(RESOURCES + "node.properties");
                InputStream classpath = NodeClasspath.class.getResourceAsStream(RESOURCES + "classpath.txt")) {
            if (node == null || classpath == null) {
                throw new IllegalStateException("the cassandra-node module's classpath is not on this classpath; "
                        + "build it with: mvn -pl cassandra-node install");
            }
            properties.load(node);
            jarList = new String(classpath.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read the cassandra-node classpath", unreadable);
        }
        String library = System.getProperty(LIBRARY_PROPERTY);
        if (library != null && !library.isBlank()) {
            return new NodeClasspath(installed(Path.of(library)), properties.getProperty("cassandra.version"));
        }
        List<Path> entries = new ArrayList<>();
        entries.add(Path.of(properties.getProperty("node.jar")));
        for (String jar : jarList.split(java.io.File.pathSeparator)) {
            if (!jar.isBlank()) {
                entries.add(Path.of(jar));
            }
        }
        for (Path entry : entries) {
            if (!Files.isRegularFile(entry)) {
                throw new IllegalStateException(
                        "Cassandra node classpath entry " + entry + " is missing; rebuild with: "
                                + "mvn -pl cassandra-node -am install (it fetches cassandra-all from Maven Central)");
            }
        }
        return new NodeClasspath(entries, properties.getProperty("cassandra.version"));
    }

    /**
     * The jars of an installed release's folder, the launcher ({@code cassandra-node-*.jar}) first
     * and the others in the order of their names.
     *
     * @throws IllegalStateException when the folder or the launcher is missing
     */
    static List<Path> installed(Path folder) {
        List<Path> jars;
        try (var listing = Files.list(folder)) {
            jars = listing.filter(path -> path.getFileName().toString().endsWith(".jar"))
                    .sorted()
                    .toList();
        } catch (IOException unreadable) {
            throw new IllegalStateException(
                    "the Cassandra node's jars are not in " + folder + " (" + LIBRARY_PROPERTY + "): " + unreadable);
        }
        List<Path> entries = new ArrayList<>();
        for (Path jar : jars) {
            if (jar.getFileName().toString().startsWith(LAUNCHER_PREFIX)) {
                entries.add(0, jar);
            } else {
                entries.add(jar);
            }
        }
        if (entries.isEmpty() || !entries.get(0).getFileName().toString().startsWith(LAUNCHER_PREFIX)) {
            throw new IllegalStateException("the Cassandra node's launcher (" + LAUNCHER_PREFIX + "*.jar) is not in "
                    + folder + " (" + LIBRARY_PROPERTY + ")");
        }
        return entries;
    }

    /**
     * The same classpath with the launcher jar copied into {@code folder} (replaced if it changed):
     * running nodes then never read a jar that a rebuild of the project rewrites under them.
     */
    public NodeClasspath withLauncherCopiedTo(Path folder) {
        Path launcher = entries.get(0);
        Path copy = folder.resolve(launcher.getFileName());
        try {
            Files.createDirectories(folder);
            if (!Files.exists(copy) || Files.mismatch(launcher, copy) != -1) {
                AtomicFile.write(copy, output -> Files.copy(launcher, output));
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot copy the node launcher into " + folder, failed);
        }
        List<Path> copied = new ArrayList<>(entries);
        copied.set(0, copy);
        return new NodeClasspath(copied, cassandraVersion);
    }

    /** The entries joined with the platform's path separator, for {@code -cp}. */
    public String joined() {
        List<String> parts = new ArrayList<>();
        for (Path entry : entries) {
            parts.add(entry.toString());
        }
        return String.join(java.io.File.pathSeparator, parts);
    }
}
