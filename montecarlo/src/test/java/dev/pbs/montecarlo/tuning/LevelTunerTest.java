package dev.pbs.montecarlo.tuning;

import static dev.pbs.model.quorum.ConsistencyLevel.EACH_QUORUM;
import static dev.pbs.model.quorum.ConsistencyLevel.LOCAL_ONE;
import static dev.pbs.model.quorum.ConsistencyLevel.LOCAL_QUORUM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Level tuning on constant delays, where every figure is known: 1 ms for every message within a
 * datacenter, 10 ms more between datacenters. A write from dc1 commits at LOCAL_QUORUM at 2 ms
 * and reaches dc2's replicas at 11 and 12 ms; at EACH_QUORUM it commits when dc2's second
 * acknowledgement arrives, at 23 ms. A read within its datacenter takes 2 ms.
 */
class LevelTunerTest {

    private static final LevelTuner TUNER = new LevelTuner();
    private static final int DC1 = 0;
    private static final int DC2 = 1;
    private static final int DC3 = 2;

    /** dc1:3, dc2:3, and with {@code edge} a third datacenter dc3 without replicas. */
    private static LatencyProfile profile(boolean edge) {
        List<String> names = edge ? List.of("dc1", "dc2", "dc3") : List.of("dc1", "dc2");
        return LatencyProfile.builder("constant-" + names.size())
                .provenance("test, ms")
                .defaults(MessageDelays.all(Constant.of(1)))
                .topology(DatacenterTopology.named(
                        names, new int[] {0, 0, 0, 1, 1, 1}, Constant.of(10), List.of(), CoordinatorPlacement.RANDOM))
                .build();
    }

    private static List<LevelPair> everyPair() {
        List<LevelPair> pairs = new ArrayList<>();
        for (ConsistencyLevel write : ConsistencyLevel.values()) {
            for (ConsistencyLevel read : ConsistencyLevel.values()) {
                pairs.add(new LevelPair(write, read));
            }
        }
        return pairs;
    }

    private static LevelTuningSpec spec(
            LatencyProfile profile, List<LevelPair> pairs, List<Integer> readDatacenters, String... requirements) {
        return new LevelTuningSpec(
                profile,
                profile.topology().orElseThrow().replicas(),
                pairs,
                DC1,
                readDatacenters,
                Arrays.stream(requirements).map(RequirementParser::parse).toList(),
                Objective.SUM,
                20_000,
                42,
                2);
    }

    private static LevelCandidate find(List<LevelCandidate> candidates, ConsistencyLevel write, ConsistencyLevel read) {
        return candidates.stream()
                .filter(candidate -> candidate.levels().equals(new LevelPair(write, read)))
                .findFirst()
                .orElseThrow(() -> new AssertionError(write + "/" + read + " is not among " + candidates));
    }

    @Test
    void consistentAtCommitEverywhere_localQuorumFailsInDc2Only_andEachQuorumWritesPass() {
        LevelTuningResult result =
                TUNER.tune(spec(profile(false), everyPair(), List.of(DC1, DC2), "consistency@0ms>=1"));

        assertThat(result.feasible().size() + result.rejected().size()).isEqualTo(64);
        LevelCandidate local = find(result.rejected(), LOCAL_QUORUM, LOCAL_QUORUM);
        // Strict in dc1; in dc2 the read at commit (2 ms) reaches replicas that get the write at 11.
        assertThat(local.violations()).containsExactly("reads from dc2: consistency@0ms=0 < 1");
        assertThat(local.readDatacenters().get(0).isFeasible()).isTrue();
        LevelCandidate each = find(result.feasible(), EACH_QUORUM, LOCAL_QUORUM);
        assertThat(each.isStrict()).isTrue();
        // The write waits 23 ms for dc2's second acknowledgement; a local quorum read takes 2 ms.
        assertThat(each.writeLatencyMillis(99.9)).isCloseTo(23, org.assertj.core.data.Offset.offset(0.05));
        assertThat(each.score()).isCloseTo(25, org.assertj.core.data.Offset.offset(0.1));
        for (LevelCandidate candidate : result.feasible()) {
            for (ReadDatacenterResult read : candidate.readDatacenters()) {
                assertThat(read.metrics().consistentAt(0))
                        .as("%s", candidate.levels())
                        .isEqualTo(1.0);
            }
            assertThat(candidate.score())
                    .isEqualTo(candidate.readDatacenters().stream()
                            .mapToDouble(ReadDatacenterResult::score)
                            .max()
                            .orElseThrow());
        }
        for (int i = 1; i < result.feasible().size(); i++) {
            assertThat(result.feasible().get(i).score())
                    .isGreaterThanOrEqualTo(result.feasible().get(i - 1).score());
        }
        assertThat(result.frontier()).isNotEmpty();
    }

    @Test
    void readsFromDc1Only_localQuorumPairIsFeasibleAndCheaperThanEachQuorum() {
        List<LevelPair> pairs =
                List.of(new LevelPair(LOCAL_QUORUM, LOCAL_QUORUM), new LevelPair(EACH_QUORUM, LOCAL_QUORUM));
        LevelTuningResult result = TUNER.tune(spec(profile(false), pairs, List.of(DC1), "consistency@0ms>=1"));

        assertThat(result.rejected()).isEmpty();
        assertThat(result.feasible()).extracting(LevelCandidate::levels).containsExactlyElementsOf(pairs);
        assertThat(result.feasible().get(0).score()).isCloseTo(4, org.assertj.core.data.Offset.offset(0.1));
    }

    @Test
    void localReadLevelWhereNoReplicaIs_failsThereWithTheReasonAndKeepsItsOtherFigures() {
        LatencyProfile profile = profile(true);
        LevelTuningResult result = TUNER.tune(spec(
                profile, List.of(new LevelPair(EACH_QUORUM, LOCAL_ONE)), List.of(DC1, DC2, DC3), "window@0.999<=5ms"));

        LevelCandidate candidate = result.rejected().get(0);
        assertThat(candidate.violations())
                .containsExactly(
                        "reads from dc3: LOCAL_ONE in datacenter dc3 is not possible: it holds no replica of the key");
        assertThat(candidate.readDatacenters())
                .extracting(ReadDatacenterResult::isPossible)
                .containsExactly(true, true, false);
        assertThat(candidate.isPossibleEverywhere()).isFalse();
        assertThat(result.frontier()).isEmpty();
        assertThat(spec(profile, List.of(new LevelPair(EACH_QUORUM, LOCAL_ONE)), List.of(DC1, DC2, DC3))
                        .configurations())
                .hasSize(2);
    }

    @Test
    void spec_refusesAWriteLevelItsDatacenterCannotUse_andAReadLevelNoReadDatacenterCan() {
        LatencyProfile profile = profile(true);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new LevelTuningSpec(
                        profile,
                        profile.topology().orElseThrow().replicas(),
                        List.of(new LevelPair(LOCAL_ONE, LOCAL_ONE)),
                        DC3,
                        List.of(DC1),
                        List.of(),
                        Objective.SUM,
                        1000,
                        1,
                        1))
                .withMessageContaining("LOCAL_ONE in datacenter dc3 is not possible");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> spec(profile, List.of(new LevelPair(LOCAL_ONE, LOCAL_ONE)), List.of(DC3)))
                .withMessage("LOCAL_ONE cannot be read in any of the read datacenters");
    }
}
