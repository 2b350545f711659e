package dev.pbs.cassandra.tls;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import java.net.SocketException;
import java.nio.file.Path;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/**
 * The chains the driver 4.19.2 gave against a real Cassandra 5.0.6 node (recorded by hand, then
 * checked for real in SecureClusterIT), each put in one line.
 */
class TlsFailuresTest {

    private static final String NODE = "127.0.0.21:9042";

    private static final TlsSettings TLS = new TlsSettings(
            Optional.of(new KeyStoreFile(Path.of("/etc/pbs/t.p12"), Optional.empty(), "--truststore", "-")),
            Optional.empty(),
            true,
            "--no-hostname-verification");

    private static Throwable fromDriver(Throwable cause) {
        return new ConnectionInitException(
                "[s0|control|id: 0x1, L:/127.0.0.1:5 - R:/127.0.0.21:9042] Protocol initialization request, step 1 "
                        + "(OPTIONS): failed to send request (" + cause + ")",
                cause);
    }

    @Test
    void describe_unknownCertificate_notTrustedByTheNamedStore() {
        Throwable pkix = new SSLHandshakeException("PKIX path building failed");
        pkix.initCause(new CertificateException(
                "PKIX path building failed",
                new java.security.cert.CertPathBuilderException("unable to find valid certification path")));
        assertThat(TlsFailures.describe(fromDriver(pkix), NODE, Optional.of(TLS)))
                .contains("TLS handshake with 127.0.0.21:9042 failed: the server's certificate is not trusted by the "
                        + "trust store (--truststore /etc/pbs/t.p12)");
    }

    @Test
    void describe_expiredCertificate_saysSoRatherThanUntrusted() {
        Throwable expired = new SSLHandshakeException("PKIX path validation failed");
        expired.initCause(new CertPathValidatorException(
                "validity check failed", new CertificateExpiredException("NotAfter: Tue Jan 01 00:00:00 UTC 2030")));
        assertThat(TlsFailures.describe(fromDriver(expired), NODE, Optional.of(TLS)))
                .contains("TLS handshake with 127.0.0.21:9042 failed: the server's certificate is outside its "
                        + "validity period (NotAfter: Tue Jan 01 00:00:00 UTC 2030)");
    }

    @Test
    void describe_certificateForAnotherAddress_pointsAtHostnameVerification() {
        Throwable mismatch = new SSLHandshakeException("No subject alternative names matching IP address 127.0.0.21");
        mismatch.initCause(
                new CertificateException("No subject alternative names matching IP address 127.0.0.21 found"));
        assertThat(TlsFailures.describe(fromDriver(mismatch), NODE, Optional.of(TLS)))
                .contains(
                        "TLS handshake with 127.0.0.21:9042 failed: the server's certificate does not name 127.0.0.21 "
                                + "(hostname verification is on; --no-hostname-verification turns it off, for test clusters "
                                + "only)");
    }

    @Test
    void describe_tlsToAPlainTextPort_saysTheServerAnsweredInPlainText() {
        Throwable plain =
                new NotSslRecordException("not an SSL/TLS record: 8500000000000000680000000a0062496e76616c6964");
        assertThat(TlsFailures.describe(fromDriver(plain), NODE, Optional.of(TLS)))
                .contains("TLS handshake with 127.0.0.21:9042 failed: the server answered in plain text: its CQL port "
                        + "does not use TLS (leave out the TLS options)");
    }

    @Test
    void describe_plainTextToATlsPort_suggestsTls_onlyWithoutTls() {
        Throwable reset =
                new ClosedConnectionException("Unexpected error on channel", new SocketException("Connection reset"));
        assertThat(TlsFailures.describe(fromDriver(reset), NODE, Optional.empty()))
                .contains("127.0.0.21:9042 closed the connection at the first CQL request, as a node that requires "
                        + "TLS does with plain text: connect over TLS (--truststore FILE, or --tls)");
        assertThat(TlsFailures.describe(fromDriver(reset), NODE, Optional.of(TLS)))
                .isEmpty();
    }

    @Test
    void describe_clientCertificateRequired_saysWhichOptionGivesOne() {
        Throwable required = new ClosedConnectionException(
                "Unexpected error on channel",
                new DecoderException(new SSLHandshakeException("Received fatal alert: certificate_required")));
        assertThat(TlsFailures.describe(fromDriver(required), NODE, Optional.of(TLS)))
                .contains("TLS handshake with 127.0.0.21:9042 failed: the server requires a client certificate that "
                        + "it trusts (give one with --keystore FILE)");
    }

    @Test
    void describe_clientCertificateNotTrusted_namesTheKeyStore() {
        TlsSettings withKey = new TlsSettings(
                TLS.trustStore(),
                Optional.of(new KeyStoreFile(Path.of("/etc/pbs/client.p12"), Optional.empty(), "--keystore", "-")),
                true,
                "--no-hostname-verification");
        Throwable required = new ClosedConnectionException(
                "Unexpected error on channel",
                new DecoderException(new SSLHandshakeException("Received fatal alert: certificate_required")));
        assertThat(TlsFailures.describe(fromDriver(required), NODE, Optional.of(withKey)))
                .contains("TLS handshake with 127.0.0.21:9042 failed: the server requires a client certificate that "
                        + "it trusts (none in --keystore /etc/pbs/client.p12 is issued by an authority it trusts)");
        Throwable refused = new SSLHandshakeException("Received fatal alert: bad_certificate");
        assertThat(TlsFailures.describe(fromDriver(refused), NODE, Optional.of(withKey)))
                .contains("TLS handshake with 127.0.0.21:9042 failed: the server refused the client certificate from "
                        + "--keystore /etc/pbs/client.p12 (Received fatal alert: bad_certificate)");
    }

    @Test
    void describe_somethingElse_isLeftToTheCaller() {
        assertThat(TlsFailures.describe(
                        new RuntimeException("x", new java.net.ConnectException("Connection refused")),
                        NODE,
                        Optional.of(TLS)))
                .isEmpty();
    }
}
