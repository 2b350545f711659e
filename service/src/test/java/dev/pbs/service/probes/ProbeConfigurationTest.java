package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.tls.Secret;
import dev.pbs.cassandra.tls.SelfSignedCertificate;
import dev.pbs.cassandra.tls.TlsSettings;
import dev.pbs.montecarlo.TimeOrigin;
import dev.pbs.service.slas.PredictionClock;
import io.dropwizard.configuration.ConfigurationException;
import io.dropwizard.configuration.DefaultConfigurationFactoryFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProbeConfigurationTest {

    private static final Validator VALIDATOR = Validators.newValidator();

    private static ProbeConfiguration probe() {
        ProbeConfiguration probe = new ProbeConfiguration();
        probe.setName("it");
        probe.setContactPoints(List.of("127.0.0.1:9042"));
        return probe;
    }

    @Test
    void window_defaultsToTenMinutes_andFollowsWindowMinutes() {
        ProbeConfiguration probe = probe();
        assertThat(probe.window()).isEqualTo(Duration.ofMinutes(10));
        assertThat(probe.toSettings().duration()).isEqualTo(Duration.ofMinutes(10));
        probe.setWindowMinutes(3);
        assertThat(probe.window()).isEqualTo(Duration.ofMinutes(3));
    }

    @Test
    void windowSeconds_overridesWindowMinutes() {
        ProbeConfiguration probe = probe();
        probe.setWindowMinutes(3);
        probe.setWindowSeconds(20);
        assertThat(probe.window()).isEqualTo(Duration.ofSeconds(20));
        assertThat(probe.toSettings().duration()).isEqualTo(Duration.ofSeconds(20));
        assertThat(VALIDATOR.validate(probe)).isEmpty();
    }

    @Test
    void warmUpRound_defaultsToThirtySeconds_zeroTurnsItOff_negativeIsRefused() {
        ProbeConfiguration probe = probe();
        assertThat(probe.warmUpRound()).isEqualTo(Duration.ofSeconds(30));
        probe.setWarmUpRoundSeconds(0);
        assertThat(probe.warmUpRound()).isZero();
        assertThat(VALIDATOR.validate(probe)).isEmpty();
        probe.setWarmUpRoundSeconds(-1);
        Set<ConstraintViolation<ProbeConfiguration>> violations = VALIDATOR.validate(probe);
        assertThat(violations).hasSize(1);
        assertThat(violations.iterator().next().getPropertyPath().toString()).isEqualTo("warmUpRoundSeconds");
    }

    @Test
    void clock_defaultsToTheAcknowledgementWithTheMeasuredRoundTrip() {
        ProbeConfiguration probe = probe();
        assertThat(probe.getClock()).isEqualTo("acknowledgement");
        assertThat(probe.fixedClock())
                .as("each window's measured round trips set it")
                .isEmpty();

        probe.setClientRoundTripMillis(2.5);
        PredictionClock configured = probe.fixedClock().orElseThrow();
        assertThat(configured.origin()).isEqualTo(TimeOrigin.ACKNOWLEDGEMENT);
        assertThat(configured.meanRoundTripMillis()).isCloseTo(2.5, within(0.01));
        assertThat(configured.roundTripSource()).isEqualTo("configured");

        probe.setClientRoundTripMillis(null);
        probe.setClock("commit");
        assertThat(probe.fixedClock()).contains(PredictionClock.COMMIT);
        assertThat(VALIDATOR.validate(probe)).isEmpty();
    }

    @Test
    void clock_otherThanTheTwo_orARoundTripWithTheCommit_isRefusedNamingIt() {
        ProbeConfiguration probe = probe();
        probe.setClock("ack");
        Set<ConstraintViolation<ProbeConfiguration>> violations = VALIDATOR.validate(probe);
        assertThat(violations).singleElement().satisfies(violation -> {
            assertThat(violation.getPropertyPath().toString()).isEqualTo("clock");
            assertThat(violation.getMessage()).isEqualTo("must be acknowledgement or commit");
        });

        probe.setClock("commit");
        probe.setClientRoundTripMillis(2.0);
        assertThatThrownBy(() -> ProbeDefinition.check(probe))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("probe 'it': clientRoundTripMillis is set, but the clock is commit, which adds no round"
                        + " trip: remove one of them");

        probe.setClock("acknowledgement");
        probe.setClientRoundTripMillis(-1.0);
        assertThat(VALIDATOR.validate(probe))
                .singleElement()
                .satisfies(violation ->
                        assertThat(violation.getPropertyPath().toString()).isEqualTo("clientRoundTripMillis"));
    }

    @Test
    void windowSeconds_belowTen_isRefusedNamingTheField() {
        ProbeConfiguration probe = probe();
        probe.setWindowSeconds(5);
        Set<ConstraintViolation<ProbeConfiguration>> violations = VALIDATOR.validate(probe);
        assertThat(violations).hasSize(1);
        ConstraintViolation<ProbeConfiguration> violation =
                violations.iterator().next();
        assertThat(violation.getPropertyPath().toString()).isEqualTo("windowSeconds");
        assertThat(violation.getMessage()).contains("10");
    }

    @Test
    void tls_fromYaml_givesTheProbeTlsSettings(@TempDir Path folder) throws Exception {
        Path trustStore = trustStore(folder);
        Path passwordFile = folder.resolve("truststore.password");
        Path rolePassword = folder.resolve("pbs.password");
        Files.writeString(rolePassword, "role-password-never-shown\n");
        ProbeConfiguration probe = fromYaml(folder, """
                name: secure
                contactPoints: ["127.0.0.21:9042"]
                username: pbs
                passwordFile: %s
                tls:
                  trustStore: %s
                  trustStorePasswordFile: %s
                """.formatted(rolePassword, trustStore, passwordFile));
        ProbeSettings settings = probe.toSettings();
        assertThat(settings.password()).contains("role-password-never-shown");
        TlsSettings tls = settings.tls().orElseThrow();
        assertThat(tls.hostnameVerification()).isTrue();
        assertThat(tls.keyStore()).isEmpty();
        assertThat(tls.trustedBy()).isEqualTo("the trust store (tls.trustStore " + trustStore + ")");
        assertThat(settings.toString())
                .doesNotContain("role-password-never-shown")
                .doesNotContain(STORE_PASSWORD);
    }

    @Test
    void tls_emptySection_trustsTheJdkDefaults_andVerificationCanBeTurnedOff(@TempDir Path folder) throws Exception {
        ProbeConfiguration probe = fromYaml(folder, """
                name: secure
                contactPoints: ["127.0.0.21:9042"]
                tls:
                  hostnameVerification: false
                """);
        TlsSettings tls = probe.toSettings().tls().orElseThrow();
        assertThat(tls.trustStore()).isEmpty();
        assertThat(tls.hostnameVerification()).isFalse();
        assertThat(probe().toSettings().tls()).isEmpty();
    }

    @Test
    void tls_badSettings_areRefusedNamingTheProbeAndTheOption(@TempDir Path folder) throws Exception {
        Path trustStore = trustStore(folder);
        Path wrong = folder.resolve("wrong.password");
        Files.writeString(wrong, "wrong-password-never-shown");

        ProbeConfiguration missing = probe();
        missing.setTls(tls(folder.resolve("missing.p12").toString(), null));
        assertThatThrownBy(missing::toSettings)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("probe 'it': tls.trustStore " + folder.resolve("missing.p12") + " does not exist");

        ProbeConfiguration wrongPassword = probe();
        wrongPassword.setTls(tls(trustStore.toString(), wrong.toString()));
        assertThatThrownBy(wrongPassword::toSettings)
                .hasMessage("probe 'it': wrong password for tls.trustStore " + trustStore + " (the password from file "
                        + wrong + " (tls.trustStorePasswordFile))")
                .message()
                .doesNotContain("wrong-password-never-shown")
                .doesNotContain(STORE_PASSWORD);

        ProbeConfiguration keyWithoutPassword = probe();
        TlsConfiguration tls =
                tls(trustStore.toString(), folder.resolve("truststore.password").toString());
        tls.setKeyStore(trustStore.toString());
        keyWithoutPassword.setTls(tls);
        assertThatThrownBy(keyWithoutPassword::toSettings)
                .hasMessage("probe 'it': tls.keyStore needs its password: tls.keyStorePasswordEnv VARIABLE or "
                        + "tls.keyStorePasswordFile FILE");

        ProbeConfiguration unsetVariable = probe();
        TlsConfiguration fromVariable = tls(trustStore.toString(), null);
        fromVariable.setTrustStorePasswordEnv("PBS_TEST_VARIABLE_THAT_IS_NOT_SET");
        unsetVariable.setTls(fromVariable);
        assertThatThrownBy(unsetVariable::toSettings)
                .hasMessage("probe 'it': environment variable PBS_TEST_VARIABLE_THAT_IS_NOT_SET "
                        + "(tls.trustStorePasswordEnv) is not set");

        ProbeConfiguration passwordWithoutUser = probe();
        passwordWithoutUser.setPasswordFile(wrong.toString());
        assertThatThrownBy(passwordWithoutUser::toSettings).hasMessage("probe 'it': passwordFile needs username");
    }

    @Test
    void tls_misspelledOption_isRefusedWhenTheYamlIsRead(@TempDir Path folder) {
        assertThatThrownBy(() -> fromYaml(folder, """
                        name: secure
                        contactPoints: ["127.0.0.21:9042"]
                        tls:
                          trustStoreFile: /etc/pbs/truststore.p12
                        """))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("Unrecognized field at: tls.trustStoreFile")
                .hasMessageContaining("trustStore");
    }

    private static final String STORE_PASSWORD = "store-password-never-shown";

    private static TlsConfiguration tls(String trustStore, String passwordFile) {
        TlsConfiguration tls = new TlsConfiguration();
        tls.setTrustStore(trustStore);
        tls.setTrustStorePasswordFile(passwordFile);
        return tls;
    }

    /** A PKCS12 trust store in {@code folder}, its password in {@code truststore.password}. */
    private static Path trustStore(Path folder) throws Exception {
        Path file = folder.resolve("truststore.p12");
        Files.writeString(folder.resolve("truststore.password"), STORE_PASSWORD + "\n");
        SelfSignedCertificate certificate =
                SelfSignedCertificate.create("test", List.of("127.0.0.21"), Duration.ofDays(1));
        Files.write(
                file,
                SelfSignedCertificate.trustStore(
                        "test", List.of(certificate.certificate()), Secret.of(STORE_PASSWORD, "test")));
        return file;
    }

    private static ProbeConfiguration fromYaml(Path folder, String yaml) throws Exception {
        Path file = folder.resolve("probe.yml");
        Files.writeString(file, yaml);
        // As the service reads its configuration: unknown fields refused.
        return new DefaultConfigurationFactoryFactory<ProbeConfiguration>()
                .create(ProbeConfiguration.class, VALIDATOR, Jackson.newObjectMapper(), "dw")
                .build(file.toFile());
    }
}
