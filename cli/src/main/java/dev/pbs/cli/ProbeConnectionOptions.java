package dev.pbs.cli;

import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.tls.TlsOptions;
import dev.pbs.cassandra.tls.TlsSettings;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code pbs probe}'s options for reaching the cluster: the contact points and local datacenter,
 * the credentials, and TLS.
 */
final class ProbeConnectionOptions {

    @Option(
            names = "--contact-point",
            required = true,
            paramLabel = "HOST:PORT",
            description = "A node to connect to first; repeat for more.")
    private List<String> contactPoints;

    @Option(
            names = "--local-dc",
            paramLabel = "NAME",
            description = "Datacenter whose nodes coordinate the probe (default: the contact points' datacenter).")
    private String localDatacenter;

    @Option(
            names = "--username",
            paramLabel = "USER",
            description = "User name, when the cluster requires authentication.")
    private String username;

    @Option(
            names = "--password-env",
            paramLabel = "VARIABLE",
            description = "Name of the environment variable holding the password (never given on the command line).")
    private String passwordVariable;

    @Option(
            names = "--password-file",
            paramLabel = "FILE",
            description = "Or a file holding the password (one trailing line end is ignored).")
    private Path passwordFile;

    @Option(
            names = "--tls",
            description = "Connect over TLS, trusting the JDK's default trust store; implied by --truststore "
                    + "and --keystore.")
    private boolean tls;

    @Option(
            names = "--truststore",
            paramLabel = "FILE",
            description = "TLS: the certificates to trust (PKCS12 or JKS; the type is read from the file).")
    private Path trustStore;

    @Option(
            names = "--truststore-password-env",
            paramLabel = "VARIABLE",
            description = "Environment variable holding the trust store's password, if it has one.")
    private String trustStorePasswordVariable;

    @Option(names = "--truststore-password-file", paramLabel = "FILE", description = "Or a file holding it.")
    private Path trustStorePasswordFile;

    @Option(
            names = "--keystore",
            paramLabel = "FILE",
            description = "Mutual TLS: the client's key and certificate (PKCS12 or JKS), for clusters that "
                    + "require client certificates.")
    private Path keyStore;

    @Option(
            names = "--keystore-password-env",
            paramLabel = "VARIABLE",
            description = "Environment variable holding the key store's password (also its key's).")
    private String keyStorePasswordVariable;

    @Option(names = "--keystore-password-file", paramLabel = "FILE", description = "Or a file holding it.")
    private Path keyStorePasswordFile;

    @Option(
            names = "--no-hostname-verification",
            description = "Accept a trusted certificate that does not name the address connected to; "
                    + "for test clusters only (verification is on by default).")
    private boolean noHostnameVerification;

    /** How to reach the cluster, every option checked and every secret and store read. */
    record Connection(
            List<InetSocketAddress> contactPoints,
            Optional<String> localDatacenter,
            Optional<String> username,
            Optional<String> password,
            Optional<TlsSettings> tls) {}

    /**
     * The connection, checked in this order: the contact points, the credentials, the TLS stores
     * (each read now, so that a problem with one is reported before anything else).
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    Connection connection() {
        List<InetSocketAddress> points = ProbeSettings.contactPoints(contactPoints);
        if (username == null && (passwordVariable != null || passwordFile != null)) {
            throw new IllegalArgumentException(
                    (passwordVariable != null ? "--password-env" : "--password-file") + " needs --username");
        }
        Optional<String> password =
                ProbeSettings.passwordFrom(passwordVariable, passwordFile, "--password-env", "--password-file");
        Optional<TlsSettings> tlsSettings = new TlsOptions(
                        TlsOptions.COMMAND_LINE,
                        tls,
                        trustStore,
                        trustStorePasswordVariable,
                        trustStorePasswordFile,
                        keyStore,
                        keyStorePasswordVariable,
                        keyStorePasswordFile,
                        !noHostnameVerification)
                .settings();
        tlsSettings.ifPresent(TlsSettings::sslContext);
        return new Connection(
                points, Optional.ofNullable(localDatacenter), Optional.ofNullable(username), password, tlsSettings);
    }
}
