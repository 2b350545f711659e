package dev.pbs.formats.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.UncheckedIOException;

/**
 * The one Jackson configuration of pbs: how the command line prints {@code --format json}, how
 * profile files are written and read, and (applied to Dropwizard's own mapper) how the REST
 * service writes its answers.
 *
 * <ul>
 *   <li>Writing: indented; every property of a record is written, {@code null} included, unless the
 *       record marks it {@code @JsonInclude(NON_NULL)}; doubles at full precision (whole numbers
 *       where a field says so, with {@link WholeNumbers}).</li>
 *   <li>Reading: strict about the text: a field named twice in one object, or anything after the
 *       document, is an error.</li>
 * </ul>
 */
public final class JsonMapping {

    private static final ObjectMapper MAPPER = configure(new ObjectMapper());

    private JsonMapping() {}

    /**
     * Applies the settings to a mapper, such as Dropwizard's {@code bootstrap.getObjectMapper()}.
     *
     * @return the same mapper
     */
    public static ObjectMapper configure(ObjectMapper mapper) {
        mapper.enable(SerializationFeature.INDENT_OUTPUT);
        mapper.setSerializationInclusion(JsonInclude.Include.ALWAYS);
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        mapper.getFactory().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        return mapper;
    }

    /** The configured mapper; do not reconfigure it. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Builds the serializers of a type (and of the records it holds) before its first writing,
     * for example on another thread while the answer is computed: finding them by reflection
     * takes a cold process about a hundred milliseconds, which the first write would otherwise
     * wait for. Writing is the same either way.
     */
    public static void prepare(Class<?> type) {
        try {
            MAPPER.getSerializerProviderInstance().findTypedValueSerializer(type, true, null);
        } catch (JsonMappingException problem) {
            throw new UncheckedIOException(problem);
        }
    }

    /** The indented JSON text of a record (or tree), ending in a line separator. */
    public static String text(Object value) {
        try {
            return MAPPER.writeValueAsString(value) + System.lineSeparator();
        } catch (JsonProcessingException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }

    /**
     * The JSON text on one line with every character beyond ASCII escaped, for answers written
     * where the character set is not certain (Jetty's own error pages).
     */
    public static String asciiLine(Object value) {
        try {
            return MAPPER.writer()
                    .without(SerializationFeature.INDENT_OUTPUT)
                    .with(JsonWriteFeature.ESCAPE_NON_ASCII)
                    .writeValueAsString(value);
        } catch (JsonProcessingException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }

    /** A record as a JSON tree, exactly as {@link #text} writes it. */
    public static <T extends JsonNode> T tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /** Parses JSON text strictly. */
    public static JsonNode readTree(String json) throws JsonProcessingException {
        return MAPPER.readTree(json);
    }
}
