package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FidelityTableTest {

    @Test
    void alterStatement_setsOnlyTheOptionsGiven_inCassandrasSpelling() {
        assertThat(FidelityTable.AS_CREATED.alterStatement("ks.t")).isEmpty();
        assertThat(new FidelityTable(Optional.of(SpeculativeRetry.parse("always")), Optional.empty(), 1)
                        .alterStatement("ks.t"))
                .contains("ALTER TABLE ks.t WITH speculative_retry = 'ALWAYS'");
        assertThat(new FidelityTable(
                                Optional.of(SpeculativeRetry.parse("MIN(99p,20ms)")), Optional.of(ReadRepair.NONE), 2)
                        .alterStatement("ks.t"))
                .contains("ALTER TABLE ks.t WITH speculative_retry = 'MIN(99p,20ms)' AND read_repair = 'NONE'");
        assertThat(new FidelityTable(Optional.empty(), Optional.of(ReadRepair.BLOCKING), 2).describe())
                .isEqualTo("speculative_retry as created, read_repair 'BLOCKING', reads waiting for 2 replicas");
    }

    @Test
    void settings_readsWaitingForMoreReplicasThanTheKeyHas_areRefused() {
        FidelitySettings cell =
                new FidelitySettings(3, 10, 5, 300, 10, FidelitySettings.DEFAULT_DELAYS_MILLIS, Path.of("target"), 11);
        FidelitySettings quorum = cell.withTable(new FidelityTable(Optional.empty(), Optional.empty(), 2));
        assertThat(quorum.observation().readReplicas()).isEqualTo(2);
        assertThat(quorum.warmUpObservation().readReplicas()).isEqualTo(2);
        assertThat(cell.observation().readReplicas()).isEqualTo(1);
        assertThatThrownBy(() -> cell.withTable(new FidelityTable(Optional.empty(), Optional.empty(), 4)))
                .hasMessage("reads cannot wait for 4 of 3 replicas");
        assertThatThrownBy(() -> new FidelityTable(Optional.empty(), Optional.empty(), 0))
                .hasMessageContaining("at least one replica");
    }
}
