package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.cluster.ClusterLayout;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeStatus;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A local cluster of two datacenters (dc1 and dc2, two nodes each, on 127.0.0.41 to 44), every
 * message between them delayed by an injected exponential of mean {@value #INTER_DATACENTER_MEAN}
 * ms, probed with {@code --replication dc1:2,dc2:2}: the profile names both datacenters, places two
 * replicas in each, and fits a one-way delay for each ordered pair near the injected one. About
 * four minutes: on demand only ({@code mvn verify -Pexperiment -Dit.groups=fidelity-datacenters -pl
 * cassandra-probe -am}).
 */
@Tag("fidelity-datacenters")
class TwoDatacenterProbeLongIT {

    private static final int FIRST_ADDRESS = 41;
    private static final double INTER_DATACENTER_MEAN = 20;
    private static final Duration PROBE_DURATION = Duration.ofSeconds(90);

    private static LocalCluster cluster;
    private static Thread shutdownHook;
    private static List<NodeStatus> nodes;

    @BeforeAll
    static void startCluster() throws IOException {
        Path directory = Files.createDirectories(Path.of("target", "two-datacenter-cluster"))
                .toAbsolutePath();
        cluster = LocalCluster.in(directory)
                .withFirstAddress(FIRST_ADDRESS)
                .withInjectedDelays("INTER_DC=exponential:" + INTER_DATACENTER_MEAN);
        cluster.stop(line -> {}); // a run that was killed may have left it running
        shutdownHook = new Thread(() -> cluster.stop(line -> {}), "stop-two-datacenter-cluster");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        nodes = cluster.start(
                ClusterLayout.parse("dc1:2,dc2:2"), line -> System.out.println("[two datacenters] " + line));
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.stop(line -> System.out.println("[two datacenters] " + line));
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        }
    }

    @Test
    void probe_twoDatacenters_measuresEachDatacenterAndTheDelayBetweenThem() {
        assertThat(nodes).extracting(NodeStatus::datacenter).containsExactly("dc1", "dc1", "dc2", "dc2");
        assertThat(nodes).allSatisfy(node -> assertThat(node.state()).isEqualTo("up"));
        ProbeSettings settings = new ProbeSettings(
                        List.of(new InetSocketAddress(nodes.get(0).address(), 9042)),
                        Optional.of("dc1"),
                        Optional.empty(),
                        Optional.empty(),
                        "pbs_two_datacenters",
                        3,
                        20,
                        PROBE_DURATION,
                        0.5)
                .withDatacenters(DatacenterReplication.parse("dc1:2,dc2:2"));
        ProbeSnapshot snapshot;
        try (ProbeRun run = ProbeRun.connect(settings)) {
            assertThat(run.coordinators()).hasSize(4);
            snapshot = run.run(() -> false);
        }
        DatacenterMeasurements measured = snapshot.datacenters().orElseThrow();
        System.out.println("[two datacenters] " + snapshot.operations());
        measured.crossingMicros()
                .forEach((pair, messages) -> messages.forEach((message, samples) -> System.out.printf(
                        "[two datacenters] %s %s: %d samples%n", pair, message, samples.getTotalCount())));
        for (String pair : List.of("dc1>dc2", "dc2>dc1")) {
            Map<WarsMessage, Histogram> crossing = measured.crossingMicros().get(pair);
            assertThat(crossing).as(pair).isNotNull();
            assertThat(crossing.get(WarsMessage.WRITE).getTotalCount()).as(pair).isGreaterThan(30);
        }
        LatencyProfile profile = CalibratedProfile.of(snapshot, "two-datacenters");
        System.out.println("[two datacenters] " + profile.provenance());
        DatacenterTopology topology = profile.topology().orElseThrow();
        assertThat(topology.names()).containsExactly("dc1", "dc2");
        assertThat(profile.fixedReplicaCount()).contains(4);
        for (int[] pair : new int[][] {{0, 1}, {1, 0}}) {
            double mean = topology.interDatacenterDelay(pair[0], pair[1]).meanMillis();
            System.out.printf(
                    "[two datacenters] D(%d, %d): mean %.2f ms (injected %.0f)%n",
                    pair[0], pair[1], mean, INTER_DATACENTER_MEAN);
            // The injected mean, within what two cores shared by four nodes and the probe add or blur.
            assertThat(mean).isBetween(INTER_DATACENTER_MEAN / 2, INTER_DATACENTER_MEAN * 2);
        }
        // Each datacenter's own delays leave the inter-datacenter delay out: below the crossing ones.
        double ownWriteMedian = profile.delaysOf(3).write().inverseSurvivalProbability(0.5);
        double crossingWriteMedian =
                measured.crossingMicros().get("dc1>dc2").get(WarsMessage.WRITE).getValueAtPercentile(50) / 1000.0;
        assertThat(ownWriteMedian).isLessThan(crossingWriteMedian);
    }
}
