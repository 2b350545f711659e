package dev.pbs.cassandra.tls;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Key and trust stores made in a test's folder. */
final class StoreFixtures {

    static final Secret PASSWORD = Secret.of("store-password-1234", "test");

    private StoreFixtures() {}

    static SelfSignedCertificate certificate(String... addresses) {
        return SelfSignedCertificate.create("test", List.of(addresses), Duration.ofDays(1));
    }

    static Path trustStore(Path folder, String name, SelfSignedCertificate trusted) throws Exception {
        Path file = folder.resolve(name);
        Files.write(file, SelfSignedCertificate.trustStore("trusted", List.of(trusted.certificate()), PASSWORD));
        return file;
    }

    static Path keyStore(Path folder, String name, SelfSignedCertificate own) throws Exception {
        Path file = folder.resolve(name);
        Files.write(file, own.keyStore("own", PASSWORD));
        return file;
    }

    /** A JKS trust store (the older format), to check that the type is read from the content. */
    static Path jksTrustStore(Path folder, String name, SelfSignedCertificate trusted) throws Exception {
        KeyStore store = KeyStore.getInstance("JKS");
        store.load(null, null);
        store.setCertificateEntry("trusted", trusted.certificate());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.store(out, PASSWORD.chars());
        Path file = folder.resolve(name);
        Files.write(file, out.toByteArray());
        return file;
    }

    /** A JKS key store whose key has another password than the store. */
    static Path jksKeyStoreWithOtherKeyPassword(Path folder, SelfSignedCertificate own) throws Exception {
        KeyStore store = KeyStore.getInstance("JKS");
        store.load(null, null);
        store.setKeyEntry(
                "own", own.privateKey(), "another-key-password".toCharArray(), new Certificate[] {own.certificate()});
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.store(out, PASSWORD.chars());
        Path file = folder.resolve("other-key-password.jks");
        Files.write(file, out.toByteArray());
        return file;
    }

    static KeyStoreFile trust(Path file) {
        return new KeyStoreFile(
                file, Optional.of(PASSWORD), "--truststore", "--truststore-password-env or --truststore-password-file");
    }

    static KeyStoreFile key(Path file) {
        return new KeyStoreFile(
                file, Optional.of(PASSWORD), "--keystore", "--keystore-password-env or --keystore-password-file");
    }
}
