package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.recovery.OutageProfile;
import dev.pbs.cassandra.recovery.OutageWatch;
import dev.pbs.cassandra.recovery.ReplayDelays;
import dev.pbs.cassandra.recovery.WatchedOutage;
import dev.pbs.cassandra.testing.LocalClusterExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A node SIGKILLed in the middle of a probe, then started again: the probe carries on throughout,
 * and its outage watch ({@link OutageWatch}) sees the outage, writes around the node meanwhile, and
 * reads those writes at the node after its return: the hint replay delays, put into the profile when
 * the node itself served the reads.
 */
@Tag("end-to-end")
@ExtendWith(LocalClusterExtension.class)
class NodeFailureIT {

    private static final String KILLED = "127.0.0.3";

    /** Operations through node 3 after its restart that end the probe early. */
    private static final int OPERATIONS_AFTER_RESTART = 20;

    /** How long after node 3's return the outage watch reads the writes made while it was down. */
    private static final Duration HINT_DEADLINE = Duration.ofSeconds(60);

    @Test
    void probe_nodeKilledAndRestarted_keepsRunningAndCountsTheNodeDownThenUp(LocalCluster cluster) throws Exception {
        ProbeSettings settings = new ProbeSettings(
                List.of(ProbeSettings.contactPoint("127.0.0.1:9042")),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                "pbs_probe_failure_it",
                3,
                40,
                Duration.ofSeconds(120),
                0.3);
        OutageWatch watch;
        try (ProbeRun run = ProbeRun.connect(settings);
                OutageWatch outageWatch = OutageWatch.start(
                        run.session(),
                        settings.keyspace(),
                        run.coordinators(),
                        ProbeSessions::traceAddress,
                        HINT_DEADLINE)) {
            watch = outageWatch;
            AtomicBoolean enough = new AtomicBoolean();
            CompletableFuture<ProbeSnapshot> probing = CompletableFuture.supplyAsync(() -> run.run(enough::get));
            TimeUnit.SECONDS.sleep(6);
            try {
                cluster.kill(3);
                TimeUnit.SECONDS.sleep(6);
                ProbeSnapshot whileDown = run.snapshot();
                NodeHealth.NodeReport down = node(whileDown, KILLED);
                assertThat(down.up()).as("node 3 while killed").isFalse();
                assertThat(down.failed()).isPositive();
                assertThat(down.timesDown()).isGreaterThanOrEqualTo(1);
                assertThat(probing).isNotDone();
            } finally {
                cluster.restart(3, line -> System.out.println("[cluster] " + line));
            }
            long succeededBeforeRestart = node(run.snapshot(), KILLED).succeeded();
            // The probe ends once node 3 has served a few operations again (or at its 120 s).
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!probing.isDone() && System.nanoTime() < deadline) {
                NodeHealth.NodeReport current = node(run.snapshot(), KILLED);
                if (current.up() && current.succeeded() >= succeededBeforeRestart + OPERATIONS_AFTER_RESTART) {
                    break;
                }
                TimeUnit.MILLISECONDS.sleep(250);
            }
            enough.set(true);
            ProbeSnapshot done = probing.get(90, TimeUnit.SECONDS);
            NodeHealth.NodeReport back = node(done, KILLED);
            System.out.printf("node failure: %s, node 3: %s%n", done.operations(), back);
            assertThat(back.up()).as("node 3 after its restart").isTrue();
            assertThat(back.succeeded())
                    .as("operations through node 3 after its restart")
                    .isGreaterThan(succeededBeforeRestart);
            assertThat(done.operations().failed()).isPositive();
            assertThat(done.operations().succeeded())
                    .isGreaterThan(done.operations().failed());
            // Measurement went on: every replica, node 3 included, has samples.
            assertThat(done.delaysMicros().keySet()).contains("127.0.0.1", "127.0.0.2", KILLED);

            assertThat(watch.awaitMeasurements(HINT_DEADLINE.plusSeconds(30)))
                    .as("the reads at node 3 ended")
                    .isTrue();
            List<WatchedOutage> outages = watch.outages();
            System.out.printf("node failure: outages watched: %s%n", outages);
            // Only node 3 went down (the driver may see it flap up and down while it starts again).
            assertThat(outages)
                    .isNotEmpty()
                    .allSatisfy(seen -> assertThat(seen.address()).isEqualTo(KILLED));
            WatchedOutage outage = outages.stream()
                    .max(java.util.Comparator.comparingInt(WatchedOutage::writesWhileDown))
                    .orElseThrow();
            // Killed, 6 s, then started again: down from the kill until it served again.
            assertThat(outages.stream().mapToDouble(WatchedOutage::downMillis).sum())
                    .isBetween(6_000.0, 300_000.0);
            assertThat(outage.writesWhileDown()).isPositive();
            ReplayDelays delays = outage.delays().orElseThrow();
            assertThat(delays.writes()).isEqualTo(outage.writesWhileDown());
            // The coordinators replay their hints within the deadline.
            assertThat(delays.neverAppeared()).isZero();
            assertThat(outage.servers().traced()).isPositive();
            OutageProfile.Result profile = OutageProfile.of(
                    CalibratedProfile.of(done, "node-failure-it"),
                    new ArrayList<>(done.delaysMicros().keySet()),
                    3,
                    outages,
                    watch.watchedMillis());
            System.out.printf(
                    "node failure: profile faults %s; %s%n",
                    profile.profile().faults().describe(), profile.leftOut().orElse("outages in the profile"));
            if (outage.delaysAreTheNodes()) {
                assertThat(profile.profile().faults().replicas()).containsExactly(2);
                assertThat(profile.profile()
                                .faults()
                                .outages()
                                .hintReplayDelay()
                                .meanMillis())
                        .isLessThan(HINT_DEADLINE.toMillis());
            } else {
                assertThat(profile.leftOut())
                        .hasValueSatisfying(reason -> assertThat(reason).contains("other replicas served the reads"));
            }
        }
        LocalClusterExtension.awaitAllUp(cluster, 60);
    }

    private static NodeHealth.NodeReport node(ProbeSnapshot snapshot, String address) {
        return snapshot.nodes().stream()
                .filter(node -> node.address().equals(address))
                .findFirst()
                .orElseThrow();
    }
}
