package dev.pbs.cassandra.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The running node JVMs of a local cluster, known only by the process ids recorded when they were
 * started: an id is trusted only while its process is alive and its command line names that node's
 * configuration file, so a reused id is never signalled. Nothing here finds a process by name.
 */
final class NodeProcesses {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

    private final ClusterDirectory directory;

    NodeProcesses(ClusterDirectory directory) {
        this.directory = directory;
    }

    /**
     * The recorded process id of node {@code index} if that process is alive and is that node's
     * JVM (its command line names this node's configuration file).
     */
    OptionalLong livePid(int index) {
        OptionalLong recorded = directory.pid(index);
        if (recorded.isEmpty()) {
            return OptionalLong.empty();
        }
        Optional<ProcessHandle> process = ProcessHandle.of(recorded.getAsLong());
        if (process.isEmpty() || !process.get().isAlive()) {
            return OptionalLong.empty();
        }
        String expected = "-Dcassandra.config="
                + directory.node(index).resolve("cassandra.yaml").toUri();
        Optional<String[]> arguments = process.get().info().arguments();
        if (arguments.isPresent() && !List.of(arguments.get()).contains(expected)) {
            return OptionalLong.empty();
        }
        return recorded;
    }

    /** SIGKILL of node {@code index}, awaited; its recorded id is cleared. */
    void kill(int index) {
        OptionalLong pid = livePid(index);
        if (pid.isPresent()) {
            ProcessHandle.of(pid.getAsLong()).ifPresent(process -> {
                process.destroyForcibly();
                process.onExit().join();
            });
        }
        directory.clearPid(index);
    }

    /**
     * Stops nodes {@code size} down to 1: SIGTERM to each running one, then SIGKILL for any still
     * alive a minute later; every recorded id is cleared.
     *
     * @return how many nodes were running
     */
    int stopAll(int size, Consumer<String> progress) {
        List<ProcessHandle> stopping = new ArrayList<>();
        for (int index = size; index >= 1; index--) {
            OptionalLong pid = livePid(index);
            if (pid.isPresent()) {
                Optional<ProcessHandle> process = ProcessHandle.of(pid.getAsLong());
                if (process.isPresent()) {
                    process.get().destroy();
                    stopping.add(process.get());
                    progress.accept("node " + index + " (pid " + pid.getAsLong() + ") stopping");
                }
            }
        }
        long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
        for (ProcessHandle process : stopping) {
            while (process.isAlive() && System.nanoTime() < deadline) {
                Pause.sleep(100);
            }
            if (process.isAlive()) {
                process.destroyForcibly();
                process.onExit().join();
            }
        }
        for (int index = 1; index <= size; index++) {
            directory.clearPid(index);
        }
        return stopping.size();
    }
}
