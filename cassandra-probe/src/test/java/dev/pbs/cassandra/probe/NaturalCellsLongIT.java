package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The probe's four natural cells, the calibration cells C1 to C4 of docs/fidelity.md (nothing
 * injected), each observed with 2,000 writes beside a 60-second probe of the same cluster, as
 * {@code ./pbs probe --observe} does, and judged by the same rule as the validation cells ({@link
 * ObservedCell#judge}): W = R = ONE, W = QUORUM with R = ONE and W = ONE with R = QUORUM through
 * coordinators that are replicas (three nodes, N = 3), and W = R = ONE through coordinators that
 * are not (N = 2 on the same three nodes). A 3-node cluster of its own on 127.0.0.31-33 ({@link
 * CellCluster}); the table of the four is printed at the end and written to {@code
 * target/natural-cells.md}. About fifteen minutes: on demand only, {@code mvn verify -Pexperiment
 * -Dit.groups=fidelity-natural -pl cassandra-probe -am}.
 */
@Tag("fidelity-natural")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NaturalCellsLongIT {

    private static final int WRITES = 2000;
    private static final Duration PROBE_DURATION = Duration.ofSeconds(60);

    private static final List<String> ROWS = new ArrayList<>();
    private static CellCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = CellCluster.start("natural-cells-cluster", 3, 31);
    }

    @AfterAll
    static void report() throws IOException {
        if (cluster != null) {
            cluster.close();
        }
        String table = ObservedCell.TABLE_HEADER + "\n" + String.join("\n", ROWS) + "\n";
        System.out.println("natural cells:\n" + table);
        Files.writeString(Path.of("target", "natural-cells.md"), table);
    }

    @Test
    @Order(1)
    void c4_writeOneReadOne_throughNonReplicas() {
        ObservedStaleness observed = assertPasses(new ObservedCell("C4", 2, 1, 1, CoordinatorChoice.OUTSIDE_REPLICAS));
        assertThat(observed.coordinatorReplicaShare()).isEqualTo(CoordinatorReplicaShare.NEVER);
    }

    @Test
    @Order(2)
    void c2_writeQuorumReadOne() {
        assertPasses(new ObservedCell("C2", 3, 2, 1, CoordinatorChoice.ROUND_ROBIN));
    }

    @Test
    @Order(3)
    void c3_writeOneReadQuorum() {
        assertPasses(new ObservedCell("C3", 3, 1, 2, CoordinatorChoice.ROUND_ROBIN));
    }

    /** The cell with the most staleness, so the one a cluster still warming up moves most: last. */
    @Test
    @Order(4)
    void c1_writeOneReadOne() {
        assertPasses(new ObservedCell("C1", 3, 1, 1, CoordinatorChoice.ROUND_ROBIN));
    }

    private static ObservedStaleness assertPasses(ObservedCell cell) {
        return cell.assertPasses(cluster, WRITES, PROBE_DURATION, ROWS);
    }
}
