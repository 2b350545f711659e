package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code pbs cassandra pause} and {@code pbs cassandra outage} refuse bad input with exit status 2
 * and one line naming the problem, before any signal: durations, the node, the cluster's folder.
 */
class CassandraFaultsBadInputTest {

    @TempDir
    static Path folder;

    /** A folder with a 3-node cluster recorded on 127.0.0.51-53 and no node running. */
    private static String stoppedCluster() {
        Path cluster = folder.resolve("stopped-cluster");
        try {
            Files.createDirectories(cluster);
            Files.writeString(cluster.resolve("cluster.properties"), """
                    layout=3
                    security=open
                    first.address=51
                    cluster.name=pbs-local
                    nodes=3
                    cassandra.version=5.0.6
                    """);
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
        return cluster.toAbsolutePath().normalize().toString();
    }

    private static String empty() {
        return folder.resolve("no-cluster").toAbsolutePath().normalize().toString();
    }

    private static String[] pause(String directory, String... more) {
        List<String> arguments = new ArrayList<>(List.of("cassandra", "pause", "--dir", directory));
        arguments.addAll(List.of(more));
        return arguments.toArray(String[]::new);
    }

    private static String[] outage(String directory, String... more) {
        List<String> arguments = new ArrayList<>(List.of("cassandra", "outage", "--dir", directory));
        arguments.addAll(List.of(more));
        return arguments.toArray(String[]::new);
    }

    static Stream<Arguments> badInput() {
        String[] schedule = {"--every", "2s", "--for", "200ms", "--duration", "60s"};
        return Stream.of(
                Arguments.of(
                        pause(empty(), "--node", "1", "--every", "2s", "--for", "2s", "--duration", "60s"),
                        "--for (each pause, 2s) must be shorter than --every (2s), so that the node runs between pauses"),
                Arguments.of(
                        pause(empty(), "--node", "1", "--every", "0s", "--for", "200ms", "--duration", "60s"),
                        "--every must be above 0, was 0ms"),
                Arguments.of(
                        pause(empty(), "--node", "1", "--every", "2s", "--for", "200ms", "--duration", "61m"),
                        "--duration must be at most 1h, was 61m"),
                Arguments.of(
                        pause(empty(), "--node", "1", "--every", "2s", "--for", "200ms", "--duration", "100ms"),
                        "--duration (100ms) must be at least --for (200ms), so that one pause fits in it"),
                Arguments.of(
                        pause(empty(), "--node", "1", "--every", "2", "--for", "200ms", "--duration", "60s"),
                        "--every: duration must be a number with a unit ms, s, m or h (e.g. 30s), was '2'"),
                Arguments.of(
                        pause(empty(), "--node", "1", "--every", "2s", "--for", "-1s", "--duration", "60s"),
                        "--for: duration must be a number with a unit"),
                Arguments.of(pause(empty(), schedule), "Missing required option: '--node=I'"),
                Arguments.of(
                        pause(empty(), concat(schedule, "--node", "1")),
                        "no cluster in " + empty() + " (start one with: pbs cassandra start --dir " + empty() + ")"),
                Arguments.of(
                        pause(stoppedCluster(), concat(schedule, "--node", "4")),
                        "--node 4 is not a node of the cluster in " + stoppedCluster() + ", whose nodes are 1 to 3"),
                Arguments.of(
                        pause(stoppedCluster(), concat(schedule, "--node", "2")),
                        "node 2 (127.0.0.52) of the cluster in " + stoppedCluster()
                                + " is not running (pbs cassandra start --dir " + stoppedCluster()
                                + " starts it again)"),
                Arguments.of(outage(empty(), "--node", "1", "--for", "0s"), "--for must be above 0, was 0ms"),
                Arguments.of(outage(empty(), "--node", "1", "--for", "2h"), "--for must be at most 1h, was 2h"),
                Arguments.of(outage(empty(), "--node", "1"), "Missing required option: '--for=TIME'"),
                Arguments.of(
                        outage(empty(), "--node", "1", "--for", "20s"),
                        "no cluster in " + empty() + " (start one with: pbs cassandra start --dir " + empty() + ")"),
                Arguments.of(
                        outage(stoppedCluster(), "--node", "0", "--for", "20s"),
                        "--node 0 is not a node of the cluster in " + stoppedCluster() + ", whose nodes are 1 to 3"),
                Arguments.of(
                        outage(stoppedCluster(), "--node", "3", "--for", "20s"),
                        "node 3 (127.0.0.53) of the cluster in " + stoppedCluster() + " is not running"));
    }

    private static String[] concat(String[] first, String... more) {
        return Stream.concat(Stream.of(first), Stream.of(more)).toArray(String[]::new);
    }

    @ParameterizedTest
    @MethodSource("badInput")
    void badInput_exitsTwoWithOneLineNamingTheProblem(String[] args, String expected) {
        CommandLineRun run = CommandLineRun.of(args);

        assertThat(run.status()).as(run.err()).isEqualTo(PbsCommandLine.EXIT_BAD_INPUT);
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.errorLines().get(0)).startsWith("pbs: ").contains(expected);
        assertThat(run.out()).isEmpty();
    }
}
