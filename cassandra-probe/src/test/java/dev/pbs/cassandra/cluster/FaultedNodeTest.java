package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The faults refuse a node they cannot act on, before any signal: no cluster, no such node, not running. */
class FaultedNodeTest {

    @Test
    void running_noClusterInTheFolder_isRefused(@TempDir Path folder) {
        LocalCluster cluster = LocalCluster.in(folder);
        String expected = "no cluster in " + cluster.root() + " (start one with: pbs cassandra start --dir "
                + cluster.root() + ")";
        assertThatThrownBy(() -> PauseRun.onNode(cluster, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
        assertThatThrownBy(() -> new NodeOutage(cluster, 1, Duration.ofSeconds(20)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
    }

    @Test
    void running_indexOutsideTheCluster_isRefused(@TempDir Path folder) {
        new ClusterDirectory(folder).writeState("pbs-local", 3, "5.0.6", 51);
        LocalCluster cluster = LocalCluster.in(folder);
        for (int index : new int[] {0, 4, -1}) {
            assertThatThrownBy(() -> PauseRun.onNode(cluster, index))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("--node " + index + " is not a node of the cluster in " + cluster.root()
                            + ", whose nodes are 1 to 3");
        }
    }

    @Test
    void running_nodeDown_isRefused(@TempDir Path folder) {
        new ClusterDirectory(folder).writeState("pbs-local", 3, "5.0.6", 51);
        LocalCluster cluster = LocalCluster.in(folder);
        String expected = "node 2 (127.0.0.52) of the cluster in " + cluster.root()
                + " is not running (pbs cassandra start --dir " + cluster.root() + " starts it again)";
        assertThatThrownBy(() -> PauseRun.onNode(cluster, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
        assertThatThrownBy(() -> new NodeOutage(cluster, 2, Duration.ofSeconds(20)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
    }

    @Test
    void running_pidOfAnotherProcess_isNeverSignalled(@TempDir Path folder) throws Exception {
        // The pid file names this test's JVM, alive but not node 1's JVM: no SIGSTOP may reach it.
        new ClusterDirectory(folder).writeState("pbs-local", 1, "5.0.6", 51);
        Files.createDirectories(folder.resolve("node1"));
        Files.writeString(
                folder.resolve("node1/pid"),
                Long.toString(ProcessHandle.current().pid()),
                StandardCharsets.UTF_8);
        LocalCluster cluster = LocalCluster.in(folder);
        assertThatThrownBy(() -> PauseRun.onNode(cluster, 1)).hasMessageContaining("is not running");
        assertThatThrownBy(() -> new NodeOutage(cluster, 1, Duration.ofSeconds(1)))
                .hasMessageContaining("is not running");
        assertThat(ProcessHandle.current().isAlive()).isTrue();
    }

    @Test
    void nodeOutage_lengthNotAboveZeroOrOverAnHour_isRefusedBeforeTheNodeIsChecked(@TempDir Path folder) {
        LocalCluster cluster = LocalCluster.in(folder);
        assertThatThrownBy(() -> new NodeOutage(cluster, 1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--for must be above 0, was 0ms");
        assertThatThrownBy(() -> new NodeOutage(cluster, 1, Duration.ofMillis(-1)))
                .hasMessage("--for must be above 0, was -1ms");
        assertThatThrownBy(() -> new NodeOutage(cluster, 1, Duration.ofMinutes(61)))
                .hasMessage("--for must be at most 1h, was 61m");
    }
}
