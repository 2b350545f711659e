package dev.pbs.service.probes;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.tls.TlsSettings;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a probe under {@code probes:} reaches its cluster: {@code contactPoints}, {@code
 * localDatacenter}, {@code username} with {@code passwordEnv} or {@code passwordFile}, and {@code
 * tls} ({@link ProbeConfiguration} lists them with the probe's other options). Its options sit in
 * the probe's own YAML object, beside the others.
 */
public class ProbeConnectionConfiguration {

    @NotEmpty
    private List<String> contactPoints = new ArrayList<>();

    private String localDatacenter;
    private String username;
    private String passwordEnv;
    private String passwordFile;

    @Valid
    private TlsConfiguration tls;

    /**
     * The contact points as addresses.
     *
     * @throws IllegalArgumentException naming a contact point that is not {@code HOST:PORT}
     */
    List<InetSocketAddress> contactAddresses() {
        return ProbeSettings.contactPoints(contactPoints);
    }

    /**
     * The password, read from its environment variable or file, if one is configured.
     *
     * @throws IllegalArgumentException when a password is configured without a user name, its
     *     variable is unset or its file cannot be read
     */
    Optional<String> password() {
        if (username == null && (passwordEnv != null || passwordFile != null)) {
            throw new IllegalArgumentException(
                    (passwordEnv != null ? "passwordEnv" : "passwordFile") + " needs username");
        }
        return ProbeSettings.passwordFrom(
                passwordEnv, passwordFile == null ? null : Path.of(passwordFile), "passwordEnv", "passwordFile");
    }

    /**
     * The TLS settings, if TLS is configured.
     *
     * @throws IllegalArgumentException when a store or its password cannot be read
     */
    Optional<TlsSettings> tlsSettings() {
        return Optional.ofNullable(tls).map(TlsConfiguration::toSettings);
    }

    @JsonProperty
    public List<String> getContactPoints() {
        return contactPoints;
    }

    @JsonProperty
    public void setContactPoints(List<String> contactPoints) {
        this.contactPoints = contactPoints;
    }

    @JsonProperty
    public String getLocalDatacenter() {
        return localDatacenter;
    }

    @JsonProperty
    public void setLocalDatacenter(String localDatacenter) {
        this.localDatacenter = localDatacenter;
    }

    @JsonProperty
    public String getUsername() {
        return username;
    }

    @JsonProperty
    public void setUsername(String username) {
        this.username = username;
    }

    @JsonProperty
    public String getPasswordEnv() {
        return passwordEnv;
    }

    @JsonProperty
    public void setPasswordEnv(String passwordEnv) {
        this.passwordEnv = passwordEnv;
    }

    @JsonProperty
    public String getPasswordFile() {
        return passwordFile;
    }

    @JsonProperty
    public void setPasswordFile(String passwordFile) {
        this.passwordFile = passwordFile;
    }

    @JsonProperty
    public TlsConfiguration getTls() {
        return tls;
    }

    @JsonProperty
    public void setTls(TlsConfiguration tls) {
        this.tls = tls;
    }
}
