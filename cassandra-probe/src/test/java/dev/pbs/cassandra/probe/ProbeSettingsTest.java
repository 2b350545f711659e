package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.cassandra.tls.TlsOptions;
import dev.pbs.cassandra.tls.TlsSettings;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProbeSettingsTest {

    private static final List<InetSocketAddress> LOCAL = List.of(ProbeSettings.contactPoint("127.0.0.1:9042"));

    private static ProbeSettings settings(
            String keyspace, int rf, double rate, Duration duration, double traceFraction) {
        return new ProbeSettings(
                LOCAL,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                keyspace,
                rf,
                rate,
                duration,
                traceFraction);
    }

    @Test
    void contactPoint_hostAndPort_parses() {
        InetSocketAddress point = ProbeSettings.contactPoint("127.0.0.2:9043");
        assertThat(point.getHostString()).isEqualTo("127.0.0.2");
        assertThat(point.getPort()).isEqualTo(9043);
        assertThat(ProbeSettings.contactPoint("[::1]:9042").getHostString()).isEqualTo("::1");
    }

    @Test
    void contactPoint_malformed_namesTheProblem() {
        assertThatThrownBy(() -> ProbeSettings.contactPoint("127.0.0.1")).hasMessageContaining("HOST:PORT");
        assertThatThrownBy(() -> ProbeSettings.contactPoint("127.0.0.1:abc")).hasMessageContaining("must be a number");
        assertThatThrownBy(() -> ProbeSettings.contactPoint("127.0.0.1:70000")).hasMessageContaining("1 to 65535");
        assertThatThrownBy(() -> ProbeSettings.contactPoint(":9042")).hasMessageContaining("HOST:PORT");
    }

    @Test
    void duration_units_parse() {
        assertThat(ProbeSettings.duration("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(ProbeSettings.duration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(ProbeSettings.duration("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(ProbeSettings.duration("1.5h")).isEqualTo(Duration.ofMinutes(90));
        assertThatThrownBy(() -> ProbeSettings.duration("30")).hasMessageContaining("unit ms, s, m or h");
        assertThatThrownBy(() -> ProbeSettings.duration("-1s")).hasMessageContaining("unit ms, s, m or h");
    }

    @Test
    void settings_defaultsAreValid() {
        ProbeSettings valid = settings(ProbeSettings.DEFAULT_KEYSPACE, 3, 50, Duration.ofSeconds(60), 0.2);
        assertThat(valid.keyspace()).isEqualTo("pbs_probe");
    }

    @Test
    void settings_keyspaceNames_areCheckedBeforeAnyCql() {
        assertThatThrownBy(() -> settings("pbs-probe", 3, 50, Duration.ofSeconds(1), 0.2))
                .hasMessageContaining("keyspace must be");
        assertThatThrownBy(() -> settings("x; DROP KEYSPACE y", 3, 50, Duration.ofSeconds(1), 0.2))
                .hasMessageContaining("keyspace must be");
        assertThatThrownBy(() -> settings("1abc", 3, 50, Duration.ofSeconds(1), 0.2))
                .hasMessageContaining("keyspace must be");
        assertThatThrownBy(() -> settings("a".repeat(49), 3, 50, Duration.ofSeconds(1), 0.2))
                .hasMessageContaining("48");
        assertThatThrownBy(() -> settings("system_auth", 3, 50, Duration.ofSeconds(1), 0.2))
                .hasMessageContaining("system keyspace");
    }

    @Test
    void settings_outOfRange_namesTheOption() {
        assertThatThrownBy(() -> settings("k", 0, 50, Duration.ofSeconds(1), 0.2))
                .hasMessageContaining("--rf");
        assertThatThrownBy(() -> settings("k", 3, 0, Duration.ofSeconds(1), 0.2))
                .hasMessageContaining("--rate");
        assertThatThrownBy(() -> settings("k", 3, 1e6, Duration.ofSeconds(1), 0.2))
                .hasMessageContaining("--rate");
        assertThatThrownBy(() -> settings("k", 3, Double.NaN, Duration.ofSeconds(1), 0.2))
                .hasMessageContaining("--rate");
        assertThatThrownBy(() -> settings("k", 3, 50, Duration.ZERO, 0.2)).hasMessageContaining("--duration");
        assertThatThrownBy(() -> settings("k", 3, 50, Duration.ofSeconds(1), 0))
                .hasMessageContaining("--trace-fraction");
        assertThatThrownBy(() -> settings("k", 3, 50, Duration.ofSeconds(1), 1.5))
                .hasMessageContaining("--trace-fraction");
        assertThatThrownBy(() -> new ProbeSettings(
                        List.of(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        "k",
                        3,
                        50,
                        Duration.ofSeconds(1),
                        0.2))
                .hasMessageContaining("--contact-point");
        assertThatThrownBy(() -> new ProbeSettings(
                        LOCAL,
                        Optional.empty(),
                        Optional.of("user"),
                        Optional.empty(),
                        "k",
                        3,
                        50,
                        Duration.ofSeconds(1),
                        0.2))
                .hasMessageContaining("password");
    }

    @Test
    void toString_neverShowsThePassword() {
        ProbeSettings settings = new ProbeSettings(
                LOCAL,
                Optional.empty(),
                Optional.of("probe"),
                Optional.of("s3cret-value"),
                "k",
                3,
                50,
                Duration.ofSeconds(1),
                0.2);
        assertThat(settings.toString())
                .contains("probe")
                .contains("password=(set)")
                .doesNotContain("s3cret-value");
    }

    @Test
    void toString_withTls_namesTheStoresButNoPassword(@TempDir Path folder) throws Exception {
        Path passwordFile = folder.resolve("truststore.password");
        Files.writeString(passwordFile, "store-s3cret\n");
        Path trustStore = folder.resolve("truststore.p12");
        TlsSettings tls = new TlsOptions(
                        TlsOptions.COMMAND_LINE, false, trustStore, null, passwordFile, null, null, null, true)
                .settings()
                .orElseThrow();
        ProbeSettings settings = new ProbeSettings(
                        LOCAL,
                        Optional.empty(),
                        Optional.of("probe"),
                        Optional.of("s3cret-value"),
                        "k",
                        3,
                        50,
                        Duration.ofSeconds(1),
                        0.2)
                .withTls(tls);
        assertThat(settings.tls()).contains(tls);
        assertThat(settings.toString())
                .contains(trustStore.toString())
                .contains(passwordFile.toString())
                .doesNotContain("s3cret-value")
                .doesNotContain("store-s3cret");
    }

    @Test
    void passwordFrom_fileOrVariable_notBoth(@TempDir Path folder) throws Exception {
        Path file = folder.resolve("password");
        Files.writeString(file, "from-file\n");
        assertThat(ProbeSettings.passwordFrom(null, file, "--password-env", "--password-file"))
                .contains("from-file");
        assertThat(ProbeSettings.passwordFrom(null, null, "--password-env", "--password-file"))
                .isEmpty();
        assertThatThrownBy(() -> ProbeSettings.passwordFrom("HOME", file, "--password-env", "--password-file"))
                .hasMessage("give --password-env or --password-file, not both");
        assertThatThrownBy(() -> ProbeSettings.passwordFrom(
                        null, folder.resolve("missing"), "--password-env", "--password-file"))
                .hasMessage("file " + folder.resolve("missing") + " (--password-file) does not exist");
    }

    @Test
    void open_unreachableContactPoint_isOneClearMessage() {
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        ProbeSettings settings = new ProbeSettings(
                List.of(ProbeSettings.contactPoint("127.0.0.1:1")),
                Optional.empty(),
                Optional.of("probe"),
                Optional.of("secret-password"),
                "k",
                3,
                50,
                Duration.ofSeconds(1),
                0.2);
        assertThatThrownBy(() -> ProbeSessions.open(settings, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot reach any contact point (127.0.0.1:1)")
                .message()
                .doesNotContain("secret-password");
    }
}
