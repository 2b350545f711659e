package dev.pbs.service.requests;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import dev.pbs.questions.InvalidQuestionException;
import dev.pbs.service.openapi.ApiDocumentation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How Jackson reads a request body record (one annotated {@code @JsonDeserialize(using =
 * RequestBodyDeserializer.class)}): strictly, with a message that names the field and what was
 * wrong with it. The record is the one definition of the body: its {@code @JsonProperty} names are
 * the fields (any other is refused, naming the known ones), and each field's JSON type is checked,
 * in the order the record declares them, against what its OpenAPI schema says:
 *
 * <ul>
 *   <li>{@code String}, {@code Long}, {@code Double} (finite), {@code Boolean}: a string, a whole
 *       number, a number, true or false;
 *   <li>{@code List<Double>}, {@code List<Integer>}, {@code List<String>}: an array of those;
 *   <li>{@code JsonNode}: any JSON, left to the reader of what it holds (a profile);
 *   <li>{@code @Schema(ref = NAMES_REF)}: a string or an array of strings, as a {@code List<String>};
 *   <li>{@code @Schema(ref = REPLICA_RANGE_REF)}: a whole number (a {@code Long}) or a range (a
 *       {@code String});
 *   <li>{@code @Schema(ref = QUORUM_REF)}: a whole number or a level name, as a {@code String};
 *   <li>{@code @Schema(ref = COORDINATOR_REPLICA_SHARE_REF)}: a number, or an object of the writes'
 *       and the reads', as a {@code List<Double>} of the two.
 * </ul>
 *
 * An absent field, or one given as {@code null}, is null. A string list's message gives the
 * schema's example (an array's, its items' or its own). The values are checked by the question
 * the record is translated into.
 */
public final class RequestBodyDeserializer extends JsonDeserializer<Record> implements ContextualDeserializer {

    private final Class<? extends Record> type;

    public RequestBodyDeserializer() {
        this(null);
    }

    private RequestBodyDeserializer(Class<? extends Record> type) {
        this.type = type;
    }

    @Override
    @SuppressWarnings("unchecked")
    public JsonDeserializer<?> createContextual(DeserializationContext context, BeanProperty property) {
        JavaType target = property != null ? property.getType() : context.getContextualType();
        return new RequestBodyDeserializer((Class<? extends Record>) target.getRawClass());
    }

    @Override
    public Record deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        return read(context.readTree(parser), type);
    }

    /** A JSON {@code null} is no body either. */
    @Override
    public Record getNullValue(DeserializationContext context) {
        throw new InvalidQuestionException("the body must be a JSON object");
    }

    /**
     * @throws InvalidQuestionException naming the first field of the wrong type, or an unknown field
     */
    static <T extends Record> T read(JsonNode body, Class<T> type) {
        RecordComponent[] components = type.getRecordComponents();
        Set<String> names = Arrays.stream(components)
                .map(RequestBodyDeserializer::fieldName)
                .collect(Collectors.toSet());
        JsonFields fields = new JsonFields(body, names);
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            values[i] = value(fields, components[i]);
            types[i] = components[i].getType();
        }
        try {
            return type.getDeclaredConstructor(types).newInstance(values);
        } catch (InvocationTargetException thrown) {
            if (thrown.getCause() instanceof RuntimeException problem) {
                throw problem;
            }
            throw new IllegalStateException(thrown.getCause());
        } catch (ReflectiveOperationException impossible) {
            throw new IllegalStateException("cannot make a " + type.getSimpleName(), impossible);
        }
    }

    private static Object value(JsonFields fields, RecordComponent component) {
        String name = fieldName(component);
        Schema schema = component.getAccessor().getAnnotation(Schema.class);
        String ref = schema == null ? "" : schema.ref();
        if (ref.equals(ApiDocumentation.NAMES_REF)) {
            return fields.textOrTexts(name, example(component));
        }
        if (ref.equals(ApiDocumentation.REPLICA_RANGE_REF)) {
            return fields.has(name) && fields.node(name).isTextual() ? fields.text(name) : fields.wholeNumber(name);
        }
        if (ref.equals(ApiDocumentation.QUORUM_REF)) {
            return fields.quorum(name);
        }
        if (ref.equals(ApiDocumentation.COORDINATOR_REPLICA_SHARE_REF)) {
            return PredictionRequestReader.coordinatorReplicaShare(fields);
        }
        Class<?> type = component.getType();
        if (type == JsonNode.class) {
            return fields.has(name) ? fields.node(name) : null;
        } else if (type == String.class) {
            return fields.text(name);
        } else if (type == Long.class) {
            return fields.wholeNumber(name);
        } else if (type == Double.class) {
            return fields.number(name);
        } else if (type == Boolean.class) {
            return fields.has(name) ? fields.bool(name) : null;
        } else if (type == List.class) {
            Object element = ((ParameterizedType) component.getGenericType()).getActualTypeArguments()[0];
            if (element == Double.class) {
                return fields.numbers(name);
            } else if (element == Integer.class) {
                List<Long> whole = fields.wholeNumbers(name);
                return whole == null ? null : whole.stream().map(Long::intValue).toList();
            } else if (element == String.class) {
                return fields.texts(name, example(component));
            }
        }
        throw new IllegalStateException("no JSON reading for " + component);
    }

    private static String fieldName(RecordComponent component) {
        JsonProperty property = component.getAccessor().getAnnotation(JsonProperty.class);
        if (property == null || property.value().isEmpty()) {
            throw new IllegalStateException(component + " has no @JsonProperty name");
        }
        return property.value();
    }

    /** The example of a string or list field's schema, for messages: its items' when it has items. */
    private static String example(RecordComponent component) {
        ArraySchema array = component.getAccessor().getAnnotation(ArraySchema.class);
        if (array != null && !array.schema().example().isEmpty()) {
            return array.schema().example();
        }
        Schema schema = component.getAccessor().getAnnotation(Schema.class);
        return schema == null ? "" : schema.example();
    }
}
