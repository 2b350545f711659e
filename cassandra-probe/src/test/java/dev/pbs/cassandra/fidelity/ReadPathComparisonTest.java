package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.cassandra.cluster.ReadRepairMeters;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.RawObservation;
import dev.pbs.cassandra.observe.ReadPathTally;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ReadPathComparisonTest {

    private static RawObservation observed(int readReplicas, ReadPathTally traces) {
        return observed(readReplicas, traces, new Histogram(60_000_000L, 3));
    }

    private static RawObservation observed(int readReplicas, ReadPathTally traces, Histogram clientGapMicros) {
        Histogram empty = new Histogram(60_000_000L, 3);
        return new RawObservation(
                new ObservationSettings(1, readReplicas, 100, 10, new double[] {0, 20}),
                100,
                0,
                0,
                new long[] {90, 90},
                new long[] {50, 90},
                new long[] {0, 0},
                dev.pbs.cassandra.observe.CoordinatorReplicaCounts.NONE,
                false,
                clientGapMicros,
                empty,
                empty,
                empty,
                traces);
    }

    /** Replica 0 gets writes at once, replicas 1 and 2 after 10 ms; read messages 1 ms; blocking read repair. */
    private static LatencyProfile oneEarlyReplica() {
        return LatencyProfile.builder("one early replica")
                .provenance("test")
                .defaults(new MessageDelays(Constant.of(10), Constant.of(0), Constant.of(1), Constant.of(1)))
                .replicaOverrides(java.util.List.of(
                        new DelayOverrides(Constant.of(0), null, null, null),
                        new DelayOverrides(Constant.of(10), null, null, null),
                        new DelayOverrides(Constant.of(10), null, null, null)))
                .readPath(new ReadPath(new SpeculativeRetry.None(), ReadRepair.BLOCKING, ReplicaChoice.random()))
                .build();
    }

    /**
     * Replica 0 gets the write at once, replicas 1 and 2 after 10 ms; read messages take 1 ms. W =
     * 1 commits at 1 ms; a read at QUORUM of two random replicas includes replica 0 two times in
     * three, and then disagrees until the late replicas have the write: at t = 0, 2/3. Its second
     * round reaches them 3 ms after it starts, still before they have the write, so it repairs
     * them as often. At t = 20, none.
     */
    @Test
    void of_blockingRepairAtQuorum_predictsTwoThirdsAtFirstAndNoneLater() {
        LatencyProfile profile = oneEarlyReplica();
        ReadPathTally traces =
                new ReadPathTally(new long[] {30, 30}, new long[] {0, 0}, new long[] {22, 0}, new long[] {21, 0});
        ReadPathComparison comparison =
                ReadPathComparison.of(observed(2, traces), profile, 3).orElseThrow();
        assertThat(comparison.tracedReads()).isEqualTo(60);
        assertThat(comparison.observedAskedWatched()).as("no replica watched").isEmpty();
        assertThat(comparison.observedSpeculated().successes()).isZero();
        assertThat(comparison.predictedSpeculated()).isZero();
        assertThat(comparison.repairs()).hasSize(2);
        assertThat(comparison.repairs().get(0).predicted()).isCloseTo(2.0 / 3, within(0.005));
        assertThat(comparison.repairs().get(0).observed().estimate()).isEqualTo(0.7);
        assertThat(comparison.repairs().get(1).predicted()).isZero();
        assertThat(comparison.repairs().get(0).predictedMismatch()).isCloseTo(2.0 / 3, within(0.005));
        assertThat(comparison.repairs().get(0).observedMismatch().successes()).isEqualTo(22);
        assertThat(comparison.repairs().get(1).predictedMismatch()).isZero();
        double mismatchMiss = 22.0 / 30 - comparison.repairs().get(0).predictedMismatch();
        assertThat(comparison.rmseMismatch()).isCloseTo(Math.sqrt(mismatchMiss * mismatchMiss / 2), within(1e-12));
        double expected = Math.sqrt(((0.7 - comparison.repairs().get(0).predicted())
                        * (0.7 - comparison.repairs().get(0).predicted()))
                / 2);
        assertThat(comparison.rmseRepair()).isCloseTo(expected, within(1e-12));
    }

    /**
     * The same cluster, but the client's round trip is 8 ms: the reads of t = 0 meet the replicas
     * 8 ms after commit. They still disagree (the late replicas have the write from 9 ms), but the
     * second round, 3 ms later, finds every replica fresh (the one-round time was 7 ms): no repair.
     */
    @Test
    void of_clientRoundTrip_shiftsTheTimesTheReadsMeet() {
        LatencyProfile profile = oneEarlyReplica();
        Histogram gap = new Histogram(60_000_000L, 3);
        gap.recordValueWithCount(8_000, 100);
        ReadPathTally traces =
                new ReadPathTally(new long[] {30, 30}, new long[] {0, 0}, new long[] {22, 0}, new long[] {0, 0});
        ReadPathComparison comparison =
                ReadPathComparison.of(observed(2, traces, gap), profile, 3).orElseThrow();
        assertThat(comparison.repairs().get(0).predictedMismatch()).isCloseTo(2.0 / 3, within(0.005));
        assertThat(comparison.repairs().get(0).predicted()).isZero();
        // Without the round trip the same reads would have repaired.
        ReadPathComparison alone =
                ReadPathComparison.of(observed(2, traces), profile, 3).orElseThrow();
        assertThat(alone.repairs().get(0).predicted()).isCloseTo(2.0 / 3, within(0.005));
    }

    /**
     * The coordinators' meters counted 80 mismatches and 60 repairs over all 240 reads (90 untraced
     * and 30 traced at each of the two t): observed 1/3 and 1/4. Predicted: both 2/3 at t = 0 and
     * none at 20 ms, each t weighted by its 120 reads, so 1/3.
     */
    @Test
    void of_metersCounted_comparesAllReadsWithThePredictionWeightedByReads() {
        ReadPathTally traces =
                new ReadPathTally(new long[] {30, 30}, new long[] {0, 0}, new long[] {22, 0}, new long[] {21, 0});
        ReadPathComparison comparison = ReadPathComparison.of(
                        observed(2, traces),
                        oneEarlyReplica(),
                        3,
                        java.util.Optional.of(new ReadRepairMeters.Counts(80, 60)))
                .orElseThrow();
        ReadPathComparison.AllReads all = comparison.allReads().orElseThrow();
        assertThat(all.observedMismatch().trials()).isEqualTo(240);
        assertThat(all.observedMismatch().successes()).isEqualTo(80);
        assertThat(all.predictedMismatch()).isCloseTo(1.0 / 3, within(0.003));
        assertThat(all.observedRepaired().estimate()).isEqualTo(0.25);
        assertThat(all.predictedRepaired()).isCloseTo(1.0 / 3, within(0.003));
        assertThat(ReadPathComparison.of(observed(2, traces), oneEarlyReplica(), 3)
                        .orElseThrow()
                        .allReads())
                .as("no meters read")
                .isEmpty();
        assertThat(ReadPathComparison.of(
                                observed(2, traces),
                                oneEarlyReplica(),
                                3,
                                java.util.Optional.of(new ReadRepairMeters.Counts(241, 0)))
                        .orElseThrow()
                        .allReads())
                .as("more mismatches than reads: other reads marked the meters")
                .isEmpty();
    }

    @Test
    void of_alwaysSpeculatingTable_predictsEveryReadAtOneSpeculates() {
        LatencyProfile profile = LatencyProfile.builder("constant")
                .provenance("test")
                .defaults(MessageDelays.all(Constant.of(1)))
                .readPath(new ReadPath(SpeculativeRetry.parse("ALWAYS"), ReadRepair.OFF, ReplicaChoice.random()))
                .build();
        ReadPathTally traces =
                new ReadPathTally(new long[] {10, 10}, new long[] {10, 9}, new long[] {0, 0}, new long[] {0, 0});
        ReadPathComparison comparison =
                ReadPathComparison.of(observed(1, traces), profile, 3).orElseThrow();
        assertThat(comparison.predictedSpeculated()).isEqualTo(1.0);
        assertThat(comparison.observedSpeculated().estimate()).isEqualTo(0.95);
        assertThat(ReadPathComparison.of(observed(1, ReadPathTally.none(2)), profile, 3))
                .isEmpty();
    }
}
