package dev.pbs.model.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Pareto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The paper's production fits, exactly as in Table 3 (paper-table3.csv, with provenance). */
class BuiltInProfilesTest {

    @Test
    void all_builtIns_areLnkdSsdLnkdDiskYmmrWanEc2ThreeRegionsInThatOrder() {
        assertThat(BuiltInProfiles.all())
                .extracting(LatencyProfile::name)
                .containsExactly("lnkd-ssd", "lnkd-disk", "ymmr", "wan", "ec2-three-regions");
    }

    private static LatencyDistribution message(LatencyProfile profile, String message) {
        MessageDelays delays = profile.defaults();
        return switch (message) {
            case "W" -> delays.write();
            case "A" -> delays.acknowledgement();
            case "R" -> delays.read();
            case "S" -> delays.response();
            default -> throw new IllegalArgumentException(message);
        };
    }

    @ParameterizedTest(name = "{0} {1}: {2} Pareto({3}, {4}) + {5} Exp({6})")
    @CsvFileSource(resources = "/dev/pbs/model/profile/paper-table3.csv", numLinesToSkip = 1)
    void defaults_eachMessage_isThePaperTable3Mixture(
            String name,
            String message,
            double paretoWeight,
            double scaleMillis,
            double shape,
            double exponentialWeight,
            double ratePerMillisecond) {
        LatencyProfile profile = BuiltInProfiles.named(name).orElseThrow();
        assertThat(profile.replicaOverrides())
                .as("the same delays on every replica")
                .isEmpty();
        assertThat(message(profile, message)).isInstanceOf(Mixture.class);
        Mixture mixture = (Mixture) message(profile, message);
        assertThat(mixture.components()).hasSize(2);
        Mixture.Component pareto = mixture.components().stream()
                .filter(component -> component.distribution() instanceof Pareto)
                .findFirst()
                .orElseThrow();
        Mixture.Component exponential = mixture.components().stream()
                .filter(component -> component.distribution() instanceof Exponential)
                .findFirst()
                .orElseThrow();
        assertThat(pareto.weight()).isEqualTo(paretoWeight);
        assertThat(((Pareto) pareto.distribution()).scaleMillis()).isEqualTo(scaleMillis);
        assertThat(((Pareto) pareto.distribution()).shape()).isEqualTo(shape);
        assertThat(exponential.weight()).isEqualTo(exponentialWeight);
        assertThat(exponential.distribution()).isEqualTo(Exponential.ofRate(ratePerMillisecond));
        assertThat(exponential.distribution().meanMillis()).isEqualTo(1.0 / ratePerMillisecond);
    }

    @Test
    void lnkdDisk_acknowledgementReadResponse_areTheSsdDistribution() {
        MessageDelays disk = BuiltInProfiles.named("lnkd-disk").orElseThrow().defaults();
        assertThat(disk.write()).isSameAs(BuiltInProfiles.LINKEDIN_DISK_WRITE);
        assertThat(disk.acknowledgement()).isSameAs(BuiltInProfiles.LINKEDIN_SSD);
        assertThat(disk.read()).isSameAs(BuiltInProfiles.LINKEDIN_SSD);
        assertThat(disk.response()).isSameAs(BuiltInProfiles.LINKEDIN_SSD);
    }

    @Test
    void ymmr_provenance_recordsThe335Versus35Discrepancy() {
        String provenance = BuiltInProfiles.named("ymmr").orElseThrow().provenance();
        assertThat(provenance).contains("3.35").contains("alpha=3.5").contains("simulator");
        assertThat(((Pareto) ((Mixture) BuiltInProfiles.YAMMER_WRITE)
                                .components()
                                .get(0)
                                .distribution())
                        .shape())
                .isEqualTo(3.5);
    }

    @Test
    void wan_topology_isOneDatacenterPerReplicaWithConstant75MillisAndRandomCoordinators() {
        LatencyProfile wan = BuiltInProfiles.named("wan").orElseThrow();
        DatacenterTopology topology = wan.topology().orElseThrow();
        assertThat(topology.isOnePerReplica()).isTrue();
        assertThat(topology.interDatacenterDelay()).isEqualTo(Constant.of(75));
        assertThat(BuiltInProfiles.WAN_DELAY_MILLIS).isEqualTo(75.0);
        assertThat(topology.coordinatorPlacement()).isEqualTo(CoordinatorPlacement.RANDOM);
        assertThat(topology.coordinatorPlacement().isRandom()).isTrue();
        assertThat(topology.replicaDatacenters(5)).containsExactly(0, 1, 2, 3, 4);
        assertThat(wan.fixedReplicaCount()).as("any N").isEmpty();
        assertThat(wan.defaults())
                .isEqualTo(BuiltInProfiles.named("lnkd-disk").orElseThrow().defaults());
    }

    @Test
    void nonWanProfiles_haveNoTopology() {
        for (String name : new String[] {"lnkd-ssd", "lnkd-disk", "ymmr"}) {
            assertThat(BuiltInProfiles.named(name).orElseThrow().topology())
                    .as(name)
                    .isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lnkd-ssd", "lnkd-disk", "ymmr", "wan", "ec2-three-regions"})
    void provenance_everyBuiltIn_citesThePaperAndStatesMilliseconds(String name) {
        LatencyProfile profile = BuiltInProfiles.named(name).orElseThrow();
        assertThat(profile.provenance())
                .isNotBlank()
                .containsIgnoringCase("milliseconds")
                .contains("PVLDB 5(8), 2012")
                .contains("Table 3");
        assertThat(profile.description()).isNotBlank();
        assertThat(BuiltInProfiles.isBuiltIn(name)).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lnkd-ssd", "lnkd-disk", "ymmr", "wan"})
    void replicaCount_paperProfiles_takeAnyN(String name) {
        LatencyProfile profile = BuiltInProfiles.named(name).orElseThrow();
        assertThat(profile.fixedReplicaCount()).isEmpty();
        profile.requireReplicaCount(3);
        profile.requireReplicaCount(100);
    }

    @Test
    void named_unknownName_isEmpty() {
        assertThat(BuiltInProfiles.named("LNKD-SSD")).isEmpty();
        assertThat(BuiltInProfiles.named("nope")).isEmpty();
        assertThat(BuiltInProfiles.isBuiltIn("nope")).isFalse();
    }

    @Test
    void all_returnedList_isUnmodifiable() {
        assertThat(BuiltInProfiles.all()).isUnmodifiable();
    }
}
