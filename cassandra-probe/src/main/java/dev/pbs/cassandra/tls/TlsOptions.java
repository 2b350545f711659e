package dev.pbs.cassandra.tls;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The TLS options as a user gives them (command line or service configuration), turned into
 * {@link TlsSettings} with one message per mistake, each naming the option in the user's own words.
 *
 * @param names what the options are called where they were given
 * @param enabled TLS asked for without a store (the JDK's default trust store)
 * @param trustStore the trust store file, or null
 * @param trustStorePasswordVariable the environment variable holding its password, or null
 * @param trustStorePasswordFile the file holding its password, or null
 * @param keyStore the client key store file (mutual TLS), or null
 * @param keyStorePasswordVariable the environment variable holding its password, or null
 * @param keyStorePasswordFile the file holding its password, or null
 * @param hostnameVerification whether the server's certificate must name the address connected to
 */
public record TlsOptions(
        Names names,
        boolean enabled,
        Path trustStore,
        String trustStorePasswordVariable,
        Path trustStorePasswordFile,
        Path keyStore,
        String keyStorePasswordVariable,
        Path keyStorePasswordFile,
        boolean hostnameVerification) {

    /** The options' names, for messages. */
    public record Names(
            String enabled,
            String trustStore,
            String trustStorePasswordVariable,
            String trustStorePasswordFile,
            String keyStore,
            String keyStorePasswordVariable,
            String keyStorePasswordFile,
            String hostnameVerificationOff) {}

    /** The command line's names. */
    public static final Names COMMAND_LINE = new Names(
            "--tls",
            "--truststore",
            "--truststore-password-env",
            "--truststore-password-file",
            "--keystore",
            "--keystore-password-env",
            "--keystore-password-file",
            "--no-hostname-verification");

    public TlsOptions {
        Objects.requireNonNull(names, "names");
    }

    /**
     * The settings, or none when no TLS option is given. Reads the passwords (from their variable or
     * file) but not the stores: {@link TlsSettings#sslContext()} does.
     *
     * @throws IllegalArgumentException naming the option: a store password without its store, a
     *     password from both a variable and a file, an unset variable, a missing or empty file, a key
     *     store without its password, hostname verification turned off without TLS
     */
    public Optional<TlsSettings> settings() {
        boolean trustPasswordGiven = trustStorePasswordVariable != null || trustStorePasswordFile != null;
        boolean keyPasswordGiven = keyStorePasswordVariable != null || keyStorePasswordFile != null;
        if (trustStore == null && trustPasswordGiven) {
            throw new IllegalArgumentException(firstGiven(
                            trustStorePasswordVariable,
                            names.trustStorePasswordVariable(),
                            names.trustStorePasswordFile())
                    + " needs " + names.trustStore());
        }
        if (keyStore == null && keyPasswordGiven) {
            throw new IllegalArgumentException(
                    firstGiven(keyStorePasswordVariable, names.keyStorePasswordVariable(), names.keyStorePasswordFile())
                            + " needs " + names.keyStore());
        }
        Optional<Secret> trustPassword = Secret.fromEither(
                trustStorePasswordVariable,
                trustStorePasswordFile,
                names.trustStorePasswordVariable(),
                names.trustStorePasswordFile());
        Optional<Secret> keyPassword = Secret.fromEither(
                keyStorePasswordVariable,
                keyStorePasswordFile,
                names.keyStorePasswordVariable(),
                names.keyStorePasswordFile());
        if (keyStore != null && keyPassword.isEmpty()) {
            throw new IllegalArgumentException(names.keyStore() + " needs its password: "
                    + names.keyStorePasswordVariable() + " VARIABLE or " + names.keyStorePasswordFile() + " FILE");
        }
        boolean wanted = enabled || trustStore != null || keyStore != null;
        if (!wanted) {
            if (!hostnameVerification) {
                throw new IllegalArgumentException(names.hostnameVerificationOff() + " applies to TLS only: give "
                        + names.trustStore() + " FILE or " + names.enabled());
            }
            return Optional.empty();
        }
        Optional<KeyStoreFile> trust = Optional.ofNullable(trustStore)
                .map(path -> new KeyStoreFile(
                        path,
                        trustPassword,
                        names.trustStore(),
                        names.trustStorePasswordVariable() + " or " + names.trustStorePasswordFile()));
        Optional<KeyStoreFile> key = Optional.ofNullable(keyStore)
                .map(path -> new KeyStoreFile(
                        path,
                        keyPassword,
                        names.keyStore(),
                        names.keyStorePasswordVariable() + " or " + names.keyStorePasswordFile()));
        return Optional.of(new TlsSettings(trust, key, hostnameVerification, names.hostnameVerificationOff()));
    }

    private static String firstGiven(String variable, String variableOption, String fileOption) {
        return variable != null ? variableOption : fileOption;
    }
}
