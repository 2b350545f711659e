package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The alerting rules as code (dashboards module, {@code prometheus/pbs-alerts.yml}) through
 * Prometheus's own promtool: they load, and their unit tests ({@code pbs-alerts.test.yml}: an SLA
 * missed for 5 minutes, a window doubled against its week, a probe that stopped publishing) pass.
 */
class AlertRulesTest {

    /** The rules' folder, from the service module's directory where Maven runs the tests. */
    static final Path RULES =
            Path.of("..", "dashboards", "prometheus").toAbsolutePath().normalize();

    @BeforeEach
    void promtoolInstalled() {
        Assumptions.assumeTrue(Promtool.installedOrFail(), Promtool.MISSING);
        assertThat(RULES.resolve("pbs-alerts.yml")).exists();
    }

    @Test
    void rules_load() throws Exception {
        Promtool.Check check = Promtool.run(
                "", "check", "rules", RULES.resolve("pbs-alerts.yml").toString());

        assertThat(check.exitStatus()).as(String.join("\n", check.lines())).isZero();
        assertThat(check.lines()).anyMatch(line -> line.contains("SUCCESS: 3 rules found"));
    }

    @Test
    void rules_passTheirUnitTests() throws Exception {
        Promtool.Check check = Promtool.run(
                "", "test", "rules", RULES.resolve("pbs-alerts.test.yml").toString());

        assertThat(check.exitStatus()).as(String.join("\n", check.lines())).isZero();
        assertThat(check.lines()).anyMatch(line -> line.contains("SUCCESS"));
    }

    @Test
    void ruleTests_failWhenARuleIsWrong() throws Exception {
        Path broken = Files.createTempDirectory("pbs-alerts");
        Files.writeString(
                broken.resolve("pbs-alerts.yml"),
                Files.readString(RULES.resolve("pbs-alerts.yml")).replace("(pbs_sla_met) == 0", "(pbs_sla_met) == 1"));
        // Only the test of the rule broken: the others replay a week of samples, and take most of promtool's time.
        YAMLMapper yaml = new YAMLMapper();
        ObjectNode tests =
                (ObjectNode) yaml.readTree(RULES.resolve("pbs-alerts.test.yml").toFile());
        JsonNode slaMissed = tests.get("tests").get(0);
        assertThat(slaMissed.at("/alert_rule_test/0/alertname").asText()).isEqualTo("PbsSlaMissed");
        tests.putArray("tests").add(slaMissed);
        yaml.writeValue(broken.resolve("pbs-alerts.test.yml").toFile(), tests);

        Promtool.Check check = Promtool.run(
                "", "test", "rules", broken.resolve("pbs-alerts.test.yml").toString());

        assertThat(check.exitStatus()).isNotZero();
        assertThat(String.join("\n", check.lines())).contains("PbsSlaMissed");
    }
}
