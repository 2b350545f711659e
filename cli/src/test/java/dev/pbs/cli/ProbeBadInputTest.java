package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** pbs probe and pbs cassandra refuse bad input with exit status 2 and one line, before touching any cluster. */
class ProbeBadInputTest {

    @TempDir
    static Path folder;

    static Stream<Arguments> badInput() {
        String out = folder.resolve("p.json").toString();
        return Stream.of(
                Arguments.of(new String[] {"probe", "--out", out}, "--contact-point"),
                Arguments.of(new String[] {"probe", "--contact-point", "127.0.0.1:9042"}, "--out"),
                Arguments.of(new String[] {"probe", "--contact-point", "127.0.0.1", "--out", out}, "HOST:PORT"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:1", "--out", out},
                        "cannot reach any contact point (127.0.0.1:1)"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--duration", "10"},
                        "unit ms, s, m or h"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--rate", "0"},
                        "--rate"),
                Arguments.of(
                        new String[] {
                            "probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--trace-fraction", "2"
                        },
                        "--trace-fraction"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--keyspace", "a-b"},
                        "keyspace must be"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--rf", "0"}, "--rf"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:9042", "--out", "/no/such/folder/p.json"},
                        "no such directory"),
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:9042",
                            "--out",
                            out,
                            "--username",
                            "u",
                            "--password-env",
                            "PBS_TEST_VARIABLE_THAT_IS_NOT_SET"
                        },
                        "PBS_TEST_VARIABLE_THAT_IS_NOT_SET"),
                Arguments.of(
                        new String[] {
                            "probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--password-env", "HOME"
                        },
                        "--password-env needs --username"),
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:9042",
                            "--out",
                            out,
                            "--observe",
                            "--observe-t",
                            "5,1"
                        },
                        "ascending"),
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:9042",
                            "--out",
                            out,
                            "--observe",
                            "--read-consistency",
                            "LOCAL_ONE"
                        },
                        "--read-consistency"),
                Arguments.of(new String[] {"cassandra"}, "start, status or stop"),
                Arguments.of(
                        new String[] {"cassandra", "start", "--nodes", "0", "--dir", folder.toString()}, "--nodes"),
                Arguments.of(
                        new String[] {"cassandra", "start", "--nodes", "12", "--dir", folder.toString()}, "--nodes"));
    }

    @ParameterizedTest
    @MethodSource("badInput")
    void probe_badInput_exitsWithOneLine(String[] arguments, String expected) {
        CommandLineRun run = CommandLineRun.of(arguments);
        assertThat(run.status())
                .as("exit status of %s", String.join(" ", arguments))
                .isEqualTo(2);
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.err()).startsWith("pbs: ").contains(expected);
        assertThat(run.out()).isEmpty();
        assertThat(folder.resolve("p.json")).doesNotExist();
    }

    @ParameterizedTest
    @MethodSource("emptyClusterCommands")
    void cassandra_folderWithoutCluster_saysSo(String command, int status, String expected) throws Exception {
        Path empty = Files.createTempDirectory(folder, "cluster");
        CommandLineRun run = CommandLineRun.of("cassandra", command, "--dir", empty.toString());
        assertThat(run.status()).isEqualTo(status);
        assertThat(run.out()).contains(expected);
    }

    static Stream<Arguments> emptyClusterCommands() {
        return Stream.of(Arguments.of("status", 3, "no cluster in"), Arguments.of("stop", 0, "no node was running"));
    }
}
