package dev.pbs.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProfileCatalogTest {

    @Test
    void names_builtIns_listsThePapersFourProfilesAndEc2ThreeRegionsInOrder() {
        assertThat(ProfileCatalog.names()).containsExactly("lnkd-ssd", "lnkd-disk", "ymmr", "wan", "ec2-three-regions");
    }

    @Test
    void require_knownName_returnsThatProfile() {
        assertThat(ProfileCatalog.require("ymmr").name()).isEqualTo("ymmr");
    }

    @Test
    void require_unknownName_listsKnownNames() {
        assertThatThrownBy(() -> ProfileCatalog.require("lnkd-tape"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "unknown profile 'lnkd-tape'; known profiles: lnkd-ssd, lnkd-disk, ymmr, wan, ec2-three-regions");
    }
}
