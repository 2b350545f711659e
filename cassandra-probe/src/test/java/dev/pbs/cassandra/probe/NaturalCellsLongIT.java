package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.cluster.ClusterWarmUp;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
import dev.pbs.cassandra.observe.WindowedComparison;
import dev.pbs.cassandra.testing.ObservationPrinter;
import dev.pbs.model.profile.LatencyProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The live probe against its own cluster with nothing injected, the four cells of the issue on the
 * probe's accuracy, each as {@code ./pbs probe --duration 60s --observe --observe-writes 2000}
 * runs it (the observation beside the probe, the default comparison): W = R = ONE, W = QUORUM with
 * R = ONE and W = ONE with R = QUORUM through coordinators that are replicas (three nodes, N = 3,
 * as with a token-aware driver), and W = R = ONE through coordinators that are not (N = 2 on the
 * same three nodes, as with token-unaware routing). A 3-node cluster of its own on 127.0.0.31-33,
 * in {@code target/natural-cells-cluster}, warmed up until the client's round trip settles (one to
 * five minutes), stopped at the end however the tests end. About twelve to sixteen minutes: only on demand, {@code mvn verify -Pfidelity -Dit.groups=fidelity-natural -pl cassandra-probe -am} (the long tier's time went to the fault cells).
 */
@Tag("fidelity-natural")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NaturalCellsLongIT {

    private static final int FIRST_ADDRESS = 31;
    private static final String CONTACT_POINT = "127.0.0.31:9042";
    private static final int WRITES = 2000;
    private static final double WRITES_PER_SECOND = 20;
    /** The command line's defaults. */
    private static final double PROBE_RATE = 50;

    private static final double TRACE_FRACTION = 0.2;
    private static final Duration PROBE_DURATION = Duration.ofSeconds(60);
    private static final Duration WARM_UP_ROUND = Duration.ofSeconds(30);
    private static final int MAXIMUM_WARM_UP_ROUNDS = 10;

    /**
     * The latency guard: the goal is 10% and it is not met in every cell (the token-unaware
     * cell's writes and, from run to run, p99, the client's part and the coordinator's being slow
     * together; docs/probe.md); this keeps the tails from going back to the 45% to 67% of the
     * methods before.
     */
    private static final double LATENCY_NRMSE_GUARD = 0.30;

    /**
     * What the machine's load may add to the staleness goal (1% or 1.5 noise floors) in
     * .ci/run, where Maven and the build's JVMs share the two cores with the cluster: half a
     * point. Each cell prints whether it met the goal itself.
     */
    private static final double LOAD_ALLOWANCE = 0.005;

    private static LocalCluster cluster;
    private static Thread shutdownHook;

    @BeforeAll
    static void startCluster() throws IOException {
        Path directory = Files.createDirectories(Path.of("target", "natural-cells-cluster"))
                .toAbsolutePath();
        cluster = LocalCluster.in(directory).withFirstAddress(FIRST_ADDRESS);
        cluster.stop(line -> {}); // a run that was killed may have left it running
        shutdownHook = new Thread(() -> cluster.stop(line -> {}), "stop-natural-cells-cluster");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        cluster.start(3, line -> System.out.println("[natural cells cluster] " + line));
        // Rounds of the same work, 30 s each, discarded, until the client's round trip has
        // settled (ClusterWarmUp): after a fixed two minutes it can still be three times its warm
        // value, and the first cell misses. No warm-up burst first: it takes most of a minute and
        // four to six rounds still follow it.
        ClusterWarmUp.untilSettled(
                round -> cell(
                                "warm-up " + round,
                                3,
                                1,
                                1,
                                (int) (WARM_UP_ROUND.toSeconds() * WRITES_PER_SECOND),
                                CoordinatorChoice.ROUND_ROBIN,
                                WARM_UP_ROUND)
                        .meanClientGapMillis(),
                MAXIMUM_WARM_UP_ROUNDS,
                System.out::println);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.stop(line -> System.out.println("[natural cells cluster] " + line));
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        }
    }

    /** The cell with the most staleness, so the one a cluster still warming up moves most: last. */
    @Test
    @Order(4)
    void writeOneReadOne_throughReplicas() {
        assertWithinGoal(cell("W=ONE R=ONE", 3, 1, 1, WRITES, CoordinatorChoice.ROUND_ROBIN, PROBE_DURATION));
    }

    @Test
    @Order(2)
    void writeQuorumReadOne_throughReplicas() {
        assertWithinGoal(cell("W=QUORUM R=ONE", 3, 2, 1, WRITES, CoordinatorChoice.ROUND_ROBIN, PROBE_DURATION));
    }

    @Test
    @Order(3)
    void writeOneReadQuorum_throughReplicas() {
        assertWithinGoal(cell("W=ONE R=QUORUM", 3, 1, 2, WRITES, CoordinatorChoice.ROUND_ROBIN, PROBE_DURATION));
    }

    @Test
    @Order(1)
    void writeOneReadOne_throughNonReplicas() {
        ObservedStaleness observed =
                cell("W=ONE R=ONE token-unaware", 2, 1, 1, WRITES, CoordinatorChoice.OUTSIDE_REPLICAS, PROBE_DURATION);
        assertThat(observed.coordinatorReplicaShare()).isEqualTo(dev.pbs.model.profile.CoordinatorReplicaShare.NEVER);
        assertWithinGoal(observed);
    }

    /**
     * The goal for staleness, t-visibility RMSE within 1% or 1.5 noise floors, with the
     * load allowance, and the latency guard; every read answered at every t.
     */
    private static void assertWithinGoal(ObservedStaleness observed) {
        assertThat(observed.writes()).isGreaterThanOrEqualTo(WRITES - 10);
        assertThat(observed.points())
                .allSatisfy(point -> assertThat(point.observed().trials()).isGreaterThanOrEqualTo(WRITES - 20));
        double goal = Math.max(0.01, 1.5 * observed.noiseFloor());
        System.out.printf(
                "natural cell: RMSE %.4f against the goal %.4f: %s%n",
                observed.rmse(), goal, observed.rmse() <= goal ? "met" : "missed");
        assertThat(observed.rmse())
                .as("t-visibility RMSE (noise floor %.4f)", observed.noiseFloor())
                .isLessThanOrEqualTo(goal + LOAD_ALLOWANCE);
        assertThat(observed.latencyNrmse()).as("latency N-RMSE").isLessThanOrEqualTo(LATENCY_NRMSE_GUARD);
    }

    private static ObservedStaleness cell(
            String name,
            int replicas,
            int writeReplicas,
            int readReplicas,
            int writes,
            CoordinatorChoice coordinators,
            Duration probeDuration) {
        ProbeSettings settings = settings(replicas, probeDuration);
        ObservationSettings observation = new ObservationSettings(
                writeReplicas, readReplicas, writes, WRITES_PER_SECOND, ObservationSettings.DEFAULT_DELAYS_MILLIS);
        try (ProbeRun run = ProbeRun.connect(settings)) {
            ObservationWhileProbing.Result both = ObservationWhileProbing.run(
                    run, observation, coordinators, probeDuration, Duration.ZERO, () -> false);
            // As ./pbs probe predicts: the table's read path and the snitch as the cluster has them.
            LatencyProfile whole =
                    MeasuredProfile.withReadPath(CalibratedProfile.of(both.measurement(), "natural"), run.readPath());
            ObservedStaleness observed = WindowedComparison.compare(both, whole, "natural", replicas);
            assertThat(observed.predictionWindows()).isEqualTo(both.windows().size());
            double coupling = both.measurement().pairs().clientCoupling();
            ObservedStaleness unwindowed = StalenessObserver.compare(both.observation(), whole, replicas, coupling);
            System.out.printf(
                    "natural cell %s: RMSE predicted from the whole profile %.4f, window by window (%d) %.4f%n",
                    name, unwindowed.rmse(), observed.predictionWindows(), observed.rmse());
            print(name, observed);
            // The calibration of tracing's correction: the untraced operations against what the
            // corrected delays predict for them, to tell a misfit from an observation that differs.
            String provenance = whole.provenance();
            int correction = provenance.indexOf("Tracing's cost");
            System.out.printf(
                    "natural cell %s, calibration: %s%n",
                    name, correction < 0 ? provenance : provenance.substring(correction));
            return observed;
        }
    }

    private static ProbeSettings settings(int replicas, Duration probeDuration) {
        return LocalProbeSettings.of(
                CONTACT_POINT, "pbs_natural_rf" + replicas, replicas, PROBE_RATE, probeDuration, TRACE_FRACTION);
    }

    private static void print(String name, ObservedStaleness observed) {
        System.out.printf(
                "natural cell %s: N = %d, %d writes: RMSE %.4f, noise floor %.4f, latency NRMSE %.4f (its noise "
                        + "floor %.4f), mean client round trip %.2f ms beside the writes (coupled %.3f with the time to "
                        + "consistency), %.2f ms beside the reads%n",
                name,
                observed.n(),
                observed.writes(),
                observed.rmse(),
                observed.noiseFloor(),
                observed.latencyNrmse(),
                observed.latencyNoiseFloor(),
                observed.meanClientGapMillis(),
                observed.clientCoupling(),
                observed.meanReadRoundTripMillis());
        ObservationPrinter.printPoints(observed);
        ObservationPrinter.printLatencies(observed);
    }
}
