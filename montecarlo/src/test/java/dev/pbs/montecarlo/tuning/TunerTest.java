package dev.pbs.montecarlo.tuning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TunerTest {

    private static final Tuner TUNER = new Tuner();

    private static TuningResult tune(
            LatencyProfile profile, int smallestN, int largestN, Objective objective, String... requirements) {
        return TUNER.tune(new TuningSpec(
                profile,
                smallestN,
                largestN,
                java.util.Arrays.stream(requirements)
                        .map(RequirementParser::parse)
                        .toList(),
                objective,
                false,
                200_000,
                42,
                2));
    }

    @Test
    void ymmr_windowWithin250ms_ranksTwoOneFirstAndRejectsOneOneWithItsWindow() {
        TuningResult result =
                tune(BuiltInProfiles.named("ymmr").orElseThrow(), 3, 3, Objective.SUM, "window@0.999<=250ms");

        TuningResult.Candidate first = result.feasible().get(0);
        assertThat(List.of(first.configuration().r(), first.configuration().w()))
                .containsExactly(2, 1);
        TuningResult.Candidate oneOne = result.rejected().stream()
                .filter(candidate -> candidate.configuration().r() == 1
                        && candidate.configuration().w() == 1)
                .findFirst()
                .orElseThrow();
        assertThat(oneOne.violations())
                .singleElement()
                .asString()
                .startsWith("window@0.999=")
                .endsWith("> 250ms");
    }

    @Test
    void strictConfigurations_alwaysMeetAnyWindowRequirement() {
        TuningResult result = tune(
                BuiltInProfiles.named("lnkd-disk").orElseThrow(),
                2,
                4,
                Objective.SUM,
                "window@0.9999<=0ms",
                "consistency@0ms>=1");

        assertThat(result.feasible())
                .isNotEmpty()
                .allSatisfy(candidate ->
                        assertThat(candidate.configuration().isStrict()).isTrue());
        assertThat(result.rejected())
                .allSatisfy(candidate ->
                        assertThat(candidate.configuration().isStrict()).isFalse());
        assertThat(result.feasible().size() + result.rejected().size()).isEqualTo(4 + 9 + 16);
    }

    @Test
    void writeFloor_excludesEveryConfigurationWithOneWriteAcknowledgement() {
        TuningResult result = tune(BuiltInProfiles.named("lnkd-ssd").orElseThrow(), 3, 5, Objective.SUM, "w>=2");

        assertThat(result.feasible())
                .isNotEmpty()
                .allSatisfy(
                        candidate -> assertThat(candidate.configuration().w()).isGreaterThanOrEqualTo(2));
        assertThat(result.rejected()).allSatisfy(candidate -> {
            assertThat(candidate.configuration().w()).isEqualTo(1);
            assertThat(candidate.violations()).containsExactly("w=1 < 2");
        });
    }

    @Test
    void ranking_constantDelaysPerReplica_ordersByTheObjective() {
        // Replica i (0, 1, 2) answers reads in 2(i+1) ms and acknowledges writes in 10(i+1) ms, so
        // read latency is 2R and write latency 10W: sum = 2R + 10W, read alone = 2R.
        List<DelayOverrides> replicas = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            replicas.add(new DelayOverrides(
                    Constant.of(5 * (i + 1)), Constant.of(5 * (i + 1)), Constant.of(i + 1), Constant.of(i + 1)));
        }
        LatencyProfile profile = LatencyProfile.builder("ladder")
                .provenance("test, ms")
                .defaults(MessageDelays.all(Constant.of(1)))
                .replicaOverrides(replicas)
                .build();

        TuningResult bySum = tune(profile, 3, 3, Objective.SUM, "r>=1");
        TuningResult byRead = tune(profile, 3, 3, Objective.parse("read"), "r<=2");

        assertThat(bySum.feasible())
                .extracting(candidate -> candidate.configuration().r() * 10
                        + candidate.configuration().w())
                .containsExactly(11, 21, 31, 12, 22, 32, 13, 23, 33);
        assertThat(bySum.feasible().get(0).score()).isCloseTo(12, org.assertj.core.api.Assertions.within(0.02));
        assertThat(byRead.feasible())
                .extracting(candidate -> candidate.configuration().r() * 10
                        + candidate.configuration().w())
                .containsExactly(11, 12, 13, 21, 22, 23);
        assertThat(byRead.rejected())
                .extracting(candidate -> candidate.configuration().r())
                .containsOnly(3);
    }

    @Test
    void objective_parse_rejectsNonsense() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Objective.parse("mix:2"))
                .hasMessageContaining("[0, 1]");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Objective.parse("fastest"))
                .hasMessageContaining("read, write, sum or mix");
        assertThat(Objective.parse("mix:0.9").readWeight()).isEqualTo(0.9);
    }

    @Test
    void frontier_holdsNoDominatedCandidate() {
        TuningResult result = tune(BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3, 3, Objective.SUM);

        assertThat(result.frontier()).isNotEmpty();
        // R=3, W=3 is slower to read and write than R=2, W=2 with the same zero window.
        assertThat(result.frontier())
                .noneMatch(candidate -> candidate.configuration().r() == 3
                        && candidate.configuration().w() == 3);
    }
}
