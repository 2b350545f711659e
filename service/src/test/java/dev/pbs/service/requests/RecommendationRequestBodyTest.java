package dev.pbs.service.requests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.service.api.RecommendationRequestBody;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The documented request body (api.RecommendationRequestBody) names exactly the fields the parser accepts. */
class RecommendationRequestBodyTest {

    @Test
    void documentedFields_areTheFieldsTheParserAccepts() {
        String[] documented = Arrays.stream(RecommendationRequestBody.class.getRecordComponents())
                .map(RecordComponent::getAccessor)
                .map(accessor -> accessor.getAnnotation(JsonProperty.class).value())
                .toArray(String[]::new);

        assertThat(documented).containsExactlyInAnyOrderElementsOf(RecommendationRequestReader.FIELDS);
    }
}
