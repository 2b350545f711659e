package dev.pbs.cassandra.tls;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * A key pair (EC, P-256) and a self-signed X.509 v3 certificate for it, made with the JDK's own
 * key generation and signature APIs: the certificate's DER encoding is written here (the JDK has no
 * public certificate builder), then parsed back and verified by the JDK's {@link CertificateFactory}.
 * For local test clusters, which need a certificate naming their loopback addresses and nothing
 * more; real clusters bring certificates from their own authority.
 *
 * @param privateKey the key
 * @param certificate its self-signed certificate: subject {@code CN=commonName}, the given IP
 *     addresses as subject alternative names (what hostname verification checks)
 */
public record SelfSignedCertificate(PrivateKey privateKey, X509Certificate certificate) {

    private static final SecureRandom RANDOM = new SecureRandom();
    /** ecdsa-with-SHA256, 1.2.840.10045.4.3.2. */
    private static final byte[] OID_ECDSA_SHA256 = {0x2A, (byte) 0x86, 0x48, (byte) 0xCE, 0x3D, 0x04, 0x03, 0x02};
    /** commonName, 2.5.4.3. */
    private static final byte[] OID_COMMON_NAME = {0x55, 0x04, 0x03};
    /** subjectAltName, 2.5.29.17. */
    private static final byte[] OID_SUBJECT_ALT_NAME = {0x55, 0x1D, 0x11};
    /** basicConstraints, 2.5.29.19. */
    private static final byte[] OID_BASIC_CONSTRAINTS = {0x55, 0x1D, 0x13};

    private static final DateTimeFormatter UTC_TIME =
            DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter GENERALIZED_TIME =
            DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);

    /**
     * A new key pair and its certificate, valid from a minute ago for {@code validity}.
     *
     * @param commonName the subject's (and issuer's) common name
     * @param ipAddresses IP address literals the certificate names, e.g. {@code 127.0.0.21}
     */
    public static SelfSignedCertificate create(String commonName, List<String> ipAddresses, Duration validity) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            KeyPair keys = generator.generateKeyPair();
            Instant notBefore = Instant.now().minus(Duration.ofMinutes(1));
            byte[] algorithm = sequence(objectIdentifier(OID_ECDSA_SHA256));
            byte[] name = name(commonName);
            byte[] serial = new byte[16];
            RANDOM.nextBytes(serial);
            serial[0] &= 0x7F;
            serial[0] |= 0x10;
            byte[] tbs = sequence(
                    tagged(0xA0, integer(BigInteger.TWO)),
                    integer(new BigInteger(serial)),
                    algorithm,
                    name,
                    sequence(time(notBefore), time(notBefore.plus(validity))),
                    name,
                    keys.getPublic().getEncoded(),
                    tagged(0xA3, sequence(extension(OID_BASIC_CONSTRAINTS, sequence()), subjectAltNames(ipAddresses))));
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(keys.getPrivate(), RANDOM);
            signer.update(tbs);
            byte[] der = sequence(tbs, algorithm, bitString(signer.sign()));
            X509Certificate certificate = (X509Certificate)
                    CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
            certificate.verify(keys.getPublic());
            return new SelfSignedCertificate(keys.getPrivate(), certificate);
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("cannot make a self-signed certificate: " + impossible, impossible);
        }
    }

    /** The certificate's subject and serial number; never the key. */
    @Override
    public String toString() {
        return "SelfSignedCertificate[" + certificate.getSubjectX500Principal() + ", serial "
                + certificate.getSerialNumber().toString(16) + "]";
    }

    /** A PKCS12 key store holding the key and its certificate under {@code alias}, as bytes. */
    public byte[] keyStore(String alias, Secret password) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(alias, privateKey, password.chars(), new Certificate[] {certificate});
            return bytes(store, password);
        } catch (GeneralSecurityException | java.io.IOException impossible) {
            throw new IllegalStateException("cannot make a key store: " + impossible, impossible);
        }
    }

    /** A PKCS12 trust store holding {@code certificates} (aliases {@code alias-1}, ...), as bytes. */
    public static byte[] trustStore(String alias, List<X509Certificate> certificates, Secret password) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            for (int index = 0; index < certificates.size(); index++) {
                store.setCertificateEntry(alias + "-" + (index + 1), certificates.get(index));
            }
            return bytes(store, password);
        } catch (GeneralSecurityException | java.io.IOException impossible) {
            throw new IllegalStateException("cannot make a trust store: " + impossible, impossible);
        }
    }

    private static byte[] bytes(KeyStore store, Secret password) throws GeneralSecurityException, java.io.IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.store(out, password.chars());
        return out.toByteArray();
    }

    /** A random password of {@code length} letters and digits (safe in YAML and on a command line). */
    public static String randomPassword(int length) {
        String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
        StringBuilder password = new StringBuilder(length);
        for (int index = 0; index < length; index++) {
            password.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return password.toString();
    }

    private static byte[] name(String commonName) {
        byte[] attribute =
                sequence(objectIdentifier(OID_COMMON_NAME), element(0x0C, commonName.getBytes(StandardCharsets.UTF_8)));
        return sequence(element(0x31, attribute));
    }

    private static byte[] subjectAltNames(List<String> ipAddresses) {
        byte[][] names = new byte[ipAddresses.size()][];
        for (int index = 0; index < names.length; index++) {
            String literal = ipAddresses.get(index);
            try {
                if (!literal.matches("[0-9.]+|[0-9A-Fa-f:]+")) {
                    throw new IllegalArgumentException("not an IP address literal: '" + literal + "'");
                }
                names[index] = element(0x87, InetAddress.getByName(literal).getAddress());
            } catch (UnknownHostException invalid) {
                throw new IllegalArgumentException("not an IP address literal: '" + literal + "'", invalid);
            }
        }
        return extension(OID_SUBJECT_ALT_NAME, sequence(names));
    }

    private static byte[] extension(byte[] oid, byte[] value) {
        return sequence(objectIdentifier(oid), element(0x04, value));
    }

    private static byte[] time(Instant instant) {
        int year = instant.atZone(ZoneOffset.UTC).getYear();
        return year < 2050
                ? element(0x17, UTC_TIME.format(instant).getBytes(StandardCharsets.US_ASCII))
                : element(0x18, GENERALIZED_TIME.format(instant).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] integer(BigInteger value) {
        return element(0x02, value.toByteArray());
    }

    private static byte[] objectIdentifier(byte[] encoded) {
        return element(0x06, encoded);
    }

    private static byte[] bitString(byte[] bits) {
        byte[] content = new byte[bits.length + 1];
        System.arraycopy(bits, 0, content, 1, bits.length);
        return element(0x03, content);
    }

    private static byte[] tagged(int tag, byte[] inner) {
        return element(tag, inner);
    }

    private static byte[] sequence(byte[]... elements) {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        for (byte[] element : elements) {
            content.writeBytes(element);
        }
        return element(0x30, content.toByteArray());
    }

    /** Tag, DER length (short or long form), content. */
    private static byte[] element(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = (Integer.SIZE - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | bytes);
            for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
                out.write((length >>> shift) & 0xFF);
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }
}
