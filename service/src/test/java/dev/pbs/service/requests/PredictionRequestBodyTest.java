package dev.pbs.service.requests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.service.api.PredictionRequestBody;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The documented request body (api.PredictionRequestBody) names exactly the fields the parser accepts. */
class PredictionRequestBodyTest {

    @Test
    void documentedFields_areTheFieldsTheParserAccepts() {
        String[] documented = Arrays.stream(PredictionRequestBody.class.getRecordComponents())
                .map(RecordComponent::getAccessor)
                .map(accessor -> accessor.getAnnotation(JsonProperty.class).value())
                .toArray(String[]::new);

        assertThat(documented).containsExactlyInAnyOrderElementsOf(PredictionRequestReader.FIELDS);
    }
}
