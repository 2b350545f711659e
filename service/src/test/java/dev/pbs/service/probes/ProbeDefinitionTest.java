package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A probe's definition as JSON (the API's body, and what is kept of it): read back as written, bad input named. */
class ProbeDefinitionTest {

    @Test
    void written_readsBackWithEverySetting() {
        ProbeConfiguration probe = ProbeDefinition.read("{\"name\": \"prod\", \"contactPoints\": [\"10.0.0.1:9042\"], "
                + "\"localDatacenter\": \"dc1\", \"rate\": 7.5, \"refreshSeconds\": 15, \"windowSeconds\": 30, "
                + "\"username\": \"pbs\", \"passwordEnv\": \"HOME\", " // any variable that is set
                + "\"historySize\": 12}");
        ProbeConfiguration again = ProbeDefinition.read(ProbeDefinition.write(probe));
        assertThat(again.getName()).isEqualTo("prod");
        assertThat(again.getContactPoints()).containsExactly("10.0.0.1:9042");
        assertThat(again.getLocalDatacenter()).isEqualTo("dc1");
        assertThat(again.getRate()).isEqualTo(7.5);
        assertThat(again.getRefreshSeconds()).isEqualTo(15);
        assertThat(again.getWindowSeconds()).isEqualTo(30);
        assertThat(again.getHistorySize()).isEqualTo(12);
        assertThat(again.getPasswordEnv()).isEqualTo("HOME");
        assertThat(ProbeDefinition.write(probe)).doesNotContain("\"password\"");
    }

    @Test
    void unknownField_isNamed() {
        assertThatThrownBy(() -> ProbeDefinition.read("{\"name\": \"prod\", \"contactPoint\": \"10.0.0.1:9042\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown probe field 'contactPoint'");
    }

    @Test
    void notAnObject_isSaid() {
        assertThatThrownBy(() -> ProbeDefinition.read("[1, 2]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("a probe must be a JSON object in the YAML's fields");
        assertThatThrownBy(() -> ProbeDefinition.read("null"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("a probe must be a JSON object");
    }

    @Test
    void constraints_nameTheField() {
        assertThatThrownBy(() -> ProbeDefinition.read("{\"name\": \"no spaces\", \"contactPoints\": [\"h:1\"]}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("probe field 'name' must be letters, digits");
        assertThatThrownBy(() -> ProbeDefinition.read("{\"contactPoints\": [\"h:1\"]}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'name'");
    }

    @Test
    void settingsTheServiceChecksAtStartUp_areCheckedToo() {
        assertThatThrownBy(() -> ProbeDefinition.read("{\"name\": \"prod\", \"contactPoints\": [\"h:1\"], "
                        + "\"observeConsistency\": \"SOMETIMES\", \"observeWrites\": 20}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SOMETIMES");
    }
}
