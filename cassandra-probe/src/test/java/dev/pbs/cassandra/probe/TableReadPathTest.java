package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableReadPathTest {

    private static Map<CqlIdentifier, Object> options(String retry, String repair) {
        return Map.of(
                CqlIdentifier.fromInternal("speculative_retry"), retry,
                CqlIdentifier.fromInternal("read_repair"), repair,
                CqlIdentifier.fromInternal("gc_grace_seconds"), 864000);
    }

    @Test
    void of_cassandrasDefaults_readAsTheyAre() {
        assertThat(TableReadPath.of(options("99p", "BLOCKING"), ReplicaChoice.random()))
                .contains(new ReadPath(SpeculativeRetry.parse("99p"), ReadRepair.BLOCKING, ReplicaChoice.random()));
        assertThat(TableReadPath.of(options("MIN(99.0p,50ms)", "NONE"), ReplicaChoice.random())
                        .orElseThrow()
                        .speculativeRetry())
                .isEqualTo(SpeculativeRetry.parse("MIN(99p,50ms)"));
        // Cassandra 5.0 writes a table altered to speculative_retry = 'NONE' back as NEVER.
        assertThat(TableReadPath.of(options("NEVER", "NONE"), ReplicaChoice.random()))
                .contains(new ReadPath(new SpeculativeRetry.None(), ReadRepair.NONE, ReplicaChoice.random()));
    }

    @Test
    void of_theSnitchsChoice_isTheReadPaths() {
        assertThat(TableReadPath.of(options("99p", "BLOCKING"), ReplicaChoice.snitch(0.1)))
                .contains(new ReadPath(SpeculativeRetry.parse("99p"), ReadRepair.BLOCKING, ReplicaChoice.snitch(0.1)));
    }

    @Test
    void snitchSettings_onOffOrUnreadable() {
        assertThat(SnitchSettings.of(Map.of("dynamic_snitch", "true", "dynamic_snitch_badness_threshold", "1.0")))
                .contains(ReplicaChoice.snitch(1.0));
        assertThat(SnitchSettings.of(Map.of("dynamic_snitch", "TRUE", "dynamic_snitch_badness_threshold", " 0.25")))
                .contains(ReplicaChoice.snitch(0.25));
        assertThat(SnitchSettings.of(Map.of("dynamic_snitch", "false"))).contains(ReplicaChoice.random());
        assertThat(SnitchSettings.of(Map.of())).isEmpty();
        assertThat(SnitchSettings.of(Map.of("dynamic_snitch", "true"))).isEmpty();
        assertThat(SnitchSettings.of(Map.of("dynamic_snitch", "yes", "dynamic_snitch_badness_threshold", "1")))
                .isEmpty();
        assertThat(SnitchSettings.of(Map.of("dynamic_snitch", "true", "dynamic_snitch_badness_threshold", "-1")))
                .isEmpty();
        assertThat(SnitchSettings.of(Map.of("dynamic_snitch", "true", "dynamic_snitch_badness_threshold", "x")))
                .isEmpty();
    }

    @Test
    void of_missingOrUnknownOption_saysNothing() {
        assertThat(TableReadPath.of(
                        Map.of(CqlIdentifier.fromInternal("speculative_retry"), "99p"), ReplicaChoice.random()))
                .isEmpty();
        assertThat(TableReadPath.of(options("HEDGED", "BLOCKING"), ReplicaChoice.random()))
                .isEmpty();
        assertThat(TableReadPath.of(options("99p", "ASYNC"), ReplicaChoice.random()))
                .isEmpty();
    }
}
