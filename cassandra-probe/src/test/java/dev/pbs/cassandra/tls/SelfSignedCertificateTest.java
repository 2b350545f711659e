package dev.pbs.cassandra.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SelfSignedCertificateTest {

    @Test
    void create_namesEveryAddress_andVerifiesWithItsOwnKey() throws Exception {
        SelfSignedCertificate made = SelfSignedCertificate.create(
                "pbs-local node", List.of("127.0.0.21", "127.0.0.22", "::1"), Duration.ofDays(3650));
        X509Certificate certificate = made.certificate();
        certificate.checkValidity();
        certificate.verify(certificate.getPublicKey());
        assertThat(certificate.getSubjectX500Principal().getName()).isEqualTo("CN=pbs-local node");
        assertThat(certificate.getIssuerX500Principal()).isEqualTo(certificate.getSubjectX500Principal());
        assertThat(certificate.getVersion()).isEqualTo(3);
        assertThat(certificate.getBasicConstraints()).isEqualTo(-1);
        assertThat(certificate.getSubjectAlternativeNames().stream()
                        .map(name -> (Object) name.get(1))
                        .toList())
                .containsExactly("127.0.0.21", "127.0.0.22", "0:0:0:0:0:0:0:1");
        // Ten years on: past 2049, the end date is a GeneralizedTime.
        assertThat(certificate.getNotAfter().toInstant()).isAfter(Instant.now().plus(Duration.ofDays(3649)));
        SelfSignedCertificate longLived = SelfSignedCertificate.create("x", List.of(), Duration.ofDays(365 * 30));
        assertThat(longLived.certificate().getNotAfter().toInstant()).isAfter(Instant.parse("2050-01-01T00:00:00Z"));
    }

    @Test
    void keyStore_roundTrips_andToStringShowsNoKey() throws Exception {
        SelfSignedCertificate made = SelfSignedCertificate.create("node", List.of("127.0.0.1"), Duration.ofDays(1));
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(
                new ByteArrayInputStream(made.keyStore("node", StoreFixtures.PASSWORD)),
                StoreFixtures.PASSWORD.chars());
        assertThat(store.getKey("node", StoreFixtures.PASSWORD.chars())).isEqualTo(made.privateKey());
        assertThat(made.toString())
                .startsWith("SelfSignedCertificate[CN=node, serial ")
                .doesNotContain("private");
    }

    @Test
    void create_hostName_isRefused() {
        assertThatThrownBy(() -> SelfSignedCertificate.create("x", List.of("localhost"), Duration.ofDays(1)))
                .hasMessage("not an IP address literal: 'localhost'");
    }

    @Test
    void randomPassword_lettersAndDigits() {
        assertThat(SelfSignedCertificate.randomPassword(24)).hasSize(24).matches("[A-Za-z0-9]+");
        assertThat(SelfSignedCertificate.randomPassword(24)).isNotEqualTo(SelfSignedCertificate.randomPassword(24));
    }
}
