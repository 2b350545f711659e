package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Blocking read repair in the engine: answers by hand, invariance, and a literal simulation. */
class ReadRepairTest {

    private static final WarsEngine ENGINE = new WarsEngine();

    private static List<RepairPoint> repairs(SimulationResult result, int r, int w) {
        return result.configuration(r, w).orElseThrow().readRepair().orElseThrow();
    }

    /**
     * Targeted reads over replica 0, which gets the write after 1 ms, and replicas 1 and 2, after
     * 10 ms; every other message 1 ms; read at 0, 4.9, 5, 6.9, 7 and 100 ms after commit.
     */
    private static SimulationResult oneEarlyReplica(ReadRepair repair, int trials) {
        LatencyProfile profile = TestProfiles.constants(
                new double[] {1, 1, 1, 1}, new double[] {10, 1, 1, 1}, new double[] {10, 1, 1, 1});
        return ENGINE.run(SimulationSpec.builder(profile, 3)
                .trials(trials)
                .seed(9)
                .readFanout(ReadFanout.TARGETED)
                .readRepair(repair)
                .visibilityGridMillis(0, 4.9, 5, 6.9, 7, 100)
                .build());
    }

    /**
     * Replica 0 gets the write after 1 ms; replicas 1 and 2 after 10 ms; every read message takes
     * 1 ms. W = 1 commits at 2 ms, so replicas 1 and 2 are fresh from t = 7 ms. A read of two
     * random replicas includes replica 0 in two reads of three: those disagree before 7 ms. Their
     * first round ends 2 ms after they start, and the full data read reaches the stale replica
     * 1 ms later, 3 + t ms after commit: before t = 5 ms it is still stale and is repaired, a write
     * and an acknowledgement of 10 + 1 ms after the 2 ms second round; from 5 ms the second round
     * finds every replica fresh and only adds its 2 ms.
     */
    @Test
    void targetedReads_constantDelays_repairWhileTheAnswersDisagree() {
        int trials = 60_000;
        SimulationResult result = oneEarlyReplica(ReadRepair.BLOCKING, trials);
        List<RepairPoint> readTwoWriteOne = repairs(result, 2, 1);
        for (int g = 0; g < 4; g++) {
            RepairPoint point = readTwoWriteOne.get(g);
            assertThat(SamplingTolerance.compatible(point.mismatched().successes(), trials, 2.0 / 3, 2))
                    .as("t=%s", point.tMillis())
                    .isTrue();
            boolean repairs = point.tMillis() < 5;
            assertThat(point.repaired().successes())
                    .as("t=%s", point.tMillis())
                    .isEqualTo(repairs ? point.mismatched().successes() : 0);
            assertThat(point.meanAddedMillis()).isCloseTo(repairs ? 2 + 11 : 2, within(1e-6));
        }
        for (int g = 4; g < 6; g++) {
            assertThat(readTwoWriteOne.get(g).mismatched().successes()).isZero();
            assertThat(readTwoWriteOne.get(g).repaired().successes()).isZero();
            assertThat(readTwoWriteOne.get(g).meanAddedMillis()).isNaN();
        }
        // W = 2 commits when a late replica has the write too: every replica is fresh at once.
        assertThat(repairs(result, 2, 2))
                .allSatisfy(point -> assertThat(point.mismatched().successes()).isZero());
        // One answer cannot disagree with itself.
        assertThat(repairs(result, 1, 1))
                .allSatisfy(point -> assertThat(point.mismatched().successes()).isZero());
        // R = 3 always holds replica 0 and a late one: every read mismatches before 7 ms, strict
        // or not, and repairs before 5 ms.
        assertThat(repairs(result, 3, 1).get(0).repaired().successes()).isEqualTo(trials);
        assertThat(repairs(result, 3, 1).get(0).meanAddedMillis()).isCloseTo(13, within(1e-6));
        assertThat(repairs(result, 3, 1).get(3).mismatched().successes()).isEqualTo(trials);
        assertThat(repairs(result, 3, 1).get(3).repaired().successes()).isZero();
        // Read latency over the six times: the first round's 2 ms, plus 2 + 11 ms for the two
        // times before 5 ms and 2 ms for the two before 7 ms, in the two reads of three that hold
        // replica 0: 2/9 of the records at 15 ms, 2/9 at 4 ms and the rest at 2 ms.
        ConfigurationResult readTwo = result.configuration(2, 1).orElseThrow();
        assertThat(readTwo.readLatencyWithRepair(50).orElseThrow().valueMillis())
                .isCloseTo(2, within(0.02));
        assertThat(readTwo.readLatencyWithRepair(70).orElseThrow().valueMillis())
                .isCloseTo(4, within(0.04));
        assertThat(readTwo.readLatencyWithRepair(90).orElseThrow().valueMillis())
                .isCloseTo(15, within(0.15));
        assertThat(readTwo.readLatency(90).valueMillis()).isCloseTo(2, within(0.02));
        assertThat(result.configuration(1, 1).orElseThrow().readLatencyWithRepair(90))
                .isEmpty();
    }

    /**
     * The same constant delays with Cassandra's {@code read_repair = 'NONE'}: the reads that
     * disagree are the same two in three before 7 ms, and read again (their 2 ms second round), but
     * nothing is written back, so that none repairs and none waits for a repair.
     */
    @Test
    void none_constantDelays_readsAgainButNeverRepairs() {
        int trials = 60_000;
        SimulationResult result = oneEarlyReplica(ReadRepair.NONE, trials);
        List<RepairPoint> readTwoWriteOne = repairs(result, 2, 1);
        for (int g = 0; g < 4; g++) {
            RepairPoint point = readTwoWriteOne.get(g);
            assertThat(SamplingTolerance.compatible(point.mismatched().successes(), trials, 2.0 / 3, 2))
                    .as("t=%s", point.tMillis())
                    .isTrue();
            assertThat(point.repaired().successes()).isZero();
            assertThat(point.meanAddedMillis()).isCloseTo(2, within(1e-6));
        }
        assertThat(readTwoWriteOne.get(4).mismatched().successes()).isZero();
        assertThat(repairs(result, 3, 1).get(0).mismatched().successes()).isEqualTo(trials);
        assertThat(repairs(result, 3, 1).get(0).meanAddedMillis()).isCloseTo(2, within(1e-6));
        // Four of the six times find two reads in three disagreeing: 4/9 of the records at 4 ms.
        ConfigurationResult readTwo = result.configuration(2, 1).orElseThrow();
        assertThat(readTwo.readLatencyWithRepair(50).orElseThrow().valueMillis())
                .isCloseTo(2, within(0.02));
        assertThat(readTwo.readLatencyWithRepair(70).orElseThrow().valueMillis())
                .isCloseTo(4, within(0.04));
        assertThat(readTwo.readLatencyWithRepair(99).orElseThrow().valueMillis())
                .isCloseTo(4, within(0.04));
        // The paper's read does neither.
        assertThat(oneEarlyReplica(ReadRepair.OFF, 1_000)
                        .configuration(2, 1)
                        .orElseThrow()
                        .readRepair())
                .isEmpty();
    }

    /**
     * Fan-out all keeps the first two answers: replica 0 (2 ms, fresh) and replica 1 (4 ms, fresh
     * from t = 6 ms); replica 2 answers last (10 ms) and is not compared. The first round ends at
     * 4 ms; the full data read reaches replica 1 2 ms later, 6 + t ms after commit, and finds it
     * stale before t = 2 ms (it has the write 8 ms after commit). The second round takes 4 ms, the
     * repair 10 + 1.
     */
    @Test
    void fanOutAll_constantDelays_comparesTheFirstRAnswersOnly() {
        LatencyProfile profile = TestProfiles.constants(
                new double[] {1, 1, 1, 1}, new double[] {10, 1, 2, 2}, new double[] {10, 1, 5, 5});
        SimulationResult result = ENGINE.run(SimulationSpec.builder(profile, 3)
                .trials(5_000)
                .seed(9)
                .readRepair(ReadRepair.BLOCKING)
                .visibilityGridMillis(0, 1.9, 2, 5.9, 6)
                .build());
        List<RepairPoint> points = repairs(result, 2, 1);
        for (int g = 0; g < 4; g++) {
            assertThat(points.get(g).mismatched().successes()).isEqualTo(5_000);
            boolean repairs = g < 2;
            assertThat(points.get(g).repaired().successes()).isEqualTo(repairs ? 5_000 : 0);
            assertThat(points.get(g).meanAddedMillis()).isCloseTo(repairs ? 4 + 11 : 4, within(1e-6));
        }
        assertThat(points.get(4).mismatched().successes()).isZero();
    }

    /** Repair draws from a generator of its own: every other figure of the run stays as it was. */
    @Test
    void repair_leavesVisibilityAndLatencyAsWithoutIt() {
        for (ReadFanout fanout : ReadFanout.values()) {
            SimulationSpec.Builder plain = SimulationSpec.builder(
                            BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
                    .trials(50_000)
                    .seed(4)
                    .threads(2)
                    .readFanout(fanout);
            SimulationResult without = ENGINE.run(plain.build());
            SimulationResult with =
                    ENGINE.run(plain.readRepair(ReadRepair.BLOCKING).build());
            for (int c = 0; c < without.configurations().size(); c++) {
                ConfigurationResult before = without.configurations().get(c);
                ConfigurationResult after = with.configurations().get(c);
                assertThat(after.visibility())
                        .as("%s %s", fanout, before.configuration())
                        .isEqualTo(before.visibility());
                assertThat(after.readLatency(99.9)).isEqualTo(before.readLatency(99.9));
                assertThat(after.writeLatency(50)).isEqualTo(before.writeLatency(50));
                assertThat(after.window(0.999)).isEqualTo(before.window(0.999));
                assertThat(before.readRepair()).isEmpty();
                assertThat(before.readLatencyWithRepair(50)).isEmpty();
            }
        }
    }

    /**
     * The engine against repair written literally at each t, on exponential delays, with and
     * without speculation: targets in random order, the extra replica asked at 2 ms (or never),
     * the first R answers compared, fresh iff the write reached the replica before the read
     * request.
     */
    @ParameterizedTest
    @ValueSource(strings = {"2ms", "NONE"})
    void fractionRepaired_agreesWithALiteralSimulationAtEachTime(String speculativeRetry) {
        LatencyProfile profile = LatencyProfile.builder("exponential")
                .provenance("test: exponential delays, ms")
                .defaults(new MessageDelays(
                        Exponential.ofMean(4), Exponential.ofMean(1), Exponential.ofMean(2), Exponential.ofMean(2)))
                .build();
        double[] times = {0, 1, 3, 10};
        int n = 5;
        int trials = 100_000;
        int[][] rw = {{2, 1}, {3, 1}, {2, 2}};
        SpeculativeRetry retry = SpeculativeRetry.parse(speculativeRetry);
        double threshold = retry.thresholdMillis(percentile -> Double.NaN);
        SimulationResult result = ENGINE.run(SimulationSpec.builder(profile, n)
                .configurations(java.util.Arrays.stream(rw)
                        .map(pair -> dev.pbs.model.quorum.QuorumConfiguration.of(n, pair[0], pair[1]))
                        .toList())
                .trials(trials)
                .seed(31)
                .readFanout(ReadFanout.TARGETED)
                .speculativeRetry(retry)
                .readRepair(ReadRepair.BLOCKING)
                .visibilityGridMillis(times)
                .build());
        int comparisons = 2 * rw.length * times.length;
        for (int[] pair : rw) {
            List<RepairPoint> engine = repairs(result, pair[0], pair[1]);
            for (int g = 0; g < times.length; g++) {
                LiteralTargetedReads.Tally literal =
                        LiteralTargetedReads.at(profile, n, pair[0], pair[1], threshold, times[g], trials, 7 + g);
                assertAgree(
                        literal.disagreeingFraction(),
                        engine.get(g).mismatched().estimate(),
                        trials,
                        comparisons,
                        "mismatch R=" + pair[0] + " W=" + pair[1] + " t=" + times[g]);
                assertAgree(
                        literal.repairingFraction(),
                        engine.get(g).repaired().estimate(),
                        trials,
                        comparisons,
                        "repair R=" + pair[0] + " W=" + pair[1] + " t=" + times[g]);
            }
        }
    }

    private static void assertAgree(double literal, double onePass, int trials, int comparisons, String what) {
        double p = (literal + onePass) / 2;
        double standardError = Math.sqrt(2 * p * (1 - p) / trials);
        assertThat(Math.abs(onePass - literal))
                .as(what)
                .isLessThanOrEqualTo(SamplingTolerance.familyZ(comparisons) * standardError + 1e-9);
    }

    @Test
    void repair_withNonExpandingQuorums_isRefusedWithAReason() {
        assertThatThrownBy(() -> SimulationSpec.builder(
                                BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
                        .expansion(QuorumExpansion.NON_EXPANDING)
                        .readRepair(ReadRepair.BLOCKING)
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("read repair blocking needs expanding quorums");
        assertThatThrownBy(() -> SimulationSpec.builder(
                                BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
                        .expansion(QuorumExpansion.NON_EXPANDING)
                        .readRepair(ReadRepair.NONE)
                        .build())
                .hasMessageContaining("read repair none needs expanding quorums");
    }
}
