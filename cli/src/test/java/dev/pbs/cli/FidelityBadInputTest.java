package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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
 * Bad input to {@code pbs fidelity} exits with status 2 and one line naming the problem, before
 * any cluster is started or any folder created.
 */
class FidelityBadInputTest {

    @TempDir
    Path directory;

    /** The options of one valid cell, then {@code more}. */
    private static List<String> oneCellWith(String... more) {
        List<String> options = new ArrayList<>(List.of("--w-mean-ms", "10", "--ars-mean-ms", "5"));
        options.addAll(List.of(more));
        return options;
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of(), "give --w-mean-ms and --ars-mean-ms, or --grid"),
                Arguments.of(List.of("--w-mean-ms", "10"), "give both --w-mean-ms and --ars-mean-ms"),
                Arguments.of(List.of("--grid", "--w-mean-ms", "10"), "--grid chooses the means itself"),
                Arguments.of(
                        List.of("--w-mean-ms", "0", "--ars-mean-ms", "5"), "--w-mean-ms must be in (0, 1000], was 0.0"),
                Arguments.of(
                        List.of("--w-mean-ms", "10", "--ars-mean-ms", "-5"),
                        "--ars-mean-ms must be in (0, 1000], was -5.0"),
                Arguments.of(oneCellWith("--nodes", "0"), "--nodes (replicas) must be between 1 and 5, was 0"),
                Arguments.of(oneCellWith("--writes", "5"), "--writes must be between 10 and 1000000, was 5"),
                Arguments.of(oneCellWith("--rate", "0"), "--rate must be in (0, 1000] writes per second, was 0.0"),
                Arguments.of(
                        oneCellWith("--first-address", "252"),
                        "--first-address must be between 1 and 251 for 4 nodes, was 252"),
                Arguments.of(oneCellWith("--t", "5,1"), "the t grid must be ascending without repeats"),
                Arguments.of(oneCellWith("--speculative-retry", "sometimes"), "--speculative-retry "),
                Arguments.of(oneCellWith("--slow-replica", "1"), "--slow-replica must be in (1, 100], was 1.0"),
                Arguments.of(
                        oneCellWith("--slow-replica", "5", "--nodes", "1"),
                        "--slow-replica needs at least 2 replicas (--nodes), was 1"),
                Arguments.of(
                        oneCellWith("--read-repair", "async"), "--read-repair must be blocking or none, was 'async'"),
                Arguments.of(
                        oneCellWith("--read-repair", "off"),
                        "--read-repair sets the table's read_repair, which Cassandra knows as blocking or none"),
                Arguments.of(
                        oneCellWith("--read-consistency", "FOUR"), "--read-consistency must be a number or one of"),
                Arguments.of(
                        oneCellWith("--read-consistency", "4"), "--read-consistency must be between 1 and N=3, was 4"),
                Arguments.of(
                        oneCellWith(
                                "--datacenters",
                                "dc1:2,dc2:2",
                                "--inter-dc-mean-ms",
                                "20",
                                "--read-consistency",
                                "ONE"),
                        "over several datacenters the read's level is --read-level"),
                Arguments.of(oneCellWith("--inter-dc-mean-ms", "20"), "--inter-dc-mean-ms needs --datacenters"),
                Arguments.of(oneCellWith("--write-level", "ONE"), "--write-level needs --datacenters"),
                Arguments.of(oneCellWith("--datacenters", "dc1:2,dc2:2"), "--datacenters needs --inter-dc-mean-ms"),
                Arguments.of(
                        oneCellWith("--datacenters", "dc1:2", "--inter-dc-mean-ms", "20"),
                        "--datacenters names the factor of two datacenters or more"),
                Arguments.of(
                        oneCellWith("--datacenters", "dc1:2,dc2:2", "--inter-dc-mean-ms", "20", "--nodes", "3"),
                        "either --nodes or --datacenters"),
                Arguments.of(
                        oneCellWith("--datacenters", "dc1:2,dc2:2", "--inter-dc-mean-ms", "0"),
                        "--inter-dc-mean-ms must be in (0, 1000]"),
                Arguments.of(
                        oneCellWith("--datacenters", "dc1:2,dc2:2", "--inter-dc-mean-ms", "20", "--read-dc", "dc3"),
                        "--read-dc dc3 is not one of the datacenters [dc1, dc2]"),
                Arguments.of(
                        oneCellWith("--datacenters", "dc1:2,dc2:2", "--inter-dc-mean-ms", "20", "--read-level", "MOST"),
                        "--read-level must be one of ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM"),
                Arguments.of(
                        oneCellWith(
                                "--datacenters", "dc1:1,dc2:1", "--inter-dc-mean-ms", "20", "--read-level", "THREE"),
                        "THREE needs 3 replicas, but the key has 2"),
                Arguments.of(List.of("--fault", "flood"), "--fault must be outage or pause, was 'flood'"),
                Arguments.of(
                        List.of("--fault", "outage", "--w-mean-ms", "10"),
                        "--w-mean-ms does not apply to --fault outage, which takes only --node, --for, --outages,"
                                + " --dir, --first-address, --format"),
                Arguments.of(List.of("--fault", "outage", "--grid"), "--grid does not apply to --fault outage"),
                Arguments.of(List.of("--fault", "outage", "--node", "4"), "--node must be between 1 and 3, was 4"),
                Arguments.of(List.of("--fault", "outage", "--for", "0s"), "--for must be above 0, was 0ms"),
                Arguments.of(List.of("--fault", "outage", "--for", "2h"), "--for must be at most 1h, was 2h"),
                Arguments.of(
                        List.of("--fault", "outage", "--for", "20"),
                        "--for: duration must be a number with a unit ms, s, m or h (e.g. 30s), was '20'"),
                Arguments.of(
                        List.of("--fault", "outage", "--outages", "11"), "--outages must be between 1 and 10, was 11"),
                Arguments.of(
                        List.of("--fault", "outage", "--first-address", "253"),
                        "--first-address must be between 1 and 252 for 3 nodes, was 253"),
                Arguments.of(List.of("--fault", "pause", "--node", "5"), "--node must be between 1 and 4, was 5"),
                Arguments.of(
                        List.of("--fault", "pause", "--every", "200ms", "--for", "200ms"),
                        "--for (each pause, 200ms) must be shorter than --every (200ms)"),
                Arguments.of(
                        List.of("--fault", "pause", "--outages", "2"), "--outages does not apply to --fault pause"),
                Arguments.of(List.of("--fault", "pause", "--every", "0s"), "--every must be above 0"),
                Arguments.of(oneCellWith("--every", "2s"), "--every needs --fault outage or --fault pause"),
                Arguments.of(oneCellWith("--node", "3"), "--node needs --fault outage"),
                Arguments.of(oneCellWith("--for", "20s"), "--for needs --fault outage"),
                Arguments.of(
                        oneCellWith("--format", "xml"),
                        "Invalid value for option '--format': expected one of [TABLE, JSON] (case-insensitive) but was 'xml'"));
    }

    @ParameterizedTest
    @MethodSource("badInput")
    void fidelity_badInput_exitsTwoWithOneLineAndStartsNothing(List<String> options, String expected)
            throws IOException {
        Path clusterFolder = directory.resolve("cluster");
        List<String> arguments = new ArrayList<>(List.of("fidelity", "--dir", clusterFolder.toString()));
        arguments.addAll(options);

        CommandLineRun run = CommandLineRun.of(arguments.toArray(String[]::new));

        assertThat(run.status()).as("exit status; stderr: %s", run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.errorLines().get(0)).startsWith("pbs: ").contains(expected);
        assertThat(run.err()).doesNotContain("Exception", "at dev.", "at java.", "starting");
        assertThat(clusterFolder).doesNotExist();
        try (Stream<Path> left = Files.list(directory)) {
            assertThat(left).isEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("unwritableOutputs")
    void fidelity_unwritableProfileOut_exitsTwoBeforeStarting(String relative, String expected) {
        Path out = directory.resolve(relative);
        CommandLineRun run = CommandLineRun.of(
                "fidelity",
                "--dir",
                directory.resolve("cluster").toString(),
                "--w-mean-ms",
                "10",
                "--ars-mean-ms",
                "5",
                "--profile-out",
                out.toString());

        assertThat(run.status()).as("exit status; stderr: %s", run.err()).isEqualTo(2);
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.errorLines().get(0))
                .startsWith("pbs: ")
                .contains("--profile-out")
                .contains(expected);
        assertThat(directory.resolve("cluster")).doesNotExist();
    }

    static Stream<Arguments> unwritableOutputs() {
        return Stream.of(
                Arguments.of("no-such-folder/profile.json", "no such directory"),
                Arguments.of(".", "it is a directory"));
    }
}
