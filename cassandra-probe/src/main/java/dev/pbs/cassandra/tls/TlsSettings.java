package dev.pbs.cassandra.tls;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Client-to-node TLS: whom to trust, the client's own key for mutual TLS, and whether the server's
 * certificate must name the address connected to.
 *
 * @param trustStore the certificates (or certificate authorities) to trust; empty: the JDK's
 *     default trust store ({@code cacerts})
 * @param keyStore the client's key and certificate, for servers that require client certificates
 *     (mutual TLS); empty: none
 * @param hostnameVerification whether the server's certificate must name the address or host name
 *     connected to (on by default; off only for test clusters whose certificates do not)
 * @param hostnameOption the option that turns verification off, for messages
 *     ({@code --no-hostname-verification})
 */
public record TlsSettings(
        Optional<KeyStoreFile> trustStore,
        Optional<KeyStoreFile> keyStore,
        boolean hostnameVerification,
        String hostnameOption) {

    public TlsSettings {
        Objects.requireNonNull(trustStore, "trust store");
        Objects.requireNonNull(keyStore, "key store");
        Objects.requireNonNull(hostnameOption, "hostname option");
    }

    /**
     * Reads both stores and builds the context the driver's connections use; this is where every
     * problem with a store shows, before any connection is tried.
     *
     * @throws IllegalArgumentException one line naming the option at fault
     */
    public SSLContext sslContext() {
        KeyStore trusted =
                trustStore.map(file -> file.load(KeyStoreFile.Purpose.TRUST)).orElse(null);
        KeyManager[] keyManagers = null;
        if (keyStore.isPresent()) {
            KeyStoreFile file = keyStore.get();
            KeyStore own = file.load(KeyStoreFile.Purpose.KEY);
            try {
                KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(own, file.password().orElseThrow().chars());
                keyManagers = keys.getKeyManagers();
            } catch (UnrecoverableKeyException otherPassword) {
                throw new IllegalArgumentException("the private key in " + file.named()
                        + " has a password other than the store's: pbs needs them to be the same");
            } catch (GeneralSecurityException failed) {
                throw new IllegalArgumentException(file.named() + " cannot be used as a client key store: " + failed);
            }
        }
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException failed) {
            throw new IllegalArgumentException("cannot set up TLS"
                    + trustStore.map(file -> " with " + file.named()).orElse("") + ": " + failed);
        }
    }

    /** What the client trusts, for messages: "the trust store (--truststore FILE)". */
    public String trustedBy() {
        return trustStore
                .map(file -> "the trust store (" + file.named() + ")")
                .orElse("the JDK's default trust store (no trust store given)");
    }

    /** Where the client's key comes from, for messages; empty without a key store. */
    public Optional<String> clientKey() {
        return keyStore.map(KeyStoreFile::named);
    }
}
