package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.testing.LocalClusterExtension;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The probe's keyspace checks against a real cluster. */
@ExtendWith(LocalClusterExtension.class)
class ProbeSchemaIT {

    private static ProbeSettings settings(String keyspace, int rf) {
        return LocalProbeSettings.of(keyspace, rf, 10, Duration.ofSeconds(1), 0.5);
    }

    @Test
    void connect_keyspaceWithAnotherReplicationFactor_isRefusedAndLeftAlone(LocalCluster cluster) {
        try (CqlSession session = CqlSession.builder()
                .addContactPoint(new InetSocketAddress("127.0.0.1", 9042))
                .withLocalDatacenter("datacenter1")
                .build()) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS pbs_rf_two WITH replication = "
                    + "{'class': 'NetworkTopologyStrategy', 'datacenter1': 2}");
            assertThatThrownBy(() -> ProbeRun.connect(settings("pbs_rf_two", 3)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("keyspace pbs_rf_two has replication factor 2")
                    .hasMessageContaining("not --rf 3");
            session.refreshSchema();
            assertThat(session.getMetadata()
                            .getKeyspace("pbs_rf_two")
                            .orElseThrow()
                            .getReplication())
                    .containsEntry("datacenter1", "2");
        }
    }

    @Test
    void connect_replicationFactorAboveTheNodeCount_isRefused(LocalCluster cluster) {
        assertThatThrownBy(() -> ProbeRun.connect(settings("pbs_rf_five", 5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fewer than --rf 5");
    }

    @Test
    void connect_freshKeyspace_isCreatedWithTheAskedFactor(LocalCluster cluster) {
        try (ProbeRun run = ProbeRun.connect(settings("pbs_probe_created_it", 2))) {
            assertThat(run.session()
                            .getMetadata()
                            .getKeyspace("pbs_probe_created_it")
                            .orElseThrow()
                            .getReplication())
                    .containsEntry("datacenter1", "2");
        }
    }
}
