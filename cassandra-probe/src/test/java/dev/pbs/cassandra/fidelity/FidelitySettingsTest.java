package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FidelitySettingsTest {

    private static FidelitySettings cell() {
        return new FidelitySettings(3, 10, 5, 300, 10, FidelitySettings.DEFAULT_DELAYS_MILLIS, Path.of("target"), 11);
    }

    @Test
    void warmUp_byDefault_isThirtySecondsOfTheCellsWorkload() {
        FidelitySettings settings = cell();
        assertThat(settings.warmUp()).isEqualTo(Duration.ofSeconds(30));
        assertThat(settings.warmUpObservation().writes()).isEqualTo(300);
        assertThat(settings.warmUpObservation().writesPerSecond()).isEqualTo(10);
        assertThat(settings.warmUpObservation().delaysMillis()).containsExactly(FidelitySettings.DEFAULT_DELAYS_MILLIS);
    }

    @Test
    void withWarmUp_shortensOnlyTheWarmUp_toAtLeastTenWrites() {
        FidelitySettings shorter = cell().withWarmUp(Duration.ofSeconds(10));
        assertThat(shorter.warmUpObservation().writes()).isEqualTo(100);
        assertThat(shorter.observation().writes()).isEqualTo(300);
        assertThat(cell().withWarmUp(Duration.ofSeconds(1)).warmUpObservation().writes())
                .isEqualTo(10);
    }

    @Test
    void withSlowReplica_slowsNodeOneAndObservesOnlyItsKeys() {
        FidelitySettings slow = cell().withSlowReplica(5);
        assertThat(slow.slowReplicaAddress()).contains("127.0.0.11");
        assertThat(slow.injection()).endsWith(",SLOW:127.0.0.11=times:5.0");
        assertThat(slow.observation().keysReplicatedOn()).contains("127.0.0.11");
        // Its reads are traced, to see which replicas they asked.
        assertThat(slow.observation().tracedReadEvery()).isEqualTo(FidelitySettings.TRACED_READ_EVERY);
        assertThat(cell().observation().tracedReadEvery()).isZero();
        assertThat(slow.warmUpObservation().keysReplicatedOn()).contains("127.0.0.11");
        // Other changes keep it.
        assertThat(slow.withWarmUp(Duration.ofSeconds(5)).slowReplicaAddress()).contains("127.0.0.11");
        assertThat(slow.withTable(FidelityTable.AS_CREATED).slowReplicaAddress())
                .contains("127.0.0.11");
        // Alike nodes: no slow node, any key.
        assertThat(cell().slowReplicaAddress()).isEmpty();
        assertThat(cell().injection()).doesNotContain("SLOW");
        assertThat(cell().observation().keysReplicatedOn()).isEmpty();
    }

    @Test
    void withSlowReplica_outOfRange_isRefused() {
        assertThatThrownBy(() -> cell().withSlowReplica(1)).hasMessageContaining("--slow-replica must be in (1, 100]");
        assertThatThrownBy(() -> cell().withSlowReplica(101))
                .hasMessageContaining("--slow-replica must be in (1, 100]");
        assertThatThrownBy(() -> cell().withSlowReplica(Double.NaN)).hasMessageContaining("--slow-replica");
    }

    @Test
    void warmUp_outOfRange_isRefused() {
        assertThatThrownBy(() -> cell().withWarmUp(Duration.ofMillis(500))).hasMessageContaining("warm-up");
        assertThatThrownBy(() -> cell().withWarmUp(Duration.ofMinutes(11))).hasMessageContaining("warm-up");
    }

    @Test
    void withDatacenters_oneNodeMorePerDatacenterAndTheLevelsObserved() {
        FidelityDatacenters datacenters = new FidelityDatacenters(
                dev.pbs.cassandra.probe.DatacenterReplication.parse("dc1:3,dc2:2"),
                20,
                new dev.pbs.cassandra.observe.ObservedLevels(
                        dev.pbs.model.quorum.ConsistencyLevel.LOCAL_QUORUM,
                        dev.pbs.model.quorum.ConsistencyLevel.LOCAL_ONE,
                        "dc1",
                        "dc2"));
        FidelitySettings cell = cell().withDatacenters(datacenters);
        assertThat(cell.replicas()).isEqualTo(5);
        assertThat(cell.layout().recorded()).isEqualTo("dc1:4,dc2:3");
        assertThat(cell.injection()).endsWith(",INTER_DC=exponential:20.0").startsWith("MUTATION_REQ=exponential:10.0");
        assertThat(cell.observation().levels()).contains(datacenters.levels());
        assertThat(cell.warmUpObservation().levels()).contains(datacenters.levels());
        // LOCAL_QUORUM of dc1's 3 replicas waits for 2; LOCAL_ONE in dc2 contacts 1.
        assertThat(cell.observation().writeReplicas()).isEqualTo(2);
        assertThat(cell.observation().readReplicas()).isEqualTo(1);
        assertThat(datacenters.keyspace()).isEqualTo("pbs_fidelity_dc1_3_dc2_2");
        assertThat(cell().layout().recorded()).isEqualTo("4");
        assertThatThrownBy(() -> new FidelityDatacenters(
                        dev.pbs.cassandra.probe.DatacenterReplication.parse("dc1:3,dc2:2"),
                        20,
                        new dev.pbs.cassandra.observe.ObservedLevels(
                                dev.pbs.model.quorum.ConsistencyLevel.LOCAL_QUORUM,
                                dev.pbs.model.quorum.ConsistencyLevel.THREE,
                                "dc1",
                                "dc3")))
                .hasMessageContaining("--read-dc dc3 is not one of the datacenters");
    }
}
