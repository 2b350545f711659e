package dev.pbs.formats.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one configuration: how records are written, and how strictly JSON text is read. */
class JsonMappingTest {

    record Sample(
            @JsonProperty("name") String name,
            @JsonProperty("nothing") String nothing,

            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("left_out")
            String leftOut,

            @JsonProperty("ratio") double ratio,

            @JsonSerialize(using = WholeNumbers.class) @JsonProperty("t_ms")
            Double tMillis,

            @JsonSerialize(contentUsing = WholeNumbers.class) @JsonProperty("ci95")
            List<Double> ci95) {}

    @Test
    void text_recordInComponentOrder_indentedWithNullsAndWholeNumbers() {
        String text = JsonMapping.text(new Sample("é \"q\"", null, null, 0.5, 5.0, Arrays.asList(2.5, null)));

        assertThat(text)
                .isEqualTo(String.join(
                        System.lineSeparator(),
                        "{",
                        "  \"name\" : \"é \\\"q\\\"\",",
                        "  \"nothing\" : null,",
                        "  \"ratio\" : 0.5,",
                        "  \"t_ms\" : 5,",
                        "  \"ci95\" : [ 2.5, null ]",
                        "}",
                        ""));
    }

    @Test
    void wholeNumbers_fractionsAtFullPrecisionAndNonFiniteAsNull() {
        String text = JsonMapping.asciiLine(
                new Sample("x", null, "kept", 1.0 / 3, Double.POSITIVE_INFINITY, List.of(0x1p53, 0.1)));

        assertThat(text)
                .isEqualTo("{\"name\":\"x\",\"nothing\":null,\"left_out\":\"kept\","
                        + "\"ratio\":0.3333333333333333,\"t_ms\":null,\"ci95\":[9.007199254740992E15,0.1]}");
    }

    @Test
    void asciiLine_escapesEverythingBeyondAscii() {
        assertThat(JsonMapping.asciiLine(List.of("é\u2603"))).isEqualTo("[\"\\u00E9\\u2603\"]");
    }

    @Test
    void tree_isWhatTextWrites() throws Exception {
        Sample sample = new Sample("x", null, null, 0.25, 2.0, List.of(1.0, 1.5));

        assertThat(JsonMapping.text(JsonMapping.tree(sample))).isEqualTo(JsonMapping.text(sample));
    }

    @Test
    void readTree_duplicateFieldOrTrailingText_isRefused() {
        assertThatThrownBy(() -> JsonMapping.readTree("{\"a\": 1, \"a\": 2}"))
                .isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("Duplicate field 'a'");
        assertThatThrownBy(() -> JsonMapping.readTree("{\"a\": 1} {}"))
                .isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("Trailing token");
    }
}
