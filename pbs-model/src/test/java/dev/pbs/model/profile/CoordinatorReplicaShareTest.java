package dev.pbs.model.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.pbs.model.distribution.Constant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The share of operations whose coordinator is a replica: its rules, its words, and the profile's copy. */
class CoordinatorReplicaShareTest {

    @ParameterizedTest(name = "writes {0}")
    @ValueSource(doubles = {-0.01, 1.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void writesOutsideZeroToOne_isRefusedNamingWrites(double writes) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CoordinatorReplicaShare.of(writes, 0.5))
                .withMessage("the share of writes coordinated by a replica must be between 0 and 1, was " + writes);
    }

    @ParameterizedTest(name = "reads {0}")
    @ValueSource(doubles = {-1, 1.0000001, Double.NaN})
    void readsOutsideZeroToOne_isRefusedNamingReads(double reads) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CoordinatorReplicaShare.of(0.5, reads))
                .withMessage("the share of reads coordinated by a replica must be between 0 and 1, was " + reads);
    }

    @Test
    void constantsAndFactories_sayWhatTheyAre() {
        assertThat(CoordinatorReplicaShare.NEVER).isEqualTo(CoordinatorReplicaShare.of(0, 0));
        assertThat(CoordinatorReplicaShare.ALWAYS).isEqualTo(CoordinatorReplicaShare.uniform(1));
        assertThat(CoordinatorReplicaShare.uniform(0.25)).isEqualTo(CoordinatorReplicaShare.of(0.25, 0.25));
        assertThat(CoordinatorReplicaShare.fromFlag(true)).isSameAs(CoordinatorReplicaShare.ALWAYS);
        assertThat(CoordinatorReplicaShare.fromFlag(false)).isSameAs(CoordinatorReplicaShare.NEVER);
        // -0 is 0: equal shares are equal records.
        assertThat(CoordinatorReplicaShare.of(-0.0, -0.0)).isEqualTo(CoordinatorReplicaShare.NEVER);

        assertThat(CoordinatorReplicaShare.NEVER.isNever()).isTrue();
        assertThat(CoordinatorReplicaShare.NEVER.any()).isFalse();
        assertThat(CoordinatorReplicaShare.NEVER.isAlways()).isFalse();
        assertThat(CoordinatorReplicaShare.ALWAYS.isAlways()).isTrue();
        assertThat(CoordinatorReplicaShare.ALWAYS.any()).isTrue();
        assertThat(CoordinatorReplicaShare.ALWAYS.isPartial()).isFalse();
        CoordinatorReplicaShare writesOnly = CoordinatorReplicaShare.of(1, 0);
        assertThat(writesOnly.any()).isTrue();
        assertThat(writesOnly.isNever()).isFalse();
        assertThat(writesOnly.isAlways()).isFalse();
        assertThat(writesOnly.isPartial()).isTrue();
        assertThat(CoordinatorReplicaShare.of(0, 0.001).any()).isTrue();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({
        "0.67, 0.67, coordinators on replicas for 67% of writes and 67% of reads",
        "0.6666666666666666, 0.5, coordinators on replicas for 66.67% of writes and 50% of reads",
        "1, 0, coordinators on replicas for 100% of writes and 0% of reads",
        "0.001, 0.00001, coordinators on replicas for 0.1% of writes and 0.001% of reads",
        "0.99999, 0, coordinators on replicas for 99.999% of writes and 0% of reads"
    })
    void describe_givesBothPercentages(double writes, double reads, String expected) {
        assertThat(CoordinatorReplicaShare.of(writes, reads).describe()).isEqualTo(expected);
    }

    @Test
    void profile_keepsTheMeasuredShare_inEqualityAndCopies() {
        LatencyProfile plain = LatencyProfile.builder("p")
                .defaults(MessageDelays.all(Constant.of(1)))
                .build();
        LatencyProfile measured = plain.toBuilder()
                .coordinatorReplicaShare(CoordinatorReplicaShare.uniform(2.0 / 3))
                .build();

        assertThat(plain.coordinatorReplicaShare()).isEmpty();
        assertThat(measured.coordinatorReplicaShare()).contains(CoordinatorReplicaShare.uniform(2.0 / 3));
        assertThat(measured).isNotEqualTo(plain);
        assertThat(measured.toBuilder().build()).isEqualTo(measured).hasSameHashCodeAs(measured);
        assertThat(measured.toBuilder("q").build().coordinatorReplicaShare())
                .isEqualTo(measured.coordinatorReplicaShare());
        assertThat(measured.toBuilder().coordinatorReplicaShare(null).build()).isEqualTo(plain);
    }
}
