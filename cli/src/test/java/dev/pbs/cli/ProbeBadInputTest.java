package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.tls.Secret;
import dev.pbs.cassandra.tls.SelfSignedCertificate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** pbs probe and pbs cassandra refuse bad input with exit status 2 and one line, before touching any cluster. */
class ProbeBadInputTest {

    @TempDir
    static Path folder;

    private static final String STORE_PASSWORD = "store-password-never-printed";
    private static final String WRONG_PASSWORD = "wrong-password-never-printed";

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
                // The outage watch's deadline is checked before any connection (port 1: none there).
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:1",
                            "--out",
                            out,
                            "--watch-outages",
                            "--hint-deadline",
                            "0s"
                        },
                        "--hint-deadline must be above 0 and at most 1h, was '0s'"),
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:1",
                            "--out",
                            out,
                            "--watch-outages",
                            "--hint-deadline",
                            "2h"
                        },
                        "--hint-deadline must be above 0 and at most 1h, was '2h'"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:1", "--out", out, "--hint-deadline", "60"},
                        "--hint-deadline: duration must be a number with a unit ms, s, m or h"),
                Arguments.of(
                        new String[] {
                            "probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--trace-fraction", "2"
                        },
                        "--trace-fraction"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--keyspace", "a-b"},
                        "keyspace must be"),
                Arguments.of(
                        new String[] {
                            "probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--rf", "2", "--time-all"
                        },
                        "--time-all needs one datacenter with three replicas or more (at 2 replicas)"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--paired-legs", "50"
                        },
                        "--paired-legs needs --record"),
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:9042",
                            "--out",
                            out,
                            "--paired-legs",
                            "0",
                            "--record",
                            out
                        },
                        "--paired-legs must be between 1 and 100000 pairs per delay, was 0"),
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--rf", "0"}, "--rf"),
                Arguments.of(
                        new String[] {
                            "probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--replication", "dc1:3"
                        },
                        "two datacenters or more"),
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:9042",
                            "--out",
                            out,
                            "--rf",
                            "3",
                            "--replication",
                            "dc1:3,dc2:3"
                        },
                        "either --rf or --replication"),
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:9042",
                            "--out",
                            out,
                            "--replication",
                            "dc1:3,dc2:3",
                            "--observe"
                        },
                        "add --observe-coordinators non-replicas"),
                Arguments.of(
                        new String[] {
                            "probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--observe-write-dc", "dc1"
                        },
                        "--observe-write-dc needs --replication"),
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:9042",
                            "--out",
                            out,
                            "--replication",
                            "dc1:3,dc2:3",
                            "--observe",
                            "--observe-coordinators",
                            "non-replicas",
                            "--observe-read-dc",
                            "dc3"
                        },
                        "--observe-read-dc dc3 is not one of --replication's [dc1, dc2]"),
                Arguments.of(
                        new String[] {
                            "probe",
                            "--contact-point",
                            "127.0.0.1:9042",
                            "--out",
                            out,
                            "--replication",
                            "dc1:1,dc2:1",
                            "--observe",
                            "--observe-coordinators",
                            "non-replicas",
                            "--read-consistency",
                            "THREE"
                        },
                        "THREE needs 3 replicas"),
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
                Arguments.of(
                        new String[] {"probe", "--contact-point", "127.0.0.1:9042", "--out", out, "--password-file", out
                        },
                        "--password-file needs --username"),
                Arguments.of(
                        probe(out, "--username", "u", "--password-file", missing("password")),
                        "file " + missing("password") + " (--password-file) does not exist"),
                Arguments.of(
                        probe(out, "--username", "u", "--password-env", "HOME", "--password-file", out),
                        "give --password-env or --password-file, not both"),
                Arguments.of(
                        probe(out, "--truststore", missing("t.p12")),
                        "--truststore " + missing("t.p12") + " does not exist"),
                Arguments.of(
                        probe(out, "--truststore-password-file", out), "--truststore-password-file needs --truststore"),
                Arguments.of(
                        probe(out, "--keystore", missing("k.p12")),
                        "--keystore needs its password: --keystore-password-env VARIABLE or --keystore-password-file FILE"),
                Arguments.of(
                        probe(out, "--no-hostname-verification"),
                        "--no-hostname-verification applies to TLS only: give --truststore FILE or --tls"),
                Arguments.of(
                        probe(out, "--truststore", store(), "--truststore-password-file", wrongPassword()),
                        "wrong password for --truststore " + store() + " (the password from file " + wrongPassword()
                                + " (--truststore-password-file))"),
                Arguments.of(
                        probe(out, "--keystore", store(), "--keystore-password-file", storePassword()),
                        "--keystore " + store() + " holds no private key"),
                Arguments.of(new String[] {"cassandra"}, "start, status, stop, pause or outage"),
                Arguments.of(
                        new String[] {"cassandra", "start", "--mutual-tls", "--dir", folder.toString()},
                        "--mutual-tls needs --secure"),
                Arguments.of(
                        new String[] {"cassandra", "start", "--nodes", "0", "--dir", folder.toString()}, "--nodes"),
                Arguments.of(
                        new String[] {"cassandra", "start", "--nodes", "12", "--dir", folder.toString()}, "--nodes"),
                Arguments.of(
                        new String[] {
                            "cassandra",
                            "start",
                            "--nodes",
                            "3",
                            "--datacenters",
                            "dc1:3,dc2:3",
                            "--dir",
                            folder.toString()
                        },
                        "either --nodes or --datacenters"),
                Arguments.of(
                        new String[] {"cassandra", "start", "--datacenters", "dc1=3", "--dir", folder.toString()},
                        "expected NAME:NODES"),
                Arguments.of(
                        new String[] {"cassandra", "start", "--datacenters", "dc1:5,dc2:5", "--dir", folder.toString()},
                        "at most 9 nodes"),
                Arguments.of(
                        new String[] {"cassandra", "start", "--datacenters", "dc1:3,dc1:3", "--dir", folder.toString()},
                        "dc1 is given twice"));
    }

    private static String[] probe(String out, String... more) {
        List<String> arguments = new ArrayList<>(List.of("probe", "--contact-point", "127.0.0.1:9042", "--out", out));
        arguments.addAll(List.of(more));
        return arguments.toArray(String[]::new);
    }

    private static String missing(String name) {
        return folder.resolve("missing").resolve(name).toString();
    }

    /** A PKCS12 trust store in the test's folder, its password in {@link #storePassword()}. */
    private static String store() {
        Path file = folder.resolve("truststore.p12");
        if (!Files.exists(file)) {
            Secret password = Secret.of(STORE_PASSWORD, "test");
            SelfSignedCertificate certificate =
                    SelfSignedCertificate.create("test", List.of("127.0.0.1"), Duration.ofDays(1));
            write(folder.resolve("store.password"), STORE_PASSWORD.getBytes(StandardCharsets.UTF_8));
            write(file, SelfSignedCertificate.trustStore("test", List.of(certificate.certificate()), password));
        }
        return file.toString();
    }

    private static String storePassword() {
        store();
        return folder.resolve("store.password").toString();
    }

    private static String wrongPassword() {
        Path file = folder.resolve("wrong.password");
        write(file, (WRONG_PASSWORD + "\n").getBytes(StandardCharsets.UTF_8));
        return file.toString();
    }

    private static void write(Path file, byte[] content) {
        try {
            Files.write(file, content);
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    @ParameterizedTest
    @MethodSource("badInput")
    void probe_badInput_exitsWithOneLine(String[] arguments, String expected) {
        CommandLineRun run = CommandLineRun.of(arguments);
        assertThat(run.status())
                .as("exit status of %s", String.join(" ", arguments))
                .isEqualTo(2);
        assertThat(run.errorLines()).hasSize(1);
        assertThat(run.err())
                .startsWith("pbs: ")
                .contains(expected)
                .doesNotContain(STORE_PASSWORD)
                .doesNotContain(WRONG_PASSWORD);
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
