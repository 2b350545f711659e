package dev.pbs.model.quorum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Cassandra's level names: ONE, TWO, THREE, QUORUM = floor(N/2) + 1, ALL (model note section 1). */
class ConsistencyLevelTest {

    @ParameterizedTest(name = "{0} with N={1} is {2}")
    @CsvSource({
        "ONE, 1, 1", "ONE, 5, 1", "TWO, 2, 2", "TWO, 7, 2", "THREE, 3, 3", "THREE, 9, 3",
        "QUORUM, 1, 1", "QUORUM, 2, 2", "QUORUM, 3, 2", "QUORUM, 4, 3", "QUORUM, 5, 3", "QUORUM, 6, 4",
        "QUORUM, 100, 51", "ALL, 1, 1", "ALL, 3, 3", "ALL, 12, 12"
    })
    void resolve_levelName_isTheCassandraReplicaCount(String level, int n, int replicas) {
        assertThat(ConsistencyLevel.resolve("R", level, n)).isEqualTo(replicas);
        assertThat(ConsistencyLevel.valueOf(level).replicas(n)).isEqualTo(replicas);
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"quorum", "Quorum", "qUoRuM", " QUORUM ", "\tquorum\n"})
    void resolve_anyCaseAndSurroundingSpace_isAccepted(String text) {
        assertThat(ConsistencyLevel.resolve("W", text, 5)).isEqualTo(3);
    }

    @Test
    void resolve_numbers_areTakenAsReplicaCounts() {
        assertThat(ConsistencyLevel.resolve("R", "1", 3)).isEqualTo(1);
        assertThat(ConsistencyLevel.resolve("R", " 3 ", 3)).isEqualTo(3);
    }

    @Test
    void resolve_threeWithTwoReplicas_isRejectedSayingHowManyReplicasThatIs() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ConsistencyLevel.resolve("R", "THREE", 2))
                .withMessage("R must be between 1 and N=2, was THREE (3 replicas)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ConsistencyLevel.resolve("W", "two", 1))
                .withMessage("W must be between 1 and N=1, was two (2 replicas)");
    }

    @ParameterizedTest(name = "{0} with N={1} is {2}")
    @CsvSource({"LOCAL_ONE, 3, 1", "LOCAL_QUORUM, 3, 2", "EACH_QUORUM, 5, 3", "LOCAL_QUORUM, 1, 1"})
    void resolve_datacenterLevelsInOneDatacenter_areThePlainOnes(String level, int n, int replicas) {
        // Model note section 7: a single-datacenter topology makes LOCAL_X identical to X.
        assertThat(ConsistencyLevel.resolve("W", level, n)).isEqualTo(replicas);
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"MOST", "LOCAL_SERIAL", "ONE!", "1.5", "two replicas", "QUORUMS"})
    void resolve_garbage_isRejectedListingTheNames(String text) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ConsistencyLevel.resolve("R", text, 3))
                .withMessage(
                        "R must be a number or one of ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM, was '"
                                + text + "'");
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"0", "-1", "4", "2147483647"})
    void resolve_numberOutsideOneToN_isRejectedNamingIt(String text) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ConsistencyLevel.resolve("W", text, 3))
                .withMessage("W must be between 1 and N=3, was " + text);
    }

    @Test
    void resolve_missingText_isRejectedNamingTheRole() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ConsistencyLevel.resolve("R", null, 3))
                .withMessage("R is missing");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ConsistencyLevel.resolve("W", "  ", 3))
                .withMessage("W is missing");
    }
}
