package dev.pbs.model.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Profiles, topologies and coordinator placements refuse what they cannot describe, saying why. */
class ProfileValidationTest {

    private static final LatencyDistribution ONE_MS = Constant.of(1);
    private static final MessageDelays DEFAULTS = MessageDelays.all(ONE_MS);

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(
            strings = {"", "  ", "dc:", "dc:x", "dc:1.5", "dc 1", "DC:1", "Random", "local", "dc:1:2", "dc:99999999999"
            })
    void coordinatorPlacementParse_badText_isRejectedQuotingIt(String text) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CoordinatorPlacement.parse(text))
                .withMessageContaining("coordinator must be 'random' or 'dc:K'")
                .withMessageContaining("was '" + text.trim() + "'");
    }

    @Test
    void coordinatorPlacementParse_negativeDatacenter_isRejectedNamingTheValue() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CoordinatorPlacement.parse("dc:-1"))
                .withMessage("coordinator datacenter must be >= 0, was -1");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CoordinatorPlacement.parse(null))
                .withMessage("coordinator placement is missing");
    }

    @Test
    void coordinatorPlacementParse_goodText_roundTripsThroughText() {
        assertThat(CoordinatorPlacement.parse("random")).isEqualTo(CoordinatorPlacement.RANDOM);
        assertThat(CoordinatorPlacement.parse(" random ")).isEqualTo(CoordinatorPlacement.RANDOM);
        assertThat(CoordinatorPlacement.parse("dc:2")).isEqualTo(CoordinatorPlacement.fixed(2));
        assertThat(CoordinatorPlacement.parse(" dc:0 ").fixedDatacenter()).isZero();
        for (CoordinatorPlacement placement :
                List.of(CoordinatorPlacement.RANDOM, CoordinatorPlacement.fixed(0), CoordinatorPlacement.fixed(7))) {
            assertThat(CoordinatorPlacement.parse(placement.text())).isEqualTo(placement);
        }
        assertThat(CoordinatorPlacement.fixed(3).isRandom()).isFalse();
    }

    @Test
    void coordinatorPlacementFixed_negativeDatacenter_isRejectedNamingTheValue() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CoordinatorPlacement.fixed(-1))
                .withMessage("coordinator datacenter must be >= 0, was -1");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new CoordinatorPlacement(-2))
                .withMessage("coordinator datacenter must be >= 0, was -2");
    }

    @Test
    void datacenterTopologyExplicit_negativeDatacenter_isRejectedNamingReplicaAndValue() {
        assertThatIllegalArgumentException()
                .isThrownBy(
                        () -> DatacenterTopology.explicit(new int[] {0, -2, 1}, ONE_MS, CoordinatorPlacement.RANDOM))
                .withMessage("replica_dc[1] must be >= 0, was -2");
    }

    @Test
    void datacenterTopologyExplicit_missingParts_areRejectedNamingThem() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> DatacenterTopology.explicit(new int[0], ONE_MS, CoordinatorPlacement.RANDOM))
                .withMessageContaining("replica_dc")
                .withMessageContaining("was empty");
        assertThatNullPointerException()
                .isThrownBy(() -> DatacenterTopology.explicit(null, ONE_MS, CoordinatorPlacement.RANDOM))
                .withMessage("replica_dc is missing");
        assertThatNullPointerException()
                .isThrownBy(() -> DatacenterTopology.explicit(new int[] {0}, null, CoordinatorPlacement.RANDOM))
                .withMessage("inter_dc_delay is missing");
        assertThatNullPointerException()
                .isThrownBy(() -> DatacenterTopology.onePerReplica(ONE_MS, null))
                .withMessage("coordinator placement is missing");
    }

    @Test
    void datacenterTopologyReplicaDatacenters_otherReplicaCount_isRejectedNamingBoth() {
        DatacenterTopology topology =
                DatacenterTopology.explicit(new int[] {0, 0, 1}, ONE_MS, CoordinatorPlacement.fixed(0));
        assertThat(topology.replicaDatacenters(3)).containsExactly(0, 0, 1);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> topology.replicaDatacenters(5))
                .withMessage("the profile places 3 replicas in datacenters (replica_dc), but N is 5");
    }

    @Test
    void datacenterTopologyExplicit_callerArrayChangedAfterwards_isUnaffected() {
        int[] placement = {0, 1};
        DatacenterTopology topology = DatacenterTopology.explicit(placement, ONE_MS, CoordinatorPlacement.RANDOM);
        placement[0] = 9;
        topology.explicitReplicaDatacenters()[1] = 9;
        assertThat(topology.replicaDatacenters(2)).containsExactly(0, 1);
    }

    @Test
    void latencyProfileBuild_overridesAndPlacementOfDifferentLengths_isRejectedNamingBothCounts() {
        DatacenterTopology threeReplicas =
                DatacenterTopology.explicit(new int[] {0, 1, 2}, ONE_MS, CoordinatorPlacement.RANDOM);
        LatencyProfile.Builder builder = LatencyProfile.builder("mismatch")
                .defaults(DEFAULTS)
                .replicaOverrides(List.of(DelayOverrides.NONE, DelayOverrides.NONE))
                .topology(threeReplicas);
        assertThatIllegalArgumentException()
                .isThrownBy(builder::build)
                .withMessage("the profile has 2 per-replica entries but places 3 replicas in datacenters");
    }

    @Test
    void latencyProfileBuild_missingNameOrDefaults_isRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> LatencyProfile.builder(" ").defaults(DEFAULTS).build())
                .withMessage("profile name is missing");
        assertThatIllegalArgumentException()
                .isThrownBy(
                        () -> LatencyProfile.builder(null).defaults(DEFAULTS).build())
                .withMessage("profile name is missing");
        assertThatNullPointerException()
                .isThrownBy(() -> LatencyProfile.builder("x").build())
                .withMessage("profile default delays are missing");
    }

    @Test
    void requireReplicaCount_profileWithThreeOverrides_acceptsThreeAndRejectsFive() {
        LatencyProfile profile = LatencyProfile.builder("three")
                .defaults(DEFAULTS)
                .replicaOverrides(List.of(
                        DelayOverrides.NONE, DelayOverrides.NONE, new DelayOverrides(Constant.of(9), null, null, null)))
                .build();
        assertThat(profile.fixedReplicaCount()).contains(3);
        profile.requireReplicaCount(3);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> profile.requireReplicaCount(5))
                .withMessage("profile 'three' describes exactly 3 replicas, but N is 5");
        assertThat(profile.delaysOf(2).write()).isEqualTo(Constant.of(9));
        assertThat(profile.delaysOf(2).read()).isEqualTo(ONE_MS);
        assertThat(profile.delaysOf(0)).isEqualTo(DEFAULTS);
    }

    @Test
    void requireReplicaCount_explicitPlacementWithoutOverrides_fixesN() {
        LatencyProfile profile = LatencyProfile.builder("two-dcs")
                .defaults(DEFAULTS)
                .topology(DatacenterTopology.explicit(new int[] {0, 0, 1, 1}, ONE_MS, CoordinatorPlacement.fixed(0)))
                .build();
        assertThat(profile.fixedReplicaCount()).contains(4);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> profile.requireReplicaCount(3))
                .withMessage("profile 'two-dcs' describes exactly 4 replicas, but N is 3");
    }

    @Test
    void requireReplicaCount_noOverridesNoPlacement_acceptsAnyN() {
        LatencyProfile profile =
                LatencyProfile.builder("any").defaults(DEFAULTS).build();
        assertThat(profile.fixedReplicaCount()).isEmpty();
        profile.requireReplicaCount(1);
        profile.requireReplicaCount(1024);
        assertThat(profile.delaysOf(500)).isEqualTo(DEFAULTS);
    }

    @Test
    void messageDelays_missingMessage_isRejectedNamingIt() {
        LatencyDistribution d = Exponential.ofMean(1);
        assertThatNullPointerException()
                .isThrownBy(() -> new MessageDelays(null, d, d, d))
                .withMessageContaining("W");
        assertThatNullPointerException()
                .isThrownBy(() -> new MessageDelays(d, null, d, d))
                .withMessageContaining("A");
        assertThatNullPointerException()
                .isThrownBy(() -> new MessageDelays(d, d, null, d))
                .withMessageContaining("R");
        assertThatNullPointerException()
                .isThrownBy(() -> new MessageDelays(d, d, d, null))
                .withMessageContaining("S");
    }

    @Test
    void toBuilder_copy_equalsTheOriginal() {
        LatencyProfile wan = BuiltInProfiles.named("wan").orElseThrow();
        assertThat(wan.toBuilder().build()).isEqualTo(wan).hasSameHashCodeAs(wan);
        assertThat(wan.toBuilder().provenance("other").build()).isNotEqualTo(wan);
    }
}
