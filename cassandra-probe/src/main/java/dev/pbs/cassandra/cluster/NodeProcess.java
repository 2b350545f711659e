package dev.pbs.cassandra.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How one node's JVM is launched: the Java it needs (Cassandra 5.0 runs on Java 11 and 17 only),
 * the module flags of Cassandra's {@code conf/jvm17-server.options}, the heap, and the system
 * properties that make a small local ring join fast.
 */
final class NodeProcess {

    static final String MAIN_CLASS = "dev.pbs.cassandra.node.NodeMain";

    private static final List<String> MODULE_FLAGS = List.of(
            "-Djdk.attach.allowAttachSelf=true",
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports=java.sql/java.sql=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED");

    private static final String LOGBACK = """
            <configuration>
              <!-- Written by pbs cassandra start: INFO to the node's system.log, warnings to its output. -->
              <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                <file>${cassandra.logdir}/system.log</file>
                <encoder><pattern>%-5level [%thread] %date{ISO8601} %F:%L - %msg%n</pattern></encoder>
              </appender>
              <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
                <filter class="ch.qos.logback.classic.filter.ThresholdFilter"><level>WARN</level></filter>
                <encoder><pattern>%-5level %date{HH:mm:ss,SSS} %msg%n</pattern></encoder>
              </appender>
              <root level="INFO">
                <appender-ref ref="FILE"/>
                <appender-ref ref="STDOUT"/>
              </root>
            </configuration>
            """;

    private NodeProcess() {}

    /**
     * The Java to run nodes with: {@code PBS_CASSANDRA_JAVA_HOME} if set, else this JVM when it is
     * Java 11 or 17, else {@code /usr/lib/jvm/java-17-openjdk-amd64}.
     */
    static Path javaExecutable() {
        String configured = System.getenv("PBS_CASSANDRA_JAVA_HOME");
        if (configured != null && !configured.isBlank()) {
            return requireJava(Path.of(configured, "bin", "java"), "PBS_CASSANDRA_JAVA_HOME");
        }
        int feature = Runtime.version().feature();
        if (feature == 11 || feature == 17) {
            return requireJava(Path.of(System.getProperty("java.home"), "bin", "java"), "java.home");
        }
        Optional<Path> jdk17 = Optional.of(Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java"))
                .filter(Files::isExecutable);
        return jdk17.orElseThrow(() -> new IllegalStateException("Cassandra 5.0 needs Java 11 or 17 and this is Java "
                + feature + "; set PBS_CASSANDRA_JAVA_HOME to a JDK 17"));
    }

    private static Path requireJava(Path java, String source) {
        if (!Files.isExecutable(java)) {
            throw new IllegalStateException("no java executable at " + java + " (from " + source + ")");
        }
        return java;
    }

    /** The file GossipingPropertyFileSnitch reads, in the node's folder when its datacenters are named. */
    static final String RACK_PROPERTIES = "cassandra-rackdc.properties";

    static List<String> command(
            ClusterDirectory directory,
            int firstAddress,
            int index,
            NodeClasspath classpath,
            String heap,
            Path injectionFile,
            boolean secure) {
        Path node = directory.node(index);
        List<String> command = new ArrayList<>();
        command.add(javaExecutable().toString());
        command.add("-Xms" + heap);
        command.add("-Xmx" + heap);
        command.add("-XX:+UseG1GC");
        command.add("-XX:+HeapDumpOnOutOfMemoryError");
        command.addAll(MODULE_FLAGS);
        command.add("-Dcassandra.config=" + node.resolve("cassandra.yaml").toUri());
        command.add("-Dcassandra-foreground=yes");
        command.add("-Dcassandra.storagedir=" + node);
        command.add("-Dcassandra.logdir=" + node.resolve("logs"));
        command.add("-Dlogback.configurationFile=" + directory.root().resolve("logback.xml"));
        command.add("-Dcassandra.jmx.local.port=" + NodeConfiguration.jmxPort(firstAddress, index));
        command.add("-Dcassandra.ring_delay_ms=2000");
        command.add("-Dcassandra.consistent.rangemovement=false");
        command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
        command.add("-Dpbs.node.index=" + index);
        Path rackProperties = node.resolve(RACK_PROPERTIES);
        if (Files.isRegularFile(rackProperties)) {
            command.add("-Dcassandra-rackdc.properties=" + rackProperties.toUri());
        }
        if (secure) {
            // PasswordAuthenticator creates its default superuser 10 s after start unless told otherwise.
            command.add("-Dcassandra.superuser_setup_delay_ms=0");
        }
        if (injectionFile != null) {
            command.add("-Dpbs.inject.file=" + injectionFile);
            command.add("-Dpbs.inject.seed=" + index);
        }
        command.add("-cp");
        command.add(classpath.joined());
        command.add(MAIN_CLASS);
        return command;
    }

    static void writeLogbackConfiguration(ClusterDirectory directory) {
        ClusterDirectory.writeAtomically(directory.root().resolve("logback.xml"), LOGBACK);
    }

    static void prepareDirectories(ClusterDirectory directory, int index) {
        try {
            for (String folder : List.of("data", "commitlog", "saved_caches", "hints", "cdc_raw", "logs")) {
                Files.createDirectories(directory.node(index).resolve(folder));
            }
        } catch (IOException failed) {
            throw new UncheckedIOException(
                    "cannot create the folders of node " + index + " under " + directory.root(), failed);
        }
    }
}
