package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.jersey.validation.Validators;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

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
}
