package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes a release's upgrade fixture when asked: {@code mvn -o -pl service test
 * -Dtest=UpgradeFixtureWriterTest -Dpbs.upgrade.fixture=src/test/resources/upgrade/RELEASE/data}.
 */
class UpgradeFixtureWriterTest {

    @Test
    @EnabledIfSystemProperty(named = "pbs.upgrade.fixture", matches = ".+")
    void write_releaseFixture() throws Exception {
        Path data = Path.of(System.getProperty("pbs.upgrade.fixture"));

        UpgradeFixtures.main(new String[] {data.toString()});

        assertThat(Files.list(data)).isNotEmpty();
    }
}
