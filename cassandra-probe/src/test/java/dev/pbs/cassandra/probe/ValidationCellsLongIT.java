package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.CoordinatorChoice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The validation cells of docs/fidelity.md, V1 to V9, on which nothing of the calibration is
 * fitted: each observed with 2,000 writes beside a 60-second probe of the same cluster, as {@code
 * ./pbs probe --observe} does, and judged by the cells' rule ({@link ObservedCell#judge}). V1 to V6
 * and V9 run on a 3-node cluster of their own (127.0.0.51-53), V7 and V8 on a 4-node one
 * (127.0.0.55-58), each warmed up until the client's round trip settles, in {@code
 * target/validation-cells-*}, stopped however the tests end. Every cell runs and prints its row;
 * the table of all of them is printed at the end and written to {@code
 * target/validation-cells.md}. About 30 minutes: on demand only, {@code mvn verify -Pexperiment
 * -Dit.groups=fidelity-validation -pl cassandra-probe -am}.
 */
@Tag("fidelity-validation")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ValidationCellsLongIT {

    private static final int WRITES = 2000;
    private static final Duration PROBE_DURATION = Duration.ofSeconds(60);
    /** V9: the other client's operations a second. */
    private static final double BUSY_CLIENT_RATE = 200;

    private static final List<String> ROWS = new ArrayList<>();
    private static CellCluster cluster;

    @Test
    @Order(1)
    void v1_readTwo() {
        assertPasses(new ObservedCell("V1", 3, 1, 2, CoordinatorChoice.ROUND_ROBIN), 3);
    }

    @Test
    @Order(2)
    void v2_writeTwo() {
        assertPasses(new ObservedCell("V2", 3, 2, 1, CoordinatorChoice.ROUND_ROBIN), 3);
    }

    @Test
    @Order(3)
    void v3_quorumQuorum() {
        assertPasses(new ObservedCell("V3", 3, 2, 2, CoordinatorChoice.ROUND_ROBIN), 3);
    }

    @Test
    @Order(4)
    void v4_replicationTwo_roundRobin() {
        assertPasses(new ObservedCell("V4", 2, 1, 1, CoordinatorChoice.ROUND_ROBIN), 3);
    }

    @Test
    @Order(5)
    void v5_replicationTwo_tokenAware() {
        assertPasses(new ObservedCell("V5", 2, 1, 1, CoordinatorChoice.TOKEN_AWARE), 3);
    }

    @Test
    @Order(6)
    void v6_replicationTwo_readTwo() {
        assertPasses(new ObservedCell("V6", 2, 1, 2, CoordinatorChoice.ROUND_ROBIN), 3);
    }

    @Test
    @Order(7)
    void v9_busyCluster() {
        ensureCluster(3);
        try (BusyClient other = BusyClient.start(cluster.nodeOne(), BUSY_CLIENT_RATE)) {
            assertPasses(new ObservedCell("V9", 3, 1, 1, CoordinatorChoice.ROUND_ROBIN), 3);
            System.out.printf(
                    "V9: the other client completed %d operations, %d failed%n", other.completed(), other.failed());
            assertThat(other.completed()).isGreaterThan(0);
        }
    }

    @Test
    @Order(8)
    void v7_fourNodes_roundRobin() {
        assertPasses(new ObservedCell("V7", 3, 1, 1, CoordinatorChoice.ROUND_ROBIN), 4);
    }

    @Test
    @Order(9)
    void v8_fourNodes_quorumWrites_tokenAware() {
        assertPasses(new ObservedCell("V8", 3, 2, 1, CoordinatorChoice.TOKEN_AWARE), 4);
    }

    @AfterAll
    static void report() throws IOException {
        stopCluster();
        String table = ObservedCell.TABLE_HEADER + "\n" + String.join("\n", ROWS) + "\n";
        System.out.println("validation cells:\n" + table);
        Files.writeString(Path.of("target", "validation-cells.md"), table);
    }

    private static void assertPasses(ObservedCell cell, int nodes) {
        ensureCluster(nodes);
        cell.assertPasses(cluster, WRITES, PROBE_DURATION, ROWS);
    }

    /** A cluster of {@code nodes} nodes, started and warmed up unless it is the one running. */
    private static void ensureCluster(int nodes) {
        if (cluster != null && cluster.nodes() == nodes) {
            return;
        }
        stopCluster();
        cluster = CellCluster.start("validation-cells-" + nodes, nodes, nodes == 3 ? 51 : 55);
    }

    private static void stopCluster() {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }
}
