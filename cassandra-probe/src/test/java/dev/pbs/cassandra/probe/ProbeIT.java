package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.testing.LocalClusterExtension;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The probe against the build's real 3-node cluster, as {@code ./pbs probe --observe} runs it: a
 * 20-second measurement with a short observation of staleness beside it. It checks what the probe
 * measures and that the observation reads every write at every delay; how well the prediction
 * follows the observation is judged on the recorded corpus's natural cells, with enough writes for
 * their noise floor (docs/fidelity.md).
 */
@ExtendWith(LocalClusterExtension.class)
class ProbeIT {

    /** The command line's defaults: 50 operations a second, a fifth of them traced. */
    private static final double RATE = 50;

    private static final double TRACE_FRACTION = 0.2;
    private static final Duration DURATION = Duration.ofSeconds(20);

    /** Writes of the observation: 15 s at the command line's default 20 a second. */
    private static final int OBSERVED_WRITES = 300;

    private static final double OBSERVED_WRITES_PER_SECOND = 20;

    private static ProbeSnapshot snapshot;
    private static LatencyProfile profile;
    private static ObservedStaleness observed;

    @BeforeAll
    static void probe(LocalCluster cluster) {
        ProbeWithObservation measured = ProbeWithObservation.writeOneReadOne(
                        LocalProbeSettings.of("pbs_probe_it", 3, RATE, DURATION, TRACE_FRACTION),
                        OBSERVED_WRITES,
                        OBSERVED_WRITES_PER_SECOND)
                .print();
        snapshot = measured.snapshot();
        profile = measured.profile();
        observed = measured.observed();
    }

    @Test
    void probe_measuresWarsForEachOfTheThreeReplicas() {
        assertThat(snapshot.clusterName()).isEqualTo(LocalCluster.CLUSTER_NAME);
        assertThat(snapshot.cassandraVersion()).startsWith("5.0.");
        assertThat(snapshot.delaysMicros().keySet()).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
        for (Map.Entry<String, Map<WarsMessage, Histogram>> replica :
                snapshot.delaysMicros().entrySet()) {
            for (WarsMessage message : WarsMessage.values()) {
                assertThat(replica.getValue().get(message).getTotalCount())
                        .as("%s samples of replica %s", message.letter(), replica.getKey())
                        .isGreaterThanOrEqualTo(10);
            }
        }
        // Nearly every trace read back is complete: at most a few replicas' events are missing.
        assertThat(snapshot.operations().samplesDiscarded())
                .isLessThanOrEqualTo(snapshot.operations().tracesRead() / 10);
    }

    @Test
    void probe_neverExceedsItsPace() {
        // The probe ran at least DURATION, and until the observation beside it ended.
        double seconds = Duration.between(snapshot.started(), snapshot.at()).toNanos() / 1e9;
        assertThat(seconds).isGreaterThanOrEqualTo(DURATION.toSeconds() - 0.5);
        // seconds also holds the reading of the last traces, after the last operation.
        long budget = (long) Math.floor(RATE * seconds) + 1;
        ProbeCounters operations = snapshot.operations();
        assertThat(operations.issued()).isLessThanOrEqualTo(budget);
        assertThat(operations.issued() + operations.skipped())
                .isBetween(Math.round(RATE * DURATION.toSeconds()) - 5, budget + 1);
        assertThat(operations.failed()).isZero();
        assertThat(snapshot.nodes())
                .hasSize(3)
                .allSatisfy(node -> assertThat(node.up()).isTrue());
    }

    @Test
    void profile_feedsTheEngine() {
        assertThat(profile.fixedReplicaCount()).contains(3);
        SimulationResult result = new WarsEngine()
                .run(SimulationSpec.builder(profile, 3)
                        .configurations(List.of(new QuorumConfiguration(3, 1, 1), new QuorumConfiguration(3, 2, 2)))
                        .trials(200_000)
                        .seed(7)
                        .readFanout(ReadFanout.ALL)
                        .build());
        ConfigurationResult partial = result.configuration(1, 1).orElseThrow();
        ConfigurationResult strict = result.configuration(2, 2).orElseThrow();
        assertThat(strict.consistentAtCommit().estimate()).isEqualTo(1.0);
        assertThat(partial.consistentAtCommit().estimate()).isBetween(0.01, 1.0);
        assertThat(partial.readLatency(50).valueMillis()).isPositive();
    }

    @Test
    void observation_readsEveryWriteAtEveryDelay() {
        assertThat(observed.writes()).isGreaterThanOrEqualTo(OBSERVED_WRITES - 5);
        assertThat(observed.points()).hasSize(ObservationSettings.DEFAULT_DELAYS_MILLIS.length);
        for (ObservedPoint point : observed.points()) {
            assertThat(point.observed().trials() + observed.failedReads()).isGreaterThanOrEqualTo(observed.writes());
            // How late reads were sent is the machine's load, not a fault: the prediction is taken at t plus it.
            assertThat(point.meanLagMillis()).isFinite().isNotNegative();
            assertThat(point.predicted()).isBetween(0.0, 1.0);
        }
        // Staleness fades. At the longest delay most reads are fresh: an observation that read the wrong thing
        // would see none. And no later delay is fresher by chance only: reads at the longest delay are not
        // below those at 0 ms by more than 3 standard errors (a false failure about once in 740 runs). How
        // fresh they are, against the prediction, is the long tier's.
        ProportionEstimate first = observed.points().get(0).observed();
        ProportionEstimate last =
                observed.points().get(observed.points().size() - 1).observed();
        assertThat(last.estimate()).as("fresh at the longest delay").isGreaterThan(0.5);
        double standardError = Math.sqrt(first.estimate() * (1 - first.estimate()) / first.trials()
                + last.estimate() * (1 - last.estimate()) / last.trials());
        assertThat(last.estimate())
                .as("fresh at the longest delay against at 0 ms")
                .isGreaterThanOrEqualTo(first.estimate() - 3 * standardError);
        assertThat(observed.noiseFloor()).isPositive();
        assertThat(observed.latencies()).isNotEmpty();
    }
}
