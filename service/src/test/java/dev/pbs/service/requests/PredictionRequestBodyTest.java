package dev.pbs.service.requests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.formats.json.JsonMapping;
import dev.pbs.questions.InvalidQuestionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The body of a prediction as Jackson reads it: the record's fields, of the types its OpenAPI
 * schema gives, and a message naming the field and its problem otherwise.
 */
class PredictionRequestBodyTest {

    private static PredictionRequestBody read(String json) throws Exception {
        return JsonMapping.mapper().readValue(json, PredictionRequestBody.class);
    }

    @Test
    void everyKindOfField_isReadAsItsSchemaSays() throws Exception {
        PredictionRequestBody body = read("""
                {"profile": "lnkd-disk", "n": 3, "r": "QUORUM", "w": 1, "t_ms": [0, 5.5], "k": [1, 2],
                 "stale_probabilities": true, "write_level": "LOCAL_QUORUM", "read_dc": ["dc1", "dc2"],
                 "coordinator_replica_share": {"writes": 0.5, "reads": 0.25}, "faulty_replicas": [1, 3],
                 "pause_every_ms": 2000, "healthy": false}""");

        assertThat(body.n()).isEqualTo(3L);
        assertThat(body.r()).isEqualTo("QUORUM");
        assertThat(body.w()).isEqualTo("1");
        assertThat(body.tMillis()).containsExactly(0.0, 5.5);
        assertThat(body.versionsBehind()).containsExactly(1, 2);
        assertThat(body.staleProbabilities()).isTrue();
        assertThat(body.writeLevels()).containsExactly("LOCAL_QUORUM");
        assertThat(body.readDatacenters()).containsExactly("dc1", "dc2");
        assertThat(body.coordinatorReplicaShare()).containsExactly(0.5, 0.25);
        assertThat(body.faultyReplicas()).containsExactly(1, 3);
        assertThat(body.pauseEveryMillis()).isEqualTo(2000.0);
        assertThat(body.healthy()).isFalse();
        assertThat(body.coordinatorReplica()).isNull();
        assertThat(read("{\"profile\": \"ymmr\", \"coordinator_replica_share\": 0.67}")
                        .coordinatorReplicaShare())
                .containsExactly(0.67, 0.67);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {"profile": "ymmr", "x": 1}              | unknown field 'x'; known fields: coordinator_replica,
            {"n": "3"}                               | 'n' must be a whole number, was "3"
            {"r": 1.5}                               | 'r' must be a number or one of
            {"t_ms": 5}                              | 't_ms' must be an array of numbers, was 5
            {"t_ms": [0, "5"]}                       | 't_ms' must hold only numbers, had "5"
            {"k": [1.5]}                             | 'k' must hold whole numbers, had 1.5
            {"stale_probabilities": "yes"}           | 'stale_probabilities' must be true or false, was "yes"
            {"read_level": 1}                        | 'read_level' must be a string or an array of strings such as "LOCAL_ONE"
            {"coordinator_replica_share": "half"}    | 'coordinator_replica_share' must be a number from 0 to 1 or an object
            {"coordinator_replica_share": {"scans": 1}} | 'coordinator_replica_share' has an unknown field 'scans'
            {"pause_every_ms": "2s"}                 | 'pause_every_ms' must be a finite number, was "2s"
            {"pause_timing": 1}                      | 'pause_timing' must be a string, was 1
            "lnkd-disk"                              | the body must be a JSON object
            """)
    void aFieldOfTheWrongType_isRefusedNamingItAndItsProblem(String json, String message) {
        assertThatThrownBy(() -> read(json))
                .isInstanceOf(InvalidQuestionException.class)
                .hasMessageStartingWith(message);
    }
}
