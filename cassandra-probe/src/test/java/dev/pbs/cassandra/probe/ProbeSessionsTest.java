package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.metadata.EndPoint;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.internal.core.metadata.DefaultEndPoint;
import dev.pbs.cassandra.tls.KeyStoreFile;
import dev.pbs.cassandra.tls.TlsSettings;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.cert.CertPathBuilderException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** Connection failures become one message a user can act on (SecureClusterIT checks them on a real secure node). */
class ProbeSessionsTest {

    private static final EndPoint END_POINT = new DefaultEndPoint(new InetSocketAddress("127.0.0.1", 9042));

    private static Node node() {
        return (Node) Proxy.newProxyInstance(
                Node.class.getClassLoader(),
                new Class<?>[] {Node.class},
                (proxy, method, arguments) -> switch (method.getName()) {
                    case "getEndPoint" -> END_POINT;
                    case "toString" -> "Node(" + END_POINT + ")";
                    case "hashCode" -> 1;
                    case "equals" -> proxy == arguments[0];
                    default -> null;
                });
    }

    private static ProbeSettings settings(Optional<String> user, Optional<String> password) {
        return new ProbeSettings(
                List.of(ProbeSettings.contactPoint("127.0.0.1:9042")),
                Optional.empty(),
                user,
                password,
                "pbs_probe",
                3,
                10,
                Duration.ofSeconds(1),
                0.2);
    }

    @Test
    void describe_wrongCredentials_namesTheUserButNeverThePassword() {
        AllNodesFailedException failed = AllNodesFailedException.fromErrors(Map.of(
                node(),
                new AuthenticationException(END_POINT, "Provided username probe and/or password are incorrect")));
        String message = ProbeSessions.describe(failed, settings(Optional.of("probe"), Optional.of("hunter2-secret")));
        assertThat(message)
                .isEqualTo("authentication failed at 127.0.0.1:9042 for user 'probe': the user name or the password "
                        + "is wrong")
                .doesNotContain("hunter2-secret");
    }

    @Test
    void describe_credentialsRequiredButNotGiven_saysWhichOptionsToUse() {
        AllNodesFailedException failed = AllNodesFailedException.fromErrors(
                Map.of(node(), new AuthenticationException(END_POINT, "Authentication required")));
        assertThat(ProbeSessions.describe(failed, settings(Optional.empty(), Optional.empty())))
                .isEqualTo("authentication failed at 127.0.0.1:9042 (the cluster requires credentials: --username with "
                        + "--password-env or --password-file)");
    }

    @Test
    void describe_untrustedCertificate_isTheTlsLine() {
        SSLHandshakeException handshake = new SSLHandshakeException("PKIX path building failed");
        handshake.initCause(new CertPathBuilderException("unable to find valid certification path"));
        AllNodesFailedException failed = AllNodesFailedException.fromErrors(
                Map.of(node(), new RuntimeException("[s0|control] failed to send request", handshake)));
        ProbeSettings settings = settings(Optional.empty(), Optional.empty())
                .withTls(new TlsSettings(
                        Optional.of(new KeyStoreFile(Path.of("/etc/pbs/t.p12"), Optional.empty(), "--truststore", "-")),
                        Optional.empty(),
                        true,
                        "--no-hostname-verification"));
        assertThat(ProbeSessions.describe(failed, settings))
                .isEqualTo("TLS handshake with 127.0.0.1:9042 failed: the server's certificate is not trusted by the "
                        + "trust store (--truststore /etc/pbs/t.p12)");
    }

    @Test
    void describe_refusedConnection_isOneSentence() {
        AllNodesFailedException failed = AllNodesFailedException.fromErrors(Map.of(
                node(),
                new RuntimeException("[s0|control] failed", new java.net.ConnectException("Connection refused"))));
        assertThat(ProbeSessions.describe(failed, settings(Optional.empty(), Optional.empty())))
                .isEqualTo("cannot reach any contact point (127.0.0.1:9042): connection refused (is Cassandra running "
                        + "there, with its CQL port?)");
    }
}
