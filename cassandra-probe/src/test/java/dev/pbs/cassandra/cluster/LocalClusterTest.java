package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalClusterTest {

    @Test
    void status_emptyFolder_hasNoNodes(@TempDir Path folder) {
        assertThat(LocalCluster.in(folder).status()).isEmpty();
        assertThat(LocalCluster.in(folder).stop(line -> {})).isZero();
    }

    @Test
    void livePid_pidOfAnotherProcess_isNotTrusted(@TempDir Path folder) throws Exception {
        // A pid file naming a live process that is not this node's JVM (this test's own JVM) must
        // never be signalled: the command line does not name the node's configuration.
        new ClusterDirectory(folder).writeState("pbs-local", 1, "5.0.6", 1);
        Files.createDirectories(folder.resolve("node1"));
        Files.writeString(
                folder.resolve("node1/pid"),
                Long.toString(ProcessHandle.current().pid()),
                StandardCharsets.UTF_8);
        LocalCluster cluster = LocalCluster.in(folder);
        assertThat(cluster.livePid(1)).isEmpty();
        assertThat(cluster.status().get(0).state()).isEqualTo("down");
        assertThat(cluster.stop(line -> {})).isZero();
        assertThat(ProcessHandle.current().isAlive()).isTrue();
    }

    @Test
    void firstAddress_isRecordedByTheFirstStartAndKept(@TempDir Path folder) {
        assertThat(LocalCluster.in(folder).withFirstAddress(11).firstAddress()).isEqualTo(11);
        new ClusterDirectory(folder).writeState("pbs-local", 4, "5.0.6", 11);
        assertThat(LocalCluster.in(folder).firstAddress()).isEqualTo(11);
        assertThat(LocalCluster.in(folder).withFirstAddress(20).firstAddress()).isEqualTo(11);
        assertThat(LocalCluster.in(folder).status())
                .extracting(NodeStatus::contactPoint)
                .containsExactly("127.0.0.11:9042", "127.0.0.12:9042", "127.0.0.13:9042", "127.0.0.14:9042");
    }

    @Test
    void start_sizeOutOfRange_isRefused(@TempDir Path folder) {
        assertThatThrownBy(() -> LocalCluster.in(folder).start(0, line -> {}))
                .hasMessageContaining("--nodes must be between 1 and 9");
        assertThatThrownBy(() -> LocalCluster.in(folder).start(10, line -> {}))
                .hasMessageContaining("--nodes must be between 1 and 9");
    }

    @Test
    void start_otherSizeThanRecorded_isRefused(@TempDir Path folder) {
        new ClusterDirectory(folder).writeState("pbs-local", 3, "5.0.6", 1);
        assertThatThrownBy(() -> LocalCluster.in(folder).start(2, line -> {}))
                .hasMessageContaining("was made with --nodes 3, not --nodes 2");
        assertThatThrownBy(() -> LocalCluster.in(folder).start(ClusterLayout.parse("dc1:2,dc2:1"), line -> {}))
                .hasMessageContaining("was made with --nodes 3, not --datacenters dc1:2,dc2:1");
    }

    @Test
    void status_namedDatacenters_givesEachNodesDatacenter(@TempDir Path folder) {
        new ClusterDirectory(folder)
                .writeState("pbs-local", ClusterLayout.parse("dc1:3,dc2:2"), "5.0.6", 1, ClusterSecurity.OPEN);
        LocalCluster cluster = LocalCluster.in(folder);
        assertThat(cluster.recordedLayout()).contains(ClusterLayout.parse("dc1:3,dc2:2"));
        assertThat(cluster.recordedSize()).contains(5);
        assertThat(cluster.status())
                .extracting(NodeStatus::datacenter)
                .containsExactly("dc1", "dc1", "dc1", "dc2", "dc2");
        assertThat(cluster.status()).allSatisfy(node -> assertThat(node.state()).isEqualTo("down"));
        assertThatThrownBy(() -> cluster.start(ClusterLayout.parse("dc1:3,dc2:3"), line -> {}))
                .hasMessageContaining("was made with --datacenters dc1:3,dc2:2, not --datacenters dc1:3,dc2:3");
    }

    @Test
    void nodeClasspath_recordedByTheBuild_pointsAtCassandra() {
        NodeClasspath classpath = NodeClasspath.recorded();
        assertThat(classpath.cassandraVersion()).startsWith("5.0.");
        assertThat(classpath.entries())
                .anySatisfy(entry -> assertThat(entry.getFileName().toString()).startsWith("cassandra-all-"));
        assertThat(classpath.entries().get(0).getFileName().toString()).startsWith("cassandra-node-");
    }
}
