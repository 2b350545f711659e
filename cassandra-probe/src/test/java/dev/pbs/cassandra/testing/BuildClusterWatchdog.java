package dev.pbs.cassandra.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Stops the build's test cluster when the Maven process that started it ends: a small shell process
 * of its own ({@code setsid}, so that an interrupt of the terminal's foreground group does not reach
 * it) waits for Maven's process id to go, then sends SIGTERM to every node whose recorded process id
 * is still that node's JVM (its command line names a file in the cluster's folder), and SIGKILL to
 * any still alive a minute later. The cluster's folder records the owning build in {@code
 * build-pid}; the watchdog writes what it does to {@code watchdog.log} there.
 */
final class BuildClusterWatchdog {

    /** Maven's main class: the ancestor process whose arguments name it is the build. */
    private static final String MAVEN_LAUNCHER = "org.codehaus.plexus.classworlds.launcher.Launcher";

    private static final String OWNER_FILE = "build-pid";

    private static final String SCRIPT = String.join(
            "\n",
            "build=$1; dir=$2",
            "while kill -0 \"$build\" 2>/dev/null; do sleep 1; done",
            "echo \"build $build ended; stopping the nodes of $dir\"",
            "stopping=''",
            "for file in \"$dir\"/node*/pid; do",
            "  [ -f \"$file\" ] || continue",
            "  pid=$(cat \"$file\")",
            "  if tr '\\0' ' ' < /proc/\"$pid\"/cmdline 2>/dev/null | grep -q -F -- \"$dir/\"; then",
            "    kill \"$pid\" && stopping=\"$stopping $pid\"",
            "  fi",
            "done",
            "for second in $(seq 60); do",
            "  alive=''",
            "  for pid in $stopping; do kill -0 \"$pid\" 2>/dev/null && alive=\"$alive $pid\"; done",
            "  stopping=$alive",
            "  [ -z \"$stopping\" ] && break",
            "  sleep 1",
            "done",
            "for pid in $stopping; do kill -9 \"$pid\"; done",
            "rm -f \"$dir\"/node*/pid \"$dir/" + OWNER_FILE + "\"",
            "echo 'stopped'");

    private BuildClusterWatchdog() {}

    /** The Maven process among this JVM's ancestors, if there is one. */
    static Optional<ProcessHandle> mavenProcess() {
        Optional<ProcessHandle> ancestor = ProcessHandle.current().parent();
        while (ancestor.isPresent()) {
            Optional<String[]> arguments = ancestor.get().info().arguments();
            if (arguments.isPresent() && Arrays.asList(arguments.get()).contains(MAVEN_LAUNCHER)) {
                return ancestor;
            }
            ancestor = ancestor.get().parent();
        }
        return Optional.empty();
    }

    /** The process id of the build that started the cluster in {@code directory}, if recorded. */
    static OptionalLong owner(Path directory) {
        Path file = directory.resolve(OWNER_FILE);
        try {
            return OptionalLong.of(Long.parseLong(
                    Files.readString(file, StandardCharsets.US_ASCII).trim()));
        } catch (IOException | NumberFormatException unreadable) {
            return OptionalLong.empty();
        }
    }

    /** Records {@code build} as the owner of the cluster in {@code directory} and starts its watchdog. */
    static void watch(Path directory, ProcessHandle build) {
        try {
            Files.writeString(directory.resolve(OWNER_FILE), Long.toString(build.pid()), StandardCharsets.US_ASCII);
            String folder = directory.toAbsolutePath().normalize().toString();
            List<String> command = new ArrayList<>();
            if (new File("/usr/bin/setsid").canExecute()) {
                command.add("/usr/bin/setsid");
            }
            command.addAll(List.of("/bin/sh", "-c", SCRIPT, "watchdog", Long.toString(build.pid()), folder));
            new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            directory.resolve("watchdog.log").toFile()))
                    .start();
        } catch (IOException failed) {
            throw new UncheckedIOException("could not start the test cluster's watchdog", failed);
        }
    }
}
