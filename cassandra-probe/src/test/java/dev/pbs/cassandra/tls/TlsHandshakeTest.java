package dev.pbs.cassandra.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client context of {@link TlsSettings} against a TLS server in this JVM on loopback: it trusts
 * what its trust store holds, verifies the address, presents its key for mutual TLS, and each
 * failure becomes the line {@link TlsFailures} gives it. (The same cases against a real Cassandra
 * node, through the driver, are in SecureClusterIT.)
 */
class TlsHandshakeTest {

    @TempDir
    Path folder;

    private final SelfSignedCertificate server = StoreFixtures.certificate("127.0.0.1");
    private final SelfSignedCertificate client = StoreFixtures.certificate();

    private Optional<String> handshake(TlsSettings tls, boolean requireClientCertificate) throws Exception {
        return handshake(server, tls, requireClientCertificate);
    }

    /** Handshakes once as the client; empty when it worked, else the failure in words. */
    private Optional<String> handshake(SelfSignedCertificate server, TlsSettings tls, boolean requireClientCertificate)
            throws Exception {
        SSLContext serverContext = SSLContext.getInstance("TLS");
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        KeyStore serverKeys = StoreFixtures.key(StoreFixtures.keyStore(folder, "server.p12", server))
                .load(KeyStoreFile.Purpose.KEY);
        keys.init(serverKeys, StoreFixtures.PASSWORD.chars());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(StoreFixtures.trust(StoreFixtures.trustStore(folder, "server-trust.p12", client))
                .load(KeyStoreFile.Purpose.TRUST));
        serverContext.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        try (SSLServerSocket listening =
                (SSLServerSocket) serverContext.getServerSocketFactory().createServerSocket(0, 1, loopback)) {
            listening.setNeedClientAuth(requireClientCertificate);
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try (SSLSocket accepted = (SSLSocket) listening.accept()) {
                    accepted.startHandshake();
                    accepted.getOutputStream().write(1);
                    accepted.getOutputStream().flush();
                } catch (IOException refused) {
                    // The client's failure is what the test looks at.
                }
            });
            String endPoint = "127.0.0.1:" + listening.getLocalPort();
            try (SSLSocket socket = (SSLSocket)
                    tls.sslContext().getSocketFactory().createSocket("127.0.0.1", listening.getLocalPort())) {
                if (tls.hostnameVerification()) {
                    SSLParameters parameters = socket.getSSLParameters();
                    parameters.setEndpointIdentificationAlgorithm("HTTPS");
                    socket.setSSLParameters(parameters);
                }
                socket.startHandshake();
                // Under TLS 1.3 a server's refusal of the client's certificate arrives after the handshake.
                assertThat(socket.getInputStream().read()).isEqualTo(1);
                return Optional.empty();
            } catch (IOException failed) {
                return Optional.of(TlsFailures.describe(failed, endPoint, Optional.of(tls))
                        .orElse("not described: " + failed)
                        .replace(endPoint, "ENDPOINT"));
            } finally {
                served.get(10, TimeUnit.SECONDS);
            }
        }
    }

    private TlsSettings trusting(SelfSignedCertificate trusted, boolean verify, SelfSignedCertificate key)
            throws Exception {
        Path trustStore = StoreFixtures.trustStore(folder, "client-trust.p12", trusted);
        Optional<KeyStoreFile> keyStore = key == null
                ? Optional.empty()
                : Optional.of(StoreFixtures.key(StoreFixtures.keyStore(folder, "client.p12", key)));
        return new TlsSettings(
                Optional.of(StoreFixtures.trust(trustStore)), keyStore, verify, "--no-hostname-verification");
    }

    @Test
    void handshake_trustedCertificateNamingTheAddress_succeeds() throws Exception {
        assertThat(handshake(trusting(server, true, null), false)).isEmpty();
    }

    @Test
    void handshake_certificateOfAnotherKey_isNotTrusted() throws Exception {
        assertThat(handshake(trusting(StoreFixtures.certificate("127.0.0.1"), true, null), false))
                .contains("TLS handshake with ENDPOINT failed: the server's certificate is not trusted by the trust "
                        + "store (--truststore " + folder.resolve("client-trust.p12") + ")");
    }

    @Test
    void handshake_certificateNamingAnotherAddress_failsHostnameVerificationUnlessOff() throws Exception {
        SelfSignedCertificate elsewhere = StoreFixtures.certificate("127.0.0.99");
        assertThat(handshake(elsewhere, trusting(elsewhere, true, null), false))
                .contains("TLS handshake with ENDPOINT failed: the server's certificate does not name 127.0.0.1 "
                        + "(hostname verification is on; --no-hostname-verification turns it off, for test clusters "
                        + "only)");
        assertThat(handshake(elsewhere, trusting(elsewhere, false, null), false))
                .isEmpty();
    }

    /**
     * (A client certificate the server does not trust ends, against a JDK server, in an alert or in a
     * broken pipe, whichever the client sees first; against Cassandra it is certificate_required, see
     * TlsFailuresTest.)
     */
    @Test
    void handshake_mutualTls_presentsTheClientKey_orIsToldToGiveOne() throws Exception {
        assertThat(handshake(trusting(server, true, client), true)).isEmpty();
        assertThat(handshake(trusting(server, true, null), true))
                .contains("TLS handshake with ENDPOINT failed: the server requires a client certificate that it "
                        + "trusts (give one with --keystore FILE)");
    }
}
