package dev.pbs.model.quorum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QuorumConfigurationTest {

    @ParameterizedTest(name = "N={0} R={1} W={2}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            0    | 1 | 1 | N must be >= 1, was 0
            -3   | 1 | 1 | N must be >= 1, was -3
            1025 | 1 | 1 | N must be <= 1024, was 1025
            3    | 4 | 1 | R must be between 1 and N=3, was 4
            3    | 0 | 1 | R must be between 1 and N=3, was 0
            3    | 1 | 0 | W must be between 1 and N=3, was 0
            3    | 1 | 4 | W must be between 1 and N=3, was 4
            5    | 2 | -1 | W must be between 1 and N=5, was -1
            """)
    void of_outOfRange_isRejectedNamingTheParameterAndValue(int n, int r, int w, String message) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> QuorumConfiguration.of(n, r, w))
                .withMessage(message);
    }

    @ParameterizedTest(name = "N={0} R={1} W={2} strict={3}")
    @CsvSource({
        "3, 2, 2, true",
        "3, 1, 3, true",
        "3, 3, 1, true",
        "3, 1, 2, false",
        "3, 1, 1, false",
        "3, 2, 1, false",
        "1, 1, 1, true",
        "5, 3, 3, true",
        "5, 2, 3, false",
        "100, 30, 30, false",
        "100, 50, 51, true"
    })
    void isStrict_readPlusWriteAboveN_isStrict(int n, int r, int w, boolean strict) {
        assertThat(QuorumConfiguration.of(n, r, w).isStrict()).isEqualTo(strict);
    }

    @Test
    void of_largestAllowedN_isAccepted() {
        QuorumConfiguration configuration = QuorumConfiguration.of(QuorumConfiguration.MAX_REPLICAS, 1, 1024);
        assertThat(configuration.n()).isEqualTo(1024);
        assertThat(configuration.isStrict()).isTrue();
    }

    @Test
    void parse_levelNamesAndNumbers_resolveAgainstN() {
        assertThat(QuorumConfiguration.parse(3, "ONE", "quorum")).isEqualTo(QuorumConfiguration.of(3, 1, 2));
        assertThat(QuorumConfiguration.parse(5, "2", "ALL")).isEqualTo(QuorumConfiguration.of(5, 2, 5));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> QuorumConfiguration.parse(2, "THREE", "ONE"))
                .withMessageStartingWith("R must be between 1 and N=2");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> QuorumConfiguration.parse(3, "ONE", "many"))
                .withMessageStartingWith("W must be a number or one of");
    }
}
