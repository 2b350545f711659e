package dev.pbs.cassandra.cluster;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import dev.pbs.cassandra.tls.Secret;
import dev.pbs.cassandra.tls.SelfSignedCertificate;
import dev.pbs.files.AtomicFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What makes a local cluster secure: its stores and passwords, made once and kept in
 * {@code DIR/secure} (so a restart reuses them), the lines of {@code cassandra.yaml} that require
 * TLS and passwords, and the probe's role, created with the default superuser once the nodes serve.
 *
 * <p>The node certificate is self-signed and names every node's address (127.0.0.K...), so clients
 * verify host names against it; the clients' trust store holds that certificate. For mutual TLS a
 * client key store is made as well, and the nodes trust its certificate.
 */
final class SecureSetup {

    /** The superuser Cassandra creates when PasswordAuthenticator starts with no role. */
    static final String DEFAULT_SUPERUSER = "cassandra";

    private static final int PASSWORD_LENGTH = 24;
    private static final Duration VALIDITY = Duration.ofDays(3650);
    private static final Duration SUPERUSER_WAIT = Duration.ofSeconds(90);

    private SecureSetup() {}

    /** Makes the stores and passwords unless all are there from an earlier start. */
    static void ensureStores(SecureFiles files, List<String> nodeAddresses, Consumer<String> progress) {
        Path folder = files.folder();
        List<Path> needed = List.of(
                files.nodeKeyStore(),
                files.nodePassword(),
                files.nodeTrustStore(),
                files.trustStore(),
                files.trustStorePassword(),
                files.clientKeyStore(),
                files.clientKeyStorePassword(),
                files.rolePassword());
        if (needed.stream().allMatch(Files::isRegularFile)) {
            progress.accept("reusing the key stores and passwords in " + folder);
            return;
        }
        createPrivateFolder(folder);
        Secret nodePassword = Secret.of(SelfSignedCertificate.randomPassword(PASSWORD_LENGTH), "node.password");
        Secret trustPassword = Secret.of(SelfSignedCertificate.randomPassword(PASSWORD_LENGTH), "truststore.password");
        Secret clientPassword = Secret.of(SelfSignedCertificate.randomPassword(PASSWORD_LENGTH), "client.password");
        SelfSignedCertificate node =
                SelfSignedCertificate.create(LocalCluster.CLUSTER_NAME + " node", nodeAddresses, VALIDITY);
        SelfSignedCertificate client =
                SelfSignedCertificate.create(LocalCluster.CLUSTER_NAME + " client", List.of(), VALIDITY);
        // The role's password, then the stores, so that a folder with every file is a complete one.
        writePrivate(files.rolePassword(), SelfSignedCertificate.randomPassword(PASSWORD_LENGTH));
        writePrivate(files.nodePassword(), nodePassword.value());
        writePrivate(files.nodeKeyStore(), node.keyStore("node", nodePassword));
        writePrivate(
                files.nodeTrustStore(),
                SelfSignedCertificate.trustStore("client", List.of(client.certificate()), nodePassword));
        writePrivate(files.trustStorePassword(), trustPassword.value());
        writePrivate(
                files.trustStore(),
                SelfSignedCertificate.trustStore("pbs-local-node", List.of(node.certificate()), trustPassword));
        writePrivate(files.clientKeyStorePassword(), clientPassword.value());
        writePrivate(files.clientKeyStore(), client.keyStore("client", clientPassword));
        progress.accept("made a self-signed node certificate for " + String.join(", ", nodeAddresses)
                + ", the clients' trust store and the passwords in " + folder + " (readable only by you)");
    }

    /**
     * The lines of {@code cassandra.yaml} for a secure node: PasswordAuthenticator, and client
     * encryption required on the CQL port (not optional), with client certificates required for
     * mutual TLS. Internode traffic stays in plain text (loopback only).
     */
    static List<String> yaml(SecureFiles files, ClusterSecurity security) {
        String password = Secret.fromFile(files.nodePassword(), "the node's password file")
                .value();
        Stream<String> lines = Stream.of(
                "authenticator: PasswordAuthenticator",
                "authorizer: AllowAllAuthorizer",
                "client_encryption_options:",
                "  enabled: true",
                "  optional: false",
                "  keystore: " + files.nodeKeyStore(),
                "  keystore_password: \"" + password + "\"",
                "  store_type: PKCS12");
        if (security == ClusterSecurity.MUTUAL_TLS) {
            lines = Stream.concat(
                    lines,
                    Stream.of(
                            "  require_client_auth: true",
                            "  truststore: " + files.nodeTrustStore(),
                            "  truststore_password: \"" + password + "\""));
        }
        return lines.toList();
    }

    /**
     * Creates the probe's role ({@value SecureFiles#PROBE_ROLE}, its password from the folder) unless
     * an earlier start did, logged in as the default superuser; with several nodes, first gives
     * {@code system_auth} one replica per node so that logins survive a node being down.
     */
    static void ensureProbeRole(
            SecureFiles files, ClusterSecurity security, InetSocketAddress node, int size, Consumer<String> progress) {
        if (Files.isRegularFile(files.roleCreated())) {
            return;
        }
        String rolePassword = Secret.fromFile(files.rolePassword(), "the role's password file")
                .value();
        try (CqlSession session = superuserSession(files, security, node)) {
            if (size > 1) {
                session.execute("ALTER KEYSPACE system_auth WITH replication = "
                        + "{'class': 'SimpleStrategy', 'replication_factor': " + size + "}");
            }
            // Role options take literals only; the password is letters and digits.
            session.execute("CREATE ROLE IF NOT EXISTS " + SecureFiles.PROBE_ROLE + " WITH PASSWORD = '" + rolePassword
                    + "' AND LOGIN = true AND SUPERUSER = false");
        }
        writePrivate(files.roleCreated(), SecureFiles.PROBE_ROLE + "\n");
        progress.accept("created role " + SecureFiles.PROBE_ROLE + " (password in " + files.rolePassword() + ")");
    }

    /** Logs in as the default superuser, waiting while the node has not created it yet. */
    private static CqlSession superuserSession(SecureFiles files, ClusterSecurity security, InetSocketAddress node) {
        var tls = files.clientTls(security == ClusterSecurity.MUTUAL_TLS);
        long deadline = System.nanoTime() + SUPERUSER_WAIT.toNanos();
        while (true) {
            try {
                return CqlSession.builder()
                        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
                                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                                .withDuration(
                                        DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT,
                                        Duration.ofSeconds(30))
                                .withString(DefaultDriverOption.SESSION_NAME, "pbs-cluster-setup")
                                .build())
                        .addContactPoint(node)
                        .withLocalDatacenter("datacenter1")
                        .withSslEngineFactory(new ProgrammaticSslEngineFactory(tls.sslContext(), null, true, false))
                        .withAuthCredentials(DEFAULT_SUPERUSER, DEFAULT_SUPERUSER)
                        .build();
            } catch (AllNodesFailedException | AuthenticationException notYet) {
                // The superuser is created a moment after the node serves CQL.
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("cannot log in to " + node.getHostString() + " as the default "
                            + "superuser to create the probe's role: " + notYet.getMessage());
                }
                sleep(1000);
            }
        }
    }

    private static void createPrivateFolder(Path folder) {
        try {
            Files.createDirectories(folder);
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot create " + folder, failed);
        }
        restrictToOwner(folder);
    }

    /** Makes {@code folder} (which exists) accessible to its owner only. */
    static void restrictToOwner(Path folder) {
        try {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot restrict " + folder + " to its owner", failed);
        } catch (UnsupportedOperationException notPosix) {
            // Not a POSIX file system: the folder keeps the permissions it inherits.
        }
    }

    /** Writes a file that only its owner may read (in a folder only its owner may enter). */
    static void writePrivate(Path file, String text) {
        writePrivate(file, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static void writePrivate(Path file, byte[] content) {
        try {
            AtomicFile.write(file, content);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot write " + file, failed);
        } catch (UnsupportedOperationException notPosix) {
            // Not a POSIX file system: the file keeps the permissions it inherits.
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the probe's role", interrupted);
        }
    }
}
