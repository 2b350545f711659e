package dev.pbs.cassandra.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.cluster.NodeOutage;
import dev.pbs.cassandra.cluster.OutageTimes;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSessions;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.model.faults.OutageProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code ./pbs probe --watch-outages} on a cluster where a node's reads are its own: three nodes of
 * their own on 127.0.0.41-43 without the dynamic snitch (which, on by default, sends the reads a node
 * coordinates to the other replicas: see {@link ReturnedNode}); node 3 stopped for 20 s and started
 * again while the probe runs. The watch must see the outage, write around the node meanwhile, find
 * every write at the node within the deadline, the node itself serving the traced reads, and put the
 * outage into the profile. In the long tier (tag fidelity), about three minutes.
 */
@Tag("fidelity-outage")
class OutageWatchLongIT {

    private static final int FIRST_ADDRESS = 41;
    private static final Duration OUTAGE = Duration.ofSeconds(20);
    private static final Duration HINT_DEADLINE = Duration.ofSeconds(60);

    @Test
    void nodeDownTwentySeconds_watchMeasuresItsHintsAndPutsTheOutageInTheProfile() throws Exception {
        Path directory =
                Files.createDirectories(Path.of("target", "outage-watch-it")).toAbsolutePath();
        LocalCluster cluster =
                LocalCluster.in(directory).withFirstAddress(FIRST_ADDRESS).withoutDynamicSnitch();
        cluster.stop(line -> {}); // a run that was killed may have left it running
        try {
            cluster.start(3, line -> System.out.println("[outage watch cluster] " + line));
            run(cluster);
        } finally {
            cluster.stop(line -> System.out.println("[outage watch cluster] " + line));
        }
    }

    private static void run(LocalCluster cluster) throws Exception {
        ProbeSettings settings = new ProbeSettings(
                List.of(ProbeSettings.contactPoint("127.0.0." + FIRST_ADDRESS + ":9042")),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                "pbs_outage_watch_it",
                3,
                20,
                Duration.ofSeconds(300),
                0.2);
        String returned = "127.0.0." + (FIRST_ADDRESS + 2);
        try (ProbeRun run = ProbeRun.connect(settings);
                OutageWatch watch = OutageWatch.start(
                        run.session(),
                        settings.keyspace(),
                        run.coordinators(),
                        ProbeSessions::traceAddress,
                        HINT_DEADLINE)) {
            AtomicBoolean enough = new AtomicBoolean();
            CompletableFuture<ProbeSnapshot> probing = CompletableFuture.supplyAsync(() -> run.run(enough::get));
            TimeUnit.SECONDS.sleep(5);
            OutageTimes times =
                    new NodeOutage(cluster, 3, OUTAGE).run(line -> System.out.println("[outage watch] " + line));
            System.out.printf("outage watch: node 3 %s%n", times);
            // The reads at node 3 end when every write has appeared (or at the deadline).
            long deadline = System.nanoTime() + HINT_DEADLINE.plusSeconds(60).toNanos();
            while ((watch.outages().isEmpty() || watch.unfinished() > 0) && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(250);
            }
            enough.set(true);
            ProbeSnapshot snapshot = probing.get(60, TimeUnit.SECONDS);

            List<WatchedOutage> outages = watch.outages();
            System.out.printf("outage watch: %s%n", outages);
            assertThat(outages)
                    .isNotEmpty()
                    .allSatisfy(outage -> assertThat(outage.address()).isEqualTo(returned));
            WatchedOutage outage = outages.stream()
                    .max(java.util.Comparator.comparingInt(WatchedOutage::writesWhileDown))
                    .orElseThrow();
            // Down from the kill until the driver saw it serve again: the 20 s and its start.
            assertThat(outage.downMillis()).isBetween(OUTAGE.toMillis() * 0.9, 240_000.0);
            assertThat(outage.writesWhileDown()).isBetween(OutageWatch.MOST_WRITES - 10, OutageWatch.MOST_WRITES);
            ReplayDelays delays = outage.delays().orElseThrow();
            assertThat(delays.writes()).isEqualTo(outage.writesWhileDown());
            assertThat(delays.neverAppeared())
                    .as("writes never found at node 3")
                    .isZero();
            // Each coordinator dispatches its hints every 10 s: all there well within the deadline.
            assertThat(delays.percentileMillis(100)).isLessThan(30_000);
            assertThat(outage.servers().returnedNode()).isPositive();
            assertThat(outage.delaysAreTheNodes()).as("%s", outage.servers()).isTrue();

            OutageProfile.Result result = OutageProfile.of(
                    CalibratedProfile.of(snapshot, "outage-watch-it"),
                    new ArrayList<>(snapshot.delaysMicros().keySet()),
                    3,
                    outages,
                    watch.watchedMillis());
            assertThat(result.leftOut()).isEmpty();
            OutageProcess process = result.profile().faults().outages();
            assertThat(result.profile().faults().replicas()).containsExactly(2);
            assertThat(process.hintReplayDelay().meanMillis()).isLessThan(30_000);
            assertThat(process.duration().meanMillis())
                    .isCloseTo(outage.downMillis(), org.assertj.core.data.Offset.offset(1.0));
            System.out.printf(
                    "outage watch: %d writes, replay delay p50 %.0f ms, p90 %.0f ms, max %.0f ms, found at the first read"
                            + " %d; traced reads by node 3 %d, by others %d; profile: %s%n",
                    delays.writes(),
                    delays.percentileMillis(50),
                    delays.percentileMillis(90),
                    delays.percentileMillis(100),
                    delays.foundAtFirstRead(),
                    outage.servers().returnedNode(),
                    outage.servers().otherReplica(),
                    result.profile().faults().describe());
        }
    }
}
