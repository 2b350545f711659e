package dev.pbs.service.probes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Comparator;
import java.util.Set;

/**
 * A probe's definition as JSON, in the YAML's words ({@link ProbeConfiguration}: {@code name},
 * {@code contactPoints}, {@code rate}...): the body of {@code POST /api/v1/probes} and what is kept
 * of a probe added that way. Passwords are never in it: only the names of the environment variable
 * or file that hold them.
 */
public final class ProbeDefinition {

    private static final ObjectMapper JSON =
            Jackson.newObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final Validator VALIDATOR = Validators.newValidator();

    /** Where a probe came from: the service's YAML, or the API. */
    public enum Source {
        CONFIGURATION,
        API;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private ProbeDefinition() {}

    /**
     * The probe of that JSON, checked as the YAML's probes are (its settings, observation, SLAs and
     * workload).
     *
     * @throws IllegalArgumentException in one line naming the field at fault
     */
    public static ProbeConfiguration read(String json) {
        ProbeConfiguration probe = parse(json);
        check(probe);
        return probe;
    }

    /**
     * The probe of that JSON, its fields read but not yet checked ({@link ProbeRegistry#add} checks
     * them).
     *
     * @throws IllegalArgumentException in one line naming an unknown field or malformed JSON
     */
    public static ProbeConfiguration parse(String json) {
        ProbeConfiguration probe;
        try {
            probe = JSON.readValue(json, ProbeConfiguration.class);
        } catch (UnrecognizedPropertyException unknown) {
            throw new IllegalArgumentException("unknown probe field '" + unknown.getPropertyName()
                    + "' (the fields are the YAML's: name, contactPoints, rate...)");
        } catch (JsonProcessingException malformed) {
            throw new IllegalArgumentException(
                    "a probe must be a JSON object in the YAML's fields: " + malformed.getOriginalMessage());
        }
        if (probe == null) {
            throw new IllegalArgumentException("a probe must be a JSON object in the YAML's fields");
        }
        return probe;
    }

    /**
     * Checks a probe as the service does at start-up.
     *
     * @throws IllegalArgumentException in one line naming the field at fault
     */
    public static void check(ProbeConfiguration probe) {
        Set<ConstraintViolation<ProbeConfiguration>> violations = VALIDATOR.validate(probe);
        if (!violations.isEmpty()) {
            ConstraintViolation<ProbeConfiguration> first = violations.stream()
                    .min(Comparator.comparing(
                            violation -> violation.getPropertyPath().toString()))
                    .orElseThrow();
            throw new IllegalArgumentException("probe field '" + first.getPropertyPath() + "' " + first.getMessage());
        }
        probe.toSettings();
        probe.observation();
        probe.fixedClock();
        probe.liveSlas();
        probe.liveWorkload();
    }

    /** The probe's JSON, read back by {@link #read}. */
    public static String write(ProbeConfiguration probe) {
        try {
            return JSON.writeValueAsString(probe);
        } catch (JsonProcessingException failed) {
            throw new IllegalStateException("cannot write probe '" + probe.getName() + "': " + failed, failed);
        }
    }
}
