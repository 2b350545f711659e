package dev.pbs.montecarlo.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ReadFanout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tuner with Cassandra's read path: candidates (N, R, W, speculative retry), speculation and repair requirements. */
class TunerReadPathTest {

    private static final Tuner TUNER = new Tuner();
    private static final SpeculativeRetry NONE = new SpeculativeRetry.None();
    private static final SpeculativeRetry ALWAYS = new SpeculativeRetry.Always();

    /**
     * Every message takes 1 ms, except replica 0's read request and response, 20 ms each: a read
     * that asks replica 0 takes 40 ms, any other 2 ms.
     */
    private static final LatencyProfile ONE_SLOW_REPLICA = profile(
            "one-slow-replica", new double[] {1, 1, 20, 20}, new double[] {1, 1, 1, 1}, new double[] {1, 1, 1, 1});

    /**
     * Replica 0 gets the write after 1 ms, replicas 1 and 2 after 50 ms; every other message 1 ms.
     * W = 1 commits at 2 ms; a read starting 10 ms later reaches its replicas at 13 ms, when only
     * replica 0 has the write. W >= 2 commits at 51 ms, when every replica has it.
     */
    private static final LatencyProfile ONE_FRESH_REPLICA = profile(
            "one-fresh-replica", new double[] {1, 1, 1, 1}, new double[] {50, 1, 1, 1}, new double[] {50, 1, 1, 1});

    private static LatencyProfile profile(String name, double[]... replicas) {
        List<DelayOverrides> overrides = new ArrayList<>();
        for (double[] delays : replicas) {
            overrides.add(new DelayOverrides(
                    Constant.of(delays[0]), Constant.of(delays[1]), Constant.of(delays[2]), Constant.of(delays[3])));
        }
        return LatencyProfile.builder(name)
                .provenance("hand-written test profile, ms")
                .defaults(MessageDelays.all(Constant.of(1)))
                .replicaOverrides(overrides)
                .build();
    }

    private static TuningResult tune(
            LatencyProfile profile, TuningReadPath readPath, Objective objective, String... requirements) {
        return TUNER.tune(new TuningSpec(
                profile,
                3,
                3,
                Arrays.stream(requirements).map(RequirementParser::parse).toList(),
                objective,
                false,
                20_000,
                11,
                2,
                readPath));
    }

    private static TuningReadPath targeted(ReadRepair repair, SpeculativeRetry... retries) {
        return new TuningReadPath(ReadFanout.TARGETED, List.of(retries), repair, ReplicaChoice.random());
    }

    private static List<TuningResult.Candidate> all(TuningResult result) {
        List<TuningResult.Candidate> all = new ArrayList<>(result.feasible());
        all.addAll(result.rejected());
        return all;
    }

    private static TuningResult.Candidate find(TuningResult result, int r, int w, SpeculativeRetry retry) {
        return all(result).stream()
                .filter(candidate -> candidate.configuration().r() == r
                        && candidate.configuration().w() == w
                        && candidate.speculativeRetry().equals(retry))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void severalSettings_everyRAndWIsACandidateWithEachSetting() {
        TuningResult result = tune(ONE_SLOW_REPLICA, targeted(ReadRepair.OFF, NONE, ALWAYS), Objective.SUM);

        assertThat(all(result)).hasSize(2 * 9);
        assertThat(all(result))
                .filteredOn(candidate -> candidate.speculativeRetry().equals(NONE))
                .hasSize(9);
        assertThat(all(result))
                .filteredOn(candidate -> candidate.speculativeRetry().equals(ALWAYS))
                .hasSize(9);
        assertThat(result.rejected()).isEmpty();
    }

    @Test
    void always_oneSlowReplica_readsFasterThanNone() {
        TuningResult result = tune(ONE_SLOW_REPLICA, targeted(ReadRepair.OFF, NONE, ALWAYS), Objective.parse("read"));

        for (int r = 1; r <= 2; r++) {
            // Without speculation a third (R = 1) or two thirds (R = 2) of reads ask replica 0: 40 ms.
            assertThat(find(result, r, 1, NONE).metrics().readLatencyMillis(99.9))
                    .as("R=%d without speculation", r)
                    .isCloseTo(40, within(0.1));
            // Asking one more at once, the first R answers never include replica 0's: 2 ms.
            assertThat(find(result, r, 1, ALWAYS).metrics().readLatencyMillis(99.9))
                    .as("R=%d, ALWAYS", r)
                    .isCloseTo(2, within(0.01));
        }
        TuningResult.Candidate best = result.feasible().get(0);
        assertThat(best.speculativeRetry()).isEqualTo(ALWAYS);
        assertThat(best.configuration().r()).isEqualTo(1);
    }

    @Test
    void speculationRequirement_rejectsAlwaysBelowNAndKeepsNone() {
        TuningResult result =
                tune(ONE_SLOW_REPLICA, targeted(ReadRepair.OFF, NONE, ALWAYS), Objective.SUM, "speculation<=0.05");

        assertThat(result.feasible())
                .allSatisfy(candidate -> assertThat(candidate.speculativeRetry().equals(NONE)
                                || candidate.configuration().r() == 3)
                        .isTrue());
        assertThat(result.feasible())
                .filteredOn(candidate -> candidate.speculativeRetry().equals(NONE))
                .hasSize(9);
        assertThat(result.rejected()).hasSize(6).allSatisfy(candidate -> {
            assertThat(candidate.speculativeRetry()).isEqualTo(ALWAYS);
            assertThat(candidate.configuration().r()).isLessThan(3);
            assertThat(candidate.metrics().speculatedFraction()).isEqualTo(1);
            assertThat(candidate.violations()).containsExactly("speculation=1 > 0.05");
        });
        // R = N leaves no replica to ask: ALWAYS never speculates there.
        assertThat(find(result, 3, 1, ALWAYS).metrics().speculatedFraction()).isZero();
    }

    @Test
    void repairRequirement_blockingRepair_rejectsReadsThatMixFreshAndStaleAnswers() {
        TuningResult result =
                tune(ONE_FRESH_REPLICA, targeted(ReadRepair.BLOCKING, NONE), Objective.SUM, "repair@10ms<=0.01");

        // W = 1: R = 2 reads replica 0 (fresh) with a stale one two times in three; R = 3 always.
        TuningResult.Candidate twoOne = find(result, 2, 1, NONE);
        assertThat(twoOne.metrics().repairedAt(10)).isCloseTo(2.0 / 3, within(0.015));
        assertThat(twoOne.violations()).singleElement().asString().matches("repair@10ms=0\\.6\\d* > 0\\.01");
        assertThat(find(result, 3, 1, NONE).violations()).containsExactly("repair@10ms=1 > 0.01");
        // R = 1 never repairs; W >= 2 commits when every replica has the write.
        assertThat(result.rejected())
                .extracting(candidate -> candidate.configuration().r() * 10
                        + candidate.configuration().w())
                .containsExactlyInAnyOrder(21, 31);
        assertThat(find(result, 1, 1, NONE).metrics().repairedAt(10)).isZero();
    }

    @Test
    void readPathRequirements_withoutSpeculationOrRepair_measureZero() {
        TuningResult result =
                tune(ONE_FRESH_REPLICA, TuningReadPath.PAPER, Objective.SUM, "speculation<=0", "repair@10ms<=0");

        assertThat(result.rejected()).isEmpty();
        assertThat(result.feasible()).hasSize(9).allSatisfy(candidate -> {
            assertThat(candidate.speculativeRetry()).isEqualTo(NONE);
            assertThat(candidate.metrics().speculatedFraction()).isZero();
            assertThat(candidate.metrics().repairedAt(10)).isZero();
        });
    }

    @Test
    void readPath_speculationWithoutTargetedReadsOrRepeatedSettings_isRefused() {
        assertThatThrownBy(() -> new TuningReadPath(
                        ReadFanout.ALL, List.of(NONE, ALWAYS), ReadRepair.OFF, ReplicaChoice.random()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ALWAYS needs the targeted read fan-out");
        assertThatThrownBy(() -> targeted(ReadRepair.OFF, ALWAYS, SpeculativeRetry.parse("always")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("distinct");
        assertThatThrownBy(() -> targeted(ReadRepair.OFF))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 1 and 8");
    }
}
