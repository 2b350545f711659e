package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.cassandra.cluster.ClusterSecurity;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.SecureFiles;
import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.RawObservation;
import dev.pbs.cassandra.observe.StalenessObserver;
import dev.pbs.cassandra.tls.KeyStoreFile;
import dev.pbs.cassandra.tls.Secret;
import dev.pbs.cassandra.tls.SelfSignedCertificate;
import dev.pbs.cassandra.tls.TlsSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The probe against a real secure node: a one-node cluster of its own on 127.0.0.21 (not the
 * addresses of the other tests' clusters), started with PasswordAuthenticator and TLS required on
 * its CQL port ({@code pbs cassandra start --secure}), in {@code target/secure-it-cluster}, and
 * stopped at the end however the tests end. With the right role, password and trust store the
 * probe measures and observes; a wrong password, a trust store of another key and a plain-text
 * connection each get their one line.
 */
@Tag("end-to-end")
class SecureClusterIT {

    private static final int FIRST_ADDRESS = 21;
    private static final String CONTACT_POINT = "127.0.0.21:9042";

    private static LocalCluster cluster;
    private static Thread shutdownHook;

    @BeforeAll
    static void startSecureNode() throws IOException {
        Path directory =
                Files.createDirectories(Path.of("target", "secure-it-cluster")).toAbsolutePath();
        cluster = LocalCluster.in(directory).withFirstAddress(FIRST_ADDRESS).withSecurity(ClusterSecurity.TLS);
        cluster.stop(line -> {}); // a run that was killed may have left it running
        if (portOpen()) {
            throw new IllegalStateException(
                    "something already listens on " + CONTACT_POINT + ": stop it, this test needs that address");
        }
        shutdownHook = new Thread(() -> cluster.stop(line -> {}), "stop-secure-test-cluster");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        cluster.start(1, line -> System.out.println("[secure cluster] " + line));
    }

    @AfterAll
    static void stopSecureNode() {
        if (cluster != null) {
            cluster.stop(line -> System.out.println("[secure cluster] " + line));
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        }
    }

    private static ProbeSettings settings(Optional<String> user, Optional<String> password) {
        return new ProbeSettings(
                List.of(ProbeSettings.contactPoint(CONTACT_POINT)),
                Optional.empty(),
                user,
                password,
                "pbs_probe_secure_it",
                1,
                40,
                Duration.ofSeconds(3),
                0.3);
    }

    private static Optional<String> rolePassword() {
        return Optional.of(Secret.fromFile(cluster.secureFiles().rolePassword(), "--password-file")
                .value());
    }

    @Test
    void start_keepsSecretsInAFolderOnlyItsOwnerReads() throws IOException {
        SecureFiles files = cluster.secureFiles();
        assertThat(Files.getPosixFilePermissions(files.folder()))
                .containsExactlyInAnyOrder(
                        PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.OWNER_EXECUTE);
        for (Path file : List.of(files.rolePassword(), files.trustStorePassword(), files.nodePassword())) {
            assertThat(Files.getPosixFilePermissions(file))
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        }
        assertThat(cluster.security()).isEqualTo(ClusterSecurity.TLS);
    }

    @Test
    void probe_withRoleAndTrustStore_measuresAndObserves() {
        ProbeSettings settings = settings(Optional.of(SecureFiles.PROBE_ROLE), rolePassword())
                .withTls(cluster.secureFiles().clientTls(false));
        try (ProbeRun run = ProbeRun.connect(settings)) {
            ProbeSnapshot snapshot = run.run(() -> false);
            ProbeCounters operations = snapshot.operations();
            System.out.println("secure probe: " + operations);
            assertThat(snapshot.cassandraVersion()).startsWith("5.0.");
            // Over TLS, logged in as the probe's role: operations succeed (how many depends on how busy
            // the machine is: a probe that falls behind its pace skips operations rather than queue them).
            assertThat(operations.succeeded()).isGreaterThanOrEqualTo(10);
            assertThat(operations.failed()).isZero();
            assertThat(operations.tracesRead()).isPositive();

            RawObservation observed = StalenessObserver.run(
                    run, new ObservationSettings(1, 1, 50, 50, new double[] {0, 5}), CoordinatorChoice.ROUND_ROBIN);
            System.out.println("secure observation: " + observed.writes() + " writes, reads " + observed.reads()[0]
                    + " and " + observed.reads()[1] + ", " + observed.failedReads() + " failed");
            assertThat(observed.writes() + observed.failedWrites()).isEqualTo(50);
            assertThat(observed.writes()).isGreaterThanOrEqualTo(40);
            for (int t = 0; t < 2; t++) {
                assertThat(observed.reads()[t] + observed.failedReads()).isGreaterThanOrEqualTo(observed.writes());
                // One replica: every read sees the write it follows.
                assertThat(observed.fresh()[t]).isEqualTo(observed.reads()[t]);
            }
        }
    }

    @Test
    void probe_wrongPassword_isOneLineNamingTheUser() {
        ProbeSettings settings = settings(Optional.of(SecureFiles.PROBE_ROLE), Optional.of("not-the-password"))
                .withTls(cluster.secureFiles().clientTls(false));
        assertThatThrownBy(() -> ProbeRun.connect(settings).close())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("authentication failed at 127.0.0.21:9042 for user 'pbs': the user name or the password "
                        + "is wrong");
    }

    @Test
    void probe_trustStoreOfAnotherKey_saysTheCertificateIsNotTrusted(@org.junit.jupiter.api.io.TempDir Path folder)
            throws IOException {
        Secret password = Secret.of("another-password", "test");
        SelfSignedCertificate other = SelfSignedCertificate.create("other", List.of("127.0.0.21"), Duration.ofDays(1));
        Path trustStore = folder.resolve("other-truststore.p12");
        Files.write(trustStore, SelfSignedCertificate.trustStore("other", List.of(other.certificate()), password));
        TlsSettings tls = new TlsSettings(
                Optional.of(new KeyStoreFile(trustStore, Optional.of(password), "--truststore", "-")),
                Optional.empty(),
                true,
                "--no-hostname-verification");
        ProbeSettings settings =
                settings(Optional.of(SecureFiles.PROBE_ROLE), rolePassword()).withTls(tls);
        assertThatThrownBy(() -> ProbeRun.connect(settings).close())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("TLS handshake with 127.0.0.21:9042 failed: the server's certificate is not trusted by "
                        + "the trust store (--truststore " + trustStore + ")");
    }

    @Test
    void probe_plainTextToTheTlsPort_isToldToUseTls() {
        ProbeSettings settings = settings(Optional.of(SecureFiles.PROBE_ROLE), rolePassword());
        assertThatThrownBy(() -> ProbeRun.connect(settings).close())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("127.0.0.21:9042 closed the connection at the first CQL request, as a node that requires "
                        + "TLS does with plain text: connect over TLS (--truststore FILE, or --tls)");
    }

    @Test
    void probe_noCredentials_isToldWhichOptionsGiveThem() {
        ProbeSettings settings = settings(Optional.empty(), Optional.empty())
                .withTls(cluster.secureFiles().clientTls(false));
        assertThatThrownBy(() -> ProbeRun.connect(settings).close())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("authentication failed at 127.0.0.21:9042 (the cluster requires credentials: --username "
                        + "with --password-env or --password-file)");
    }

    private static boolean portOpen() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.21", 9042), 500);
            return true;
        } catch (IOException closed) {
            return false;
        }
    }
}
