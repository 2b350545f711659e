package dev.pbs.cassandra.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyStoreFileTest {

    @TempDir
    Path folder;

    @Test
    void load_pkcs12AndJks_typeReadFromTheContentWhateverTheName() throws Exception {
        SelfSignedCertificate certificate = StoreFixtures.certificate("127.0.0.21");
        Path pkcs12 = StoreFixtures.trustStore(folder, "named-like-jks.jks", certificate);
        Path jks = StoreFixtures.jksTrustStore(folder, "named-like-pkcs12.p12", certificate);
        KeyStore fromPkcs12 = StoreFixtures.trust(pkcs12).load(KeyStoreFile.Purpose.TRUST);
        KeyStore fromJks = StoreFixtures.trust(jks).load(KeyStoreFile.Purpose.TRUST);
        assertThat(fromPkcs12.getType()).isEqualTo("PKCS12");
        assertThat(fromJks.getType()).isEqualTo("JKS");
        assertThat(fromJks.getCertificate("trusted")).isEqualTo(certificate.certificate());
    }

    @Test
    void load_wrongPassword_namesTheStoreAndWhereThePasswordCameFrom_neverThePassword() throws Exception {
        Path file = StoreFixtures.trustStore(folder, "t.p12", StoreFixtures.certificate());
        Path passwordFile = folder.resolve("wrong");
        Files.writeString(passwordFile, "wrong-password-value\n");
        KeyStoreFile store = new KeyStoreFile(
                file, Optional.of(Secret.fromFile(passwordFile, "--truststore-password-file")), "--truststore", "-");
        assertThatThrownBy(() -> store.load(KeyStoreFile.Purpose.TRUST))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("wrong password for --truststore " + file + " (the password from file " + passwordFile
                        + " (--truststore-password-file))")
                .message()
                .doesNotContain("wrong-password-value")
                .doesNotContain(StoreFixtures.PASSWORD.value());
        Path jks = StoreFixtures.jksTrustStore(folder, "t.jks", StoreFixtures.certificate());
        KeyStoreFile jksStore = new KeyStoreFile(
                jks, Optional.of(Secret.fromFile(passwordFile, "--truststore-password-file")), "--truststore", "-");
        assertThatThrownBy(() -> jksStore.load(KeyStoreFile.Purpose.TRUST))
                .hasMessageStartingWith("wrong password for");
    }

    @Test
    void load_notAStore_isRefusedNamingTheOption() throws Exception {
        Path missing = folder.resolve("missing.p12");
        assertThatThrownBy(() -> StoreFixtures.trust(missing).load(KeyStoreFile.Purpose.TRUST))
                .hasMessage("--truststore " + missing + " does not exist");
        Path pem = folder.resolve("ca.pem");
        Files.writeString(pem, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
        assertThatThrownBy(() -> StoreFixtures.trust(pem).load(KeyStoreFile.Purpose.TRUST))
                .hasMessageStartingWith("--truststore " + pem + " is a PEM file, not a key store");
        Path junk = folder.resolve("junk.p12");
        Files.write(junk, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        assertThatThrownBy(() -> StoreFixtures.key(junk).load(KeyStoreFile.Purpose.KEY))
                .hasMessage("--keystore " + junk + " is not a key store: pbs reads PKCS12 (.p12, .pfx) or JKS stores");
        assertThatThrownBy(() -> StoreFixtures.trust(folder).load(KeyStoreFile.Purpose.TRUST))
                .hasMessage("--truststore " + folder + " is a folder, not a key store file");
    }

    @Test
    void load_storeWithoutWhatItIsFor_saysWhatIsMissing() throws Exception {
        Path trust = StoreFixtures.trustStore(folder, "t.p12", StoreFixtures.certificate());
        assertThatThrownBy(() -> StoreFixtures.key(trust).load(KeyStoreFile.Purpose.KEY))
                .hasMessageStartingWith("--keystore " + trust + " holds no private key");
        // A PKCS12 trust store read without its password shows no certificate.
        KeyStoreFile withoutPassword = new KeyStoreFile(
                trust, Optional.empty(), "--truststore", "--truststore-password-env or --truststore-password-file");
        assertThatThrownBy(() -> withoutPassword.load(KeyStoreFile.Purpose.TRUST))
                .hasMessage("--truststore " + trust + " holds no certificate to trust (if its certificates are "
                        + "protected by a password, give --truststore-password-env or --truststore-password-file)");
        KeyStoreFile keyWithoutPassword =
                new KeyStoreFile(trust, Optional.empty(), "--keystore", "--keystore-password-env or -file");
        assertThatThrownBy(() -> keyWithoutPassword.load(KeyStoreFile.Purpose.KEY))
                .hasMessage("--keystore " + trust + " needs its password (--keystore-password-env or -file)");
    }

    @Test
    void load_keyStore_holdsTheKey() throws Exception {
        SelfSignedCertificate own = StoreFixtures.certificate();
        Path file = StoreFixtures.keyStore(folder, "client.p12", own);
        KeyStore store = StoreFixtures.key(file).load(KeyStoreFile.Purpose.KEY);
        assertThat(store.isKeyEntry("own")).isTrue();
        assertThat(store.getCertificate("own")).isEqualTo(own.certificate());
    }
}
