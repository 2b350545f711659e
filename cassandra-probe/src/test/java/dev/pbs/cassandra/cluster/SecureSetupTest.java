package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.cassandra.tls.KeyStoreFile;
import dev.pbs.cassandra.tls.Secret;
import dev.pbs.cassandra.tls.TlsSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecureSetupTest {

    @TempDir
    Path folder;

    @Test
    void ensureStores_makesOwnerOnlyStoresNamingEveryNode_andReusesThem() throws Exception {
        SecureFiles files = new SecureFiles(folder.resolve("secure"));
        List<String> progress = new ArrayList<>();
        SecureSetup.ensureStores(files, List.of("127.0.0.21", "127.0.0.22"), progress::add);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.folder())))
                .isEqualTo("rwx------");
        for (Path file : List.of(
                files.nodeKeyStore(),
                files.nodePassword(),
                files.trustStore(),
                files.trustStorePassword(),
                files.clientKeyStore(),
                files.clientKeyStorePassword(),
                files.rolePassword())) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                    .as(file.toString())
                    .isEqualTo("rw-------");
        }
        assertThat(Files.readString(files.rolePassword())).matches("[A-Za-z0-9]{24}");
        KeyStore node = new KeyStoreFile(
                        files.nodeKeyStore(), Optional.of(Secret.fromFile(files.nodePassword(), "node")), "node", "-")
                .load(KeyStoreFile.Purpose.KEY);
        X509Certificate certificate = (X509Certificate) node.getCertificate("node");
        assertThat(certificate.getSubjectAlternativeNames().stream()
                        .map(name -> (Object) name.get(1))
                        .toList())
                .containsExactly("127.0.0.21", "127.0.0.22");
        // The clients' trust store holds that certificate, and the client context builds.
        TlsSettings client = files.clientTls(true);
        KeyStore trust = client.trustStore().orElseThrow().load(KeyStoreFile.Purpose.TRUST);
        assertThat(trust.getCertificate(trust.aliases().nextElement())).isEqualTo(certificate);
        assertThat(client.sslContext()).isNotNull();

        byte[] before = Files.readAllBytes(files.nodeKeyStore());
        SecureSetup.ensureStores(files, List.of("127.0.0.21", "127.0.0.22"), progress::add);
        assertThat(Files.readAllBytes(files.nodeKeyStore())).isEqualTo(before);
        assertThat(progress.get(1)).startsWith("reusing the key stores and passwords in ");
    }

    @Test
    void yaml_requiresPasswordsAndTls_andClientCertificatesForMutualTls() {
        SecureFiles files = new SecureFiles(folder.resolve("secure"));
        SecureSetup.ensureStores(files, List.of("127.0.0.21"), line -> {});
        String password = Secret.fromFile(files.nodePassword(), "node").value();
        List<String> tls = SecureSetup.yaml(files, ClusterSecurity.TLS);
        assertThat(tls)
                .contains(
                        "authenticator: PasswordAuthenticator",
                        "client_encryption_options:",
                        "  enabled: true",
                        "  optional: false",
                        "  keystore: " + files.nodeKeyStore(),
                        "  keystore_password: \"" + password + "\"",
                        "  store_type: PKCS12")
                .noneMatch(line -> line.contains("require_client_auth"));
        assertThat(SecureSetup.yaml(files, ClusterSecurity.MUTUAL_TLS))
                .contains("  require_client_auth: true", "  truststore: " + files.nodeTrustStore());
        String yaml = NodeConfiguration.yaml("pbs-local", 21, 1, 1, "/data/node1", tls);
        assertThat(yaml).contains("authenticator: PasswordAuthenticator").doesNotContain("AllowAllAuthenticator");
    }

    @Test
    void start_otherSecurityThanRecorded_isRefusedBeforeAnythingStarts() {
        new ClusterDirectory(folder).writeState("pbs-local", 1, "5.0.6", 21, ClusterSecurity.TLS);
        assertThat(LocalCluster.in(folder).security()).isEqualTo(ClusterSecurity.TLS);
        assertThatThrownBy(() -> LocalCluster.in(folder)
                        .withSecurity(ClusterSecurity.OPEN)
                        .start(1, line -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the cluster in " + folder.toAbsolutePath() + " was made with --secure, and a cluster "
                        + "keeps the security it was made with: start it with --secure or with no security option, "
                        + "or choose another --dir");
        new ClusterDirectory(folder).writeState("pbs-local", 1, "5.0.6", 21, ClusterSecurity.OPEN);
        assertThatThrownBy(() -> LocalCluster.in(folder)
                        .withSecurity(ClusterSecurity.TLS)
                        .start(1, line -> {}))
                .hasMessage("the cluster in " + folder.toAbsolutePath() + " was made with neither --secure nor "
                        + "--mutual-tls, and a cluster keeps the security it was made with: start it with neither "
                        + "--secure nor --mutual-tls, or choose another --dir");
    }

    @Test
    void security_newFolder_isTheRequestedOneElseOpen() {
        assertThat(LocalCluster.in(folder).security()).isEqualTo(ClusterSecurity.OPEN);
        assertThat(LocalCluster.in(folder)
                        .withSecurity(ClusterSecurity.MUTUAL_TLS)
                        .security())
                .isEqualTo(ClusterSecurity.MUTUAL_TLS);
        // A folder written before security was recorded is open.
        new ClusterDirectory(folder).writeState("pbs-local", 3, "5.0.6", 1);
        assertThat(LocalCluster.in(folder).security()).isEqualTo(ClusterSecurity.OPEN);
    }
}
