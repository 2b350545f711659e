package dev.pbs.cassandra.cluster;

import dev.pbs.cassandra.tls.KeyStoreFile;
import dev.pbs.cassandra.tls.Secret;
import dev.pbs.cassandra.tls.TlsSettings;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a secure local cluster keeps its stores and passwords: the folder {@code secure} in the
 * cluster's folder, readable only by its owner, each password in a file of its own.
 *
 * @param folder {@code DIR/secure}
 */
public record SecureFiles(Path folder) {

    /** The role created for the probe, whose password is in {@link #rolePassword()}. */
    public static final String PROBE_ROLE = "pbs";

    /** The node's key and self-signed certificate (PKCS12), naming every node's address. */
    public Path nodeKeyStore() {
        return folder.resolve("node.p12");
    }

    /** The password of the node's key store (and of {@link #nodeTrustStore()}). */
    public Path nodePassword() {
        return folder.resolve("node.password");
    }

    /** The certificates a node trusts as client certificates (mutual TLS): the client's. */
    public Path nodeTrustStore() {
        return folder.resolve("node-truststore.p12");
    }

    /** The clients' trust store: the node's certificate. */
    public Path trustStore() {
        return folder.resolve("truststore.p12");
    }

    public Path trustStorePassword() {
        return folder.resolve("truststore.password");
    }

    /** A client's key and certificate, which the nodes trust (for mutual TLS). */
    public Path clientKeyStore() {
        return folder.resolve("client.p12");
    }

    public Path clientKeyStorePassword() {
        return folder.resolve("client.password");
    }

    /** The password of the probe's role, {@value #PROBE_ROLE}. */
    public Path rolePassword() {
        return folder.resolve(PROBE_ROLE + ".password");
    }

    /** Written once the probe's role exists. */
    Path roleCreated() {
        return folder.resolve("role-created");
    }

    /**
     * A client's TLS settings for this cluster, as the probe's options would give them: this trust
     * store, hostname verification on, and the client key store when {@code clientCertificate}.
     */
    public TlsSettings clientTls(boolean clientCertificate) {
        KeyStoreFile trust = new KeyStoreFile(
                trustStore(),
                Optional.of(Secret.fromFile(trustStorePassword(), "--truststore-password-file")),
                "--truststore",
                "--truststore-password-env or --truststore-password-file");
        Optional<KeyStoreFile> key = clientCertificate
                ? Optional.of(new KeyStoreFile(
                        clientKeyStore(),
                        Optional.of(Secret.fromFile(clientKeyStorePassword(), "--keystore-password-file")),
                        "--keystore",
                        "--keystore-password-env or --keystore-password-file"))
                : Optional.empty();
        return new TlsSettings(Optional.of(trust), key, true, "--no-hostname-verification");
    }
}
