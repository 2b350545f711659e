package dev.pbs.cassandra.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;

/**
 * A key store or trust store file named by an option, with its password. The store's type comes
 * from its content: PKCS12 (what {@code keytool} writes by default since Java 9, usually
 * {@code .p12} or {@code .pfx}) or JKS (the older Java format, {@code .jks}); anything else, a PEM
 * file in particular, is refused with a message naming the option.
 *
 * @param path the file
 * @param password its password; a trust store may have none (its certificates are then read without
 *     an integrity check), a key store needs one, the same as its key's
 * @param option the option that named the file, for messages ({@code --truststore})
 * @param passwordOptions the options that give its password, for messages
 *     ({@code --truststore-password-env or --truststore-password-file})
 */
public record KeyStoreFile(Path path, Optional<Secret> password, String option, String passwordOptions) {

    /** What the store is for, which decides what it must hold. */
    public enum Purpose {
        /** Certificates to trust: at least one certificate. */
        TRUST,
        /** This side's own key and certificate: at least one private key. */
        KEY
    }

    private static final byte[] JKS_MAGIC = {(byte) 0xFE, (byte) 0xED, (byte) 0xFE, (byte) 0xED};
    private static final byte[] JCEKS_MAGIC = {(byte) 0xCE, (byte) 0xCE, (byte) 0xCE, (byte) 0xCE};
    private static final long MAX_BYTES = 16L << 20;

    public KeyStoreFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(option, "option");
        Objects.requireNonNull(passwordOptions, "password options");
    }

    /** {@code --truststore /path/to/file}, for messages. */
    public String named() {
        return option + " " + path;
    }

    /**
     * Reads the store and checks that it holds what {@code purpose} needs.
     *
     * @throws IllegalArgumentException one line naming the option: a missing or unreadable file, a
     *     file that is no PKCS12 or JKS store, a wrong or missing password, nothing usable inside
     */
    public KeyStore load(Purpose purpose) {
        byte[] content = read();
        String type = type(content);
        if (purpose == Purpose.KEY && password.isEmpty()) {
            throw new IllegalArgumentException(named() + " needs its password (" + passwordOptions + ")");
        }
        KeyStore store;
        try {
            store = KeyStore.getInstance(type);
            store.load(
                    new ByteArrayInputStream(content),
                    password.map(Secret::chars).orElse(null));
        } catch (IOException failed) {
            if (failed.getCause() instanceof UnrecoverableKeyException) {
                throw new IllegalArgumentException("wrong password for " + named() + " (the password from "
                        + password.map(Secret::source).orElse("nowhere") + ")");
            }
            throw new IllegalArgumentException(named() + " cannot be read as a " + type
                    + " store (damaged or truncated?): " + failed.getMessage());
        } catch (GeneralSecurityException failed) {
            throw new IllegalArgumentException(named() + " cannot be read as a " + type + " store: " + failed);
        }
        check(store, purpose);
        return store;
    }

    private void check(KeyStore store, Purpose purpose) {
        int certificates = 0;
        int keys = 0;
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    keys++;
                }
                if (store.getCertificate(alias) != null) {
                    certificates++;
                }
            }
        } catch (GeneralSecurityException failed) {
            throw new IllegalArgumentException(named() + " cannot be listed: " + failed);
        }
        if (purpose == Purpose.TRUST && certificates == 0) {
            throw new IllegalArgumentException(named() + " holds no certificate to trust"
                    + (password.isEmpty()
                            ? " (if its certificates are protected by a password, give " + passwordOptions + ")"
                            : ""));
        }
        if (purpose == Purpose.KEY && keys == 0) {
            throw new IllegalArgumentException(named() + " holds no private key (a client key store holds the "
                    + "client's key and certificate; certificates to trust go in the trust store)");
        }
    }

    private byte[] read() {
        try {
            if (Files.isDirectory(path)) {
                throw new IllegalArgumentException(named() + " is a folder, not a key store file");
            }
            if (Files.size(path) > MAX_BYTES) {
                throw new IllegalArgumentException(named() + " is larger than 16 MiB: not a key store");
            }
            return Files.readAllBytes(path);
        } catch (NoSuchFileException missing) {
            throw new IllegalArgumentException(named() + " does not exist");
        } catch (IOException unreadable) {
            throw new IllegalArgumentException(
                    "cannot read " + named() + ": " + unreadable.getClass().getSimpleName());
        }
    }

    /** PKCS12 or JKS from the first bytes; anything else is refused. */
    String type(byte[] content) {
        if (startsWith(content, JKS_MAGIC)) {
            return "JKS";
        }
        if (startsWith(content, JCEKS_MAGIC)) {
            return "JCEKS";
        }
        // A PKCS12 file is one DER SEQUENCE whose first element is the version, INTEGER 3.
        if (content.length > 8 && content[0] == 0x30 && containsVersion3(content)) {
            return "PKCS12";
        }
        String start = new String(content, 0, Math.min(content.length, 64), StandardCharsets.US_ASCII);
        if (start.stripLeading().startsWith("-----BEGIN")) {
            throw new IllegalArgumentException(named() + " is a PEM file, not a key store: pbs reads PKCS12 or JKS "
                    + "stores (keytool -importcert turns a PEM certificate into a trust store; "
                    + "openssl pkcs12 -export turns a PEM key and certificate into a key store)");
        }
        throw new IllegalArgumentException(
                named() + " is not a key store: pbs reads PKCS12 (.p12, .pfx) or JKS stores");
    }

    private static boolean startsWith(byte[] content, byte[] magic) {
        if (content.length < magic.length) {
            return false;
        }
        for (int index = 0; index < magic.length; index++) {
            if (content[index] != magic[index]) {
                return false;
            }
        }
        return true;
    }

    /** After the outer SEQUENCE's tag and length: INTEGER (02) of length 1 holding 3. */
    private static boolean containsVersion3(byte[] content) {
        int lengthByte = content[1] & 0xFF;
        int offset = 2 + (lengthByte < 0x80 ? 0 : lengthByte & 0x7F);
        return content.length > offset + 2
                && content[offset] == 0x02
                && content[offset + 1] == 0x01
                && content[offset + 2] == 0x03;
    }
}
