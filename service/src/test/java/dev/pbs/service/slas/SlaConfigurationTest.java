package dev.pbs.service.slas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.service.probes.ProbeConfiguration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The slas and workload of a probe's YAML: validated at start-up, each problem naming its setting. */
class SlaConfigurationTest {

    private static SlaConfiguration sla(String write, String read, String... requirements) {
        SlaConfiguration configuration = new SlaConfiguration();
        configuration.setWriteLevel(write);
        configuration.setReadLevel(read);
        configuration.setRequire(List.of(requirements));
        return configuration;
    }

    private static ProbeConfiguration probe(List<SlaConfiguration> slas) {
        ProbeConfiguration probe = new ProbeConfiguration();
        probe.setName("prod");
        probe.setContactPoints(List.of("127.0.0.1:9042"));
        probe.setSlas(slas);
        return probe;
    }

    @Test
    void valid_levelsAnyCaseAndRequirementsParsed() {
        LiveSla sla = sla("local_quorum", " One ", "window@0.999<=50ms", "read.p99<=20ms")
                .toSla("slas[0]");

        assertThat(sla.writeLevel()).isEqualTo(ConsistencyLevel.LOCAL_QUORUM);
        assertThat(sla.readLevel()).isEqualTo(ConsistencyLevel.ONE);
        assertThat(sla.requirements())
                .extracting(requirement -> requirement.text())
                .containsExactly("window@0.999<=50ms", "read.p99<=20ms");
        assertThat(sla.readDatacenter()).isEmpty();
    }

    @Test
    void unknownLevel_namesTheSetting() {
        assertThatThrownBy(() ->
                        probe(List.of(sla("ONE", "ONE"), sla("ONE", "SOME"))).liveSlas())
                .hasMessage(
                        "probe 'prod': slas[1].readLevel must be one of " + ConsistencyLevel.NAMES + ", was 'SOME'");
        assertThatThrownBy(() -> probe(List.of(sla(null, "ONE"))).liveSlas())
                .hasMessage("probe 'prod': slas[0].writeLevel is missing");
    }

    @Test
    void invalidRequirement_namesTheSettingAndThePart() {
        assertThatThrownBy(() -> probe(List.of(sla("ONE", "ONE", "window@0.999<=50ms", "window@2<=5ms")))
                        .liveSlas())
                .hasMessageStartingWith("probe 'prod': slas[0].require[1]: ")
                .hasMessageContaining("window@2<=5ms");
    }

    @Test
    void workload_everyValueRequiredAndAtLeastZero() {
        WorkloadConfiguration workload = new WorkloadConfiguration();
        workload.setReadsPerSecond(100.0);
        workload.setWritesPerSecond(-5.0);
        workload.setKeys(10L);
        ProbeConfiguration probe = probe(List.of(sla("ONE", "ONE")));
        probe.setWorkload(workload);
        assertThatThrownBy(probe::liveWorkload)
                .hasMessage("probe 'prod': workload.writesPerSecond must be a number at least 0, was -5.0");
        workload.setWritesPerSecond(5.0);
        workload.setKeys(null);
        assertThatThrownBy(probe::liveWorkload).hasMessage("probe 'prod': workload.keys is missing");
        workload.setKeys(0L);
        assertThatThrownBy(probe::liveWorkload).hasMessage("probe 'prod': workload.keys must be at least 1, was 0");
        workload.setKeys(20L);
        assertThat(probe.liveWorkload()).contains(new Workload(100, 5, 20));
        assertThat(probe.liveWorkload().orElseThrow().writesPerKeyPerSecond()).isEqualTo(0.25);
    }

    @Test
    void workloadWithoutSlas_isRefused() {
        ProbeConfiguration probe = probe(List.of());
        probe.setWorkload(new WorkloadConfiguration());
        assertThatThrownBy(probe::liveSlas)
                .hasMessage("probe 'prod': workload is set but no slas: it is read for the slas' configurations");
    }
}
