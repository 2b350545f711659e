package dev.pbs.service.probes;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.cassandra.tls.TlsOptions;
import dev.pbs.cassandra.tls.TlsSettings;
import java.nio.file.Path;

/**
 * A probe's client-to-node TLS, under {@code tls:} in its configuration; present means TLS (an
 * empty {@code tls: {}} trusts the JDK's default trust store). Every option is optional; none can
 * change while the service runs:
 * <ul>
 *   <li>{@code trustStore}: the certificates to trust, PKCS12 or JKS (the type is read from the
 *       file); default the JDK's trust store;</li>
 *   <li>{@code trustStorePasswordEnv} or {@code trustStorePasswordFile}: the environment variable
 *       or the file holding its password, if it has one;</li>
 *   <li>{@code keyStore}: the client's key and certificate, for clusters that require client
 *       certificates (mutual TLS); with {@code keyStorePasswordEnv} or {@code keyStorePasswordFile};</li>
 *   <li>{@code hostnameVerification}: whether the server's certificate must name the address
 *       connected to (default true; false only for test clusters).</li>
 * </ul>
 * Passwords are never written in the YAML, never logged.
 */
public class TlsConfiguration {

    /** The names of the options in the service's YAML, for messages. */
    static final TlsOptions.Names NAMES = new TlsOptions.Names(
            "tls",
            "tls.trustStore",
            "tls.trustStorePasswordEnv",
            "tls.trustStorePasswordFile",
            "tls.keyStore",
            "tls.keyStorePasswordEnv",
            "tls.keyStorePasswordFile",
            "tls.hostnameVerification: false");

    private String trustStore;
    private String trustStorePasswordEnv;
    private String trustStorePasswordFile;
    private String keyStore;
    private String keyStorePasswordEnv;
    private String keyStorePasswordFile;
    private boolean hostnameVerification = true;

    /**
     * The settings, with every store read and checked.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    TlsSettings toSettings() {
        TlsSettings settings = new TlsOptions(
                        NAMES,
                        true,
                        path(trustStore),
                        trustStorePasswordEnv,
                        path(trustStorePasswordFile),
                        path(keyStore),
                        keyStorePasswordEnv,
                        path(keyStorePasswordFile),
                        hostnameVerification)
                .settings()
                .orElseThrow();
        settings.sslContext();
        return settings;
    }

    private static Path path(String text) {
        return text == null || text.isBlank() ? null : Path.of(text);
    }

    @JsonProperty
    public String getTrustStore() {
        return trustStore;
    }

    @JsonProperty
    public void setTrustStore(String trustStore) {
        this.trustStore = trustStore;
    }

    @JsonProperty
    public String getTrustStorePasswordEnv() {
        return trustStorePasswordEnv;
    }

    @JsonProperty
    public void setTrustStorePasswordEnv(String trustStorePasswordEnv) {
        this.trustStorePasswordEnv = trustStorePasswordEnv;
    }

    @JsonProperty
    public String getTrustStorePasswordFile() {
        return trustStorePasswordFile;
    }

    @JsonProperty
    public void setTrustStorePasswordFile(String trustStorePasswordFile) {
        this.trustStorePasswordFile = trustStorePasswordFile;
    }

    @JsonProperty
    public String getKeyStore() {
        return keyStore;
    }

    @JsonProperty
    public void setKeyStore(String keyStore) {
        this.keyStore = keyStore;
    }

    @JsonProperty
    public String getKeyStorePasswordEnv() {
        return keyStorePasswordEnv;
    }

    @JsonProperty
    public void setKeyStorePasswordEnv(String keyStorePasswordEnv) {
        this.keyStorePasswordEnv = keyStorePasswordEnv;
    }

    @JsonProperty
    public String getKeyStorePasswordFile() {
        return keyStorePasswordFile;
    }

    @JsonProperty
    public void setKeyStorePasswordFile(String keyStorePasswordFile) {
        this.keyStorePasswordFile = keyStorePasswordFile;
    }

    @JsonProperty
    public boolean isHostnameVerification() {
        return hostnameVerification;
    }

    @JsonProperty
    public void setHostnameVerification(boolean hostnameVerification) {
        this.hostnameVerification = hostnameVerification;
    }
}
