package dev.pbs.service.requests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.questions.InvalidQuestionException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The body of a recommendation as Jackson reads it: the record's fields, of the types its OpenAPI
 * schema gives, and a message naming the field and its problem otherwise.
 */
class RecommendationRequestBodyTest {

    private static RecommendationRequestBody read(String json) throws Exception {
        return JsonMapping.mapper().readValue(json, RecommendationRequestBody.class);
    }

    @Test
    void everyField_isReadAsItsSchemaSays() throws Exception {
        RecommendationRequestBody body = read("""
                {"profile_inline": {"name": "x"}, "n": "3..5", "require": ["w>=2"], "objective": "read",
                 "levels": "cassandra", "trials": 1000, "seed": 7, "write_level": "ONE", "read_level": ["ONE", "ALL"],
                 "write_dc": "dc1", "read_dc": ["dc2"], "read_fanout": "targeted", "speculative_retry": "99p",
                 "read_repair": "blocking", "replica_choice": "snitch", "snitch_badness_threshold": 0.5}""");

        assertThat(body.profile()).isNull();
        assertThat(body.profileInline().get("name").textValue()).isEqualTo("x");
        assertThat(body.n()).isEqualTo("3..5");
        assertThat(body.require()).containsExactly("w>=2");
        assertThat(body.trials()).isEqualTo(1000L);
        assertThat(body.writeLevels()).containsExactly("ONE");
        assertThat(body.readLevels()).containsExactly("ONE", "ALL");
        assertThat(body.writeDatacenters()).containsExactly("dc1");
        assertThat(body.speculativeRetry()).containsExactly("99p");
        assertThat(body.snitchBadnessThreshold()).isEqualTo(0.5);
        assertThat(read("{\"profile\": \"ymmr\", \"n\": 3, \"seed\": null}").n())
                .isEqualTo(3L);
        assertThat(read("{\"profile\": \"ymmr\", \"seed\": null}").seed()).isNull();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {"profile": "ymmr", "bogus": 1}      | unknown field 'bogus'; known fields: levels, n, objective, profile,
            {"profile": 3}                       | 'profile' must be a string, was 3
            {"n": 3.5}                           | 'n' must be a whole number, was 3.5
            {"n": [3]}                           | 'n' must be a whole number, was [3]
            {"trials": "1000"}                   | 'trials' must be a whole number, was "1000"
            {"seed": 9223372036854775808}        | 'seed' must be a whole number, was 9223372036854775808
            {"require": "w>=2"}                  | 'require' must be an array of strings such as "window@0.999<=50ms"
            {"require": ["w>=2", 1]}             | 'require' must hold strings such as "window@0.999<=50ms", had 1
            {"write_level": 3}                   | 'write_level' must be a string or an array of strings such as "LOCAL_QUORUM"
            {"read_level": [null]}               | 'read_level' must hold strings such as "LOCAL_ONE", had null
            {"write_dc": true}                   | 'write_dc' must be a string or an array of strings such as "dc1"
            {"speculative_retry": {}}            | 'speculative_retry' must be a string or an array of strings such as "99p"
            {"snitch_badness_threshold": "high"} | 'snitch_badness_threshold' must be a finite number, was "high"
            {"objective": ["sum"]}               | 'objective' must be a string, was ["sum"]
            []                                   | the body must be a JSON object
            null                                 | the body must be a JSON object
            """)
    void aFieldOfTheWrongType_isRefusedNamingItAndItsProblem(String json, String message) {
        assertThatThrownBy(() -> read(json))
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void theDocumentedFields_areTheFieldsRead() {
        List<String> fields = Arrays.stream(RecommendationRequestBody.class.getRecordComponents())
                .map(component -> component
                        .getAccessor()
                        .getAnnotation(JsonProperty.class)
                        .value())
                .sorted()
                .toList();
        assertThatThrownBy(() -> read("{\"bogus\": 1}")).hasMessageEndingWith(String.join(", ", fields));
    }
}
