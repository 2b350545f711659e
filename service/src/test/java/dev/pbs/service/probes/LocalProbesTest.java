package dev.pbs.service.probes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.core.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A single machine's probes: those of the YAML and those added through the API, which are kept in the
 * data directory and run again after a restart; only the YAML removes its own. The probes here point
 * at a port nothing listens on, so they only try to connect.
 */
class LocalProbesTest {

    private static ProbeConfiguration probe(String name) {
        return ProbeDefinition.read("{\"name\": \"" + name + "\", \"contactPoints\": [\"127.0.0.1:1\"]}");
    }

    private static LocalProbes open(Path data, List<ProbeConfiguration> configured) {
        return new LocalProbes(configured, data, ProfileStore.open(data), QuestionLimits.COMMAND_LINE);
    }

    @Test
    void added_isKeptAndRunsAgainAfterARestart_removed_isGone(@TempDir Path data) throws Exception {
        LocalProbes probes = open(data, List.of(probe("configured")));
        probes.start();
        try {
            probes.add(probe("added"));
            assertThat(probes.statuses()).extracting(ProbeStatus::name).containsExactly("added", "configured");
            assertThat(data.resolve("probes").resolve("added.json")).exists();
            assertThat(probes.cluster().probes())
                    .extracting(ClusterView.Probe::name, ClusterView.Probe::source, ClusterView.Probe::owner)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple("added", "api", LocalProbes.INSTANCE),
                            org.assertj.core.groups.Tuple.tuple("configured", "configuration", LocalProbes.INSTANCE));
            assertThat(probes.history("added")).isPresent();
            assertThat(probes.history("elsewhere")).isEmpty();
        } finally {
            probes.stop();
        }

        LocalProbes restarted = open(data, List.of(probe("configured")));
        restarted.start();
        try {
            assertThat(restarted.statuses()).extracting(ProbeStatus::name).containsExactly("added", "configured");
            assertThat(restarted.remove("added")).isTrue();
            assertThat(restarted.remove("added")).isFalse();
            assertThat(data.resolve("probes").resolve("added.json")).doesNotExist();
            assertThat(restarted.statuses()).extracting(ProbeStatus::name).containsExactly("configured");
        } finally {
            restarted.stop();
        }
    }

    @Test
    void takenNames_andTheYamlsProbes_areConflicts(@TempDir Path data) throws Exception {
        LocalProbes probes = open(data, List.of(probe("configured")));
        try {
            assertThatThrownBy(() -> probes.add(probe("configured")))
                    .isInstanceOf(ProbeConflictException.class)
                    .hasMessage("a probe named 'configured' exists");
            assertThatThrownBy(() -> probes.remove("configured"))
                    .isInstanceOf(ProbeConflictException.class)
                    .hasMessage("probe 'configured' is in the service's YAML: remove it there and restart");
        } finally {
            probes.stop();
        }
    }

    @Test
    void keptDefinitionThatNoLongerPasses_isSkipped_andTheYamlWinsItsName(@TempDir Path data) throws Exception {
        Files.createDirectories(data.resolve("probes"));
        Files.writeString(data.resolve("probes").resolve("broken.json"), "{\"name\": \"broken\", \"rat\": 3}");
        Files.writeString(
                data.resolve("probes").resolve("configured.json"),
                "{\"name\": \"configured\", \"contactPoints\": [\"127.0.0.1:2\"]}");
        LocalProbes probes = open(data, List.of(probe("configured")));
        try {
            assertThat(probes.statuses()).extracting(ProbeStatus::name).containsExactly("configured");
            assertThat(probes.cluster().probes().get(0).source()).isEqualTo("configuration");
        } finally {
            probes.stop();
        }
    }

    @Test
    void twoYamlProbesOfOneName_stopTheStart(@TempDir Path data) {
        assertThatThrownBy(() -> open(data, List.of(probe("same"), probe("same"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("two probes are named 'same'");
    }
}
