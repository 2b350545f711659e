package dev.pbs.model.quorum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EchoedTextTest {

    @Test
    void of_shortText_isKeptWhole() {
        assertThat(EchoedText.of("LOCAL_TWO")).isEqualTo("LOCAL_TWO");
        assertThat(EchoedText.of("x".repeat(80))).isEqualTo("x".repeat(80));
    }

    @Test
    void of_longText_keepsItsFirst77CharactersAndAnEllipsis() {
        String echoed = EchoedText.of("y".repeat(100_000));
        assertThat(echoed).hasSize(80).isEqualTo("y".repeat(77) + "...");
    }

    @Test
    void of_controlCharacters_areShownAsQuestionMarks() {
        assertThat(EchoedText.of("ONE\u0000\nTWO")).isEqualTo("ONE??TWO");
    }

    @Test
    void parse_aHugeUnknownLevel_givesAMessageOfBoundedSize() {
        assertThatThrownBy(() -> ConsistencyLevel.parse("write level", "Q".repeat(100_000)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("write level must be one of ONE, TWO")
                .hasMessageEndingWith("...'")
                .satisfies(error -> assertThat(error.getMessage()).hasSizeLessThan(200));
        assertThatThrownBy(() -> ConsistencyLevel.resolve("R", "Q".repeat(100_000), 3))
                .satisfies(error -> assertThat(error.getMessage()).hasSizeLessThan(200));
    }
}
