package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.cassandra.testing.LocalClusterExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local cluster answers for itself only, against the integration tests' real cluster on
 * 127.0.0.1-3: a second folder on the same addresses is refused before any node starts, naming the
 * running cluster's folder, and the running cluster's nodes count as up because the process that
 * listens on each address is the node's own (found through {@code /proc}, on Cassandra's real
 * sockets).
 */
@ExtendWith(LocalClusterExtension.class)
class ClusterBesideAnotherIT {

    @TempDir
    Path other;

    @Test
    void start_onAddressesAnotherClusterServes_isRefusedNamingThatCluster(LocalCluster running) throws IOException {
        AddressHolder holder =
                AddressHolder.of("127.0.0.1", PortListener.system()).orElseThrow();
        List<String> progress = new ArrayList<>();
        LocalCluster beside = LocalCluster.in(other.resolve("b"));

        assertThatThrownBy(() -> beside.start(1, progress::add))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("127.0.0.1:9042 is already served by node 1 of the local cluster in ")
                .hasMessageContaining("(pid " + running.livePid(1).orElseThrow() + ")")
                .hasMessageEndingWith("so the cluster in " + beside.root() + " cannot start there: stop that cluster"
                        + " (pbs cassandra stop --dir " + holder.folder().orElseThrow()
                        + ") or start this one on other addresses (--first-address)");
        assertThat(Files.isSameFile(holder.folder().orElseThrow(), running.root()))
                .as("the folder named, %s, is the running cluster's, %s", holder.folder(), running.root())
                .isTrue();
        assertThat(progress).as("no node started").isEmpty();
        assertThat(Files.exists(beside.root().resolve("node1"))).isFalse();
        assertThat(beside.status()).as("nothing recorded in the refused folder").isEmpty();
    }

    @Test
    void status_ofTheRunningCluster_findsEachNodeServingItsOwnAddress(LocalCluster running) {
        PortListener listener = PortListener.system();
        for (int node = 1; node <= LocalClusterExtension.NODES; node++) {
            long pid = running.livePid(node).orElseThrow();
            assertThat(listener.pid("127.0.0." + node, NodeConfiguration.NATIVE_PORT))
                    .as("the listener on node %d's CQL port", node)
                    .hasValue(pid);
        }
        assertThat(running.status()).allSatisfy(node -> assertThat(node.state()).isEqualTo("up"));
    }
}
