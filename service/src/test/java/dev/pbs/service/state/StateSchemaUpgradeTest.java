package dev.pbs.service.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The fleet keyspace of release 0.1.0 (schema version 1), kept as the CQL that release created
 * ({@code upgrade/0.1.0/state-schema.cql}), against this build's schema checks: the tables of a
 * version never change in place (a change is a new migration step, which the keyspace's recorded
 * version brings in), a keyspace of a version up to this build's is migrated, a newer one refused.
 * Without Cassandra: the statements, not their execution (StateStoreIT runs them on a cluster).
 */
class StateSchemaUpgradeTest {

    private static final String KEYSPACE = "pbs_state";
    private static final String FIXTURE = "/upgrade/0.1.0/state-schema.cql";
    private static final int FIXTURE_VERSION = 1;

    private static List<String> statementsUpTo(int version) {
        List<String> statements = new ArrayList<>();
        for (int step = 0; step < version; step++) {
            statements.addAll(StateSchema.step(KEYSPACE, step));
        }
        return statements;
    }

    @Test
    void step_versionOneOfRelease010_createsTheSameTablesAsThen() throws Exception {
        String fixture;
        try (var in = StateSchemaUpgradeTest.class.getResourceAsStream(FIXTURE)) {
            fixture = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }

        assertThat(statementsUpTo(FIXTURE_VERSION))
                .containsExactlyElementsOf(fixture.lines().toList());
    }

    @Test
    void refuseNewer_keyspaceOfRelease010_isMigratedNotRefused() {
        assertThat(StateSchema.CURRENT).isGreaterThanOrEqualTo(FIXTURE_VERSION);
        assertThatNoException().isThrownBy(() -> StateSchema.refuseNewer(KEYSPACE, FIXTURE_VERSION));
    }

    @Test
    void refuseNewer_keyspaceNewerThanThisBuild_isRefusedNamingBothVersions() {
        assertThatThrownBy(() -> StateSchema.refuseNewer(KEYSPACE, StateSchema.CURRENT + 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the state keyspace pbs_state has schema version " + (StateSchema.CURRENT + 1)
                        + ", newer than this pbs (" + StateSchema.CURRENT + "): upgrade pbs");
    }

    /** Writes a release's fixture: -Dpbs.upgrade.fixture=src/test/resources/upgrade/RELEASE/data. */
    @Test
    @EnabledIfSystemProperty(named = "pbs.upgrade.fixture", matches = ".+")
    void write_releaseFixture() throws Exception {
        Path file = Path.of(System.getProperty("pbs.upgrade.fixture")).resolveSibling("state-schema.cql");
        if (Files.exists(file)) {
            throw new IllegalStateException(file + " exists: the fixture of a release is never rewritten");
        }
        Files.writeString(file, String.join("\n", statementsUpTo(StateSchema.CURRENT)) + "\n");
    }
}
