package dev.pbs.cassandra.tls;

import java.net.SocketException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.SSLException;

/**
 * Puts a failed connection's TLS trouble in words a user can act on, from the causes the Java driver
 * wraps it in. What Cassandra 5.0.6 and driver 4.19.2 give, seen on a real node:
 *
 * <ul>
 *   <li>a certificate the trust store does not vouch for: {@code SSLHandshakeException} caused by
 *       {@code ValidatorException} caused by a {@link CertPathBuilderException} ("PKIX path building
 *       failed");
 *   <li>a trusted certificate that does not name the address: {@code SSLHandshakeException} caused
 *       by a {@link CertificateException} "No subject alternative names matching IP address ...";
 *   <li>TLS to a plain-text port: netty's {@code NotSslRecordException} (the node answered with a
 *       plain CQL error frame);
 *   <li>plain text to a TLS-only port: the node resets the connection at the first request
 *       ({@code ClosedConnectionException} caused by {@code SocketException: Connection reset});
 *   <li>no client certificate the node trusts, under mutual TLS: {@code SSLHandshakeException}
 *       "Received fatal alert: certificate_required" (also when the one offered is not trusted: a
 *       TLS 1.3 client offers only a certificate from an authority the server names); a JDK server
 *       says {@code bad_certificate} instead.
 * </ul>
 */
public final class TlsFailures {

    private TlsFailures() {}

    /**
     * One line for a failed connection to {@code endPoint} ("127.0.0.21:9042"), if its causes show a
     * TLS problem, or a plain-text connection that a TLS-only node closed.
     *
     * @param tls the client's TLS settings, empty for plain text
     */
    public static Optional<String> describe(Throwable error, String endPoint, Optional<TlsSettings> tls) {
        String handshake = "TLS handshake with " + endPoint + " failed: ";
        // An expired certificate also fails path validation: say which first.
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof CertificateExpiredException || cause instanceof CertificateNotYetValidException) {
                return Optional.of(handshake + "the server's certificate is outside its validity period ("
                        + cause.getMessage() + ")");
            }
        }
        boolean closed = false;
        SSLException ssl = null;
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            String name = cause.getClass().getName();
            String message = cause.getMessage() == null ? "" : cause.getMessage();
            if (cause instanceof CertPathBuilderException
                    || cause instanceof CertPathValidatorException
                    || name.equals("sun.security.validator.ValidatorException")) {
                return Optional.of(handshake + "the server's certificate is not trusted by "
                        + tls.map(TlsSettings::trustedBy).orElse("the trust store"));
            }
            if (cause instanceof CertificateException
                    && (message.startsWith("No subject alternative") || message.startsWith("No name matching"))) {
                String option = tls.map(TlsSettings::hostnameOption).orElse("--no-hostname-verification");
                return Optional.of(handshake + "the server's certificate does not name " + host(endPoint)
                        + " (hostname verification is on; " + option + " turns it off, for test clusters only)");
            }
            if (name.equals("io.netty.handler.ssl.NotSslRecordException")) {
                return Optional.of(handshake + "the server answered in plain text: its CQL port does not use TLS "
                        + "(leave out the TLS options)");
            }
            if (cause instanceof SSLException sslException && ssl == null) {
                ssl = sslException;
            }
            closed |= name.endsWith("ClosedConnectionException")
                    || (cause instanceof SocketException && message.contains("reset"));
        }
        if (ssl != null) {
            return Optional.of(handshake + alert(ssl, tls));
        }
        if (closed && tls.isEmpty()) {
            return Optional.of(endPoint + " closed the connection at the first CQL request, as a node that "
                    + "requires TLS does with plain text: connect over TLS (--truststore FILE, or --tls)");
        }
        return Optional.empty();
    }

    private static String alert(SSLException ssl, Optional<TlsSettings> tls) {
        String message = ssl.getMessage() == null ? ssl.getClass().getSimpleName() : ssl.getMessage();
        String lower = message.toLowerCase(Locale.ROOT);
        Optional<String> key = tls.flatMap(TlsSettings::clientKey);
        boolean required = lower.contains("certificate_required");
        boolean refused = lower.contains("bad_certificate")
                || lower.contains("unknown_ca")
                || lower.contains("certificate_unknown")
                || lower.contains("access_denied");
        if (key.isEmpty() && (required || refused)) {
            // A server that wants a client certificate and got none: OpenSSL says certificate_required,
            // the JDK bad_certificate.
            return "the server requires a client certificate that it trusts (give one with --keystore FILE)";
        }
        if (required) {
            return "the server requires a client certificate that it trusts (none in " + key.get()
                    + " is issued by an authority it trusts)";
        }
        if (refused) {
            return "the server refused the client certificate from " + key.get() + " (" + message + ")";
        }
        return message;
    }

    private static String host(String endPoint) {
        int colon = endPoint.lastIndexOf(':');
        return colon > 0 ? endPoint.substring(0, colon) : endPoint;
    }
}
