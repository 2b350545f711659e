package dev.pbs.cassandra.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsOptionsTest {

    @TempDir
    Path folder;

    private static TlsOptions options(
            boolean enabled, Path trustStore, Path trustPassword, Path keyStore, Path keyPassword, boolean verify) {
        return new TlsOptions(
                TlsOptions.COMMAND_LINE, enabled, trustStore, null, trustPassword, keyStore, null, keyPassword, verify);
    }

    @Test
    void settings_noOption_isPlainText() {
        assertThat(options(false, null, null, null, null, true).settings()).isEmpty();
    }

    @Test
    void settings_tlsAlone_trustsTheJdkDefaults() {
        TlsSettings settings =
                options(true, null, null, null, null, true).settings().orElseThrow();
        assertThat(settings.trustStore()).isEmpty();
        assertThat(settings.hostnameVerification()).isTrue();
        assertThat(settings.trustedBy()).isEqualTo("the JDK's default trust store (no trust store given)");
        assertThat(settings.sslContext().getProtocol()).isEqualTo("TLS");
    }

    @Test
    void settings_trustAndKeyStores_buildAContext_andPrintNoPassword() throws Exception {
        Path trust = StoreFixtures.trustStore(folder, "t.p12", StoreFixtures.certificate("127.0.0.1"));
        Path key = StoreFixtures.keyStore(folder, "k.p12", StoreFixtures.certificate());
        Path password = folder.resolve("password");
        Files.writeString(password, StoreFixtures.PASSWORD.value() + "\n");
        TlsSettings settings =
                options(false, trust, password, key, password, false).settings().orElseThrow();
        assertThat(settings.hostnameVerification()).isFalse();
        assertThat(settings.sslContext()).isNotNull();
        assertThat(settings.toString())
                .contains(trust.toString())
                .contains(key.toString())
                .doesNotContain(StoreFixtures.PASSWORD.value());
        assertThat(settings.trustedBy()).isEqualTo("the trust store (--truststore " + trust + ")");
    }

    @Test
    void settings_inconsistentOptions_eachGetsItsLine() throws Exception {
        Path password = folder.resolve("password");
        Files.writeString(password, "x");
        Path store = folder.resolve("store.p12");
        assertThatThrownBy(
                        () -> options(false, null, password, null, null, true).settings())
                .hasMessage("--truststore-password-file needs --truststore");
        assertThatThrownBy(
                        () -> options(false, null, null, null, password, true).settings())
                .hasMessage("--keystore-password-file needs --keystore");
        assertThatThrownBy(() -> options(false, null, null, store, null, true).settings())
                .hasMessage("--keystore needs its password: --keystore-password-env VARIABLE or "
                        + "--keystore-password-file FILE");
        assertThatThrownBy(() -> options(false, null, null, null, null, false).settings())
                .hasMessage("--no-hostname-verification applies to TLS only: give --truststore FILE or --tls");
        assertThatThrownBy(() -> new TlsOptions(
                                TlsOptions.COMMAND_LINE,
                                false,
                                store,
                                "PBS_NOT_SET_ANYWHERE",
                                null,
                                null,
                                null,
                                null,
                                true)
                        .settings())
                .hasMessage("environment variable PBS_NOT_SET_ANYWHERE (--truststore-password-env) is not set");
    }

    @Test
    void sslContext_keyWithAnotherPasswordThanItsStore_isExplained() throws Exception {
        Path key = StoreFixtures.jksKeyStoreWithOtherKeyPassword(folder, StoreFixtures.certificate());
        Path password = folder.resolve("password");
        Files.writeString(password, StoreFixtures.PASSWORD.value());
        TlsSettings settings =
                options(false, null, null, key, password, true).settings().orElseThrow();
        assertThatThrownBy(settings::sslContext)
                .hasMessage("the private key in --keystore " + key
                        + " has a password other than the store's: pbs needs them to be the same");
    }
}
