package dev.pbs.service.openapi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Makes the schema of every pbs record on the wire exact: closed ({@code additionalProperties:
 * false}) and with every property required that the record always writes. Jackson writes every
 * property of a record, {@code null} included, except those marked {@code @JsonInclude(NON_NULL)}
 * (left out when null); a property marked {@code @Schema(requiredMode = NOT_REQUIRED)} (for an
 * array, in its {@code @ArraySchema}'s {@code arraySchema}) may be left out of a request. A record that marks some property {@code REQUIRED} itself (a request body,
 * whose other fields have defaults) keeps the required list it declares. A property that refers to
 * another record's schema and is marked {@code @Schema(nullable = true)} becomes a nullable object
 * around an {@code allOf} of the reference (OpenAPI 3.0 ignores a {@code $ref}'s siblings), and one
 * that refers to a shared schema with {@code @Schema(ref = ...)} an {@code allOf} of it with the
 * field's own description. So the
 * document says exactly what an answer holds, and a test that checks answers against it fails
 * when a record and its schema part.
 */
public final class RecordSchemas implements ModelConverter {

    private static final String PACKAGE = "dev.pbs.";

    /** Adds the converter to swagger's converters, once. */
    static synchronized void register() {
        ModelConverters converters = ModelConverters.getInstance();
        if (converters.getConverters().stream().noneMatch(RecordSchemas.class::isInstance)) {
            converters.addConverter(new RecordSchemas());
        }
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Schema resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> chain) {
        if (!chain.hasNext()) {
            return null;
        }
        Schema schema = chain.next().resolve(type, context, chain);
        Class<?> raw = type.getType() == null
                ? null
                : Json.mapper().constructType(type.getType()).getRawClass();
        if (schema == null || raw == null || !raw.isRecord() || !raw.getName().startsWith(PACKAGE)) {
            return schema;
        }
        Schema model = schema;
        if (schema.get$ref() != null) {
            String name = schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
            model = context.getDefinedModels().get(name);
        }
        if (model != null && model.getProperties() != null) {
            close(model, raw);
        }
        return schema;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void close(Schema model, Class<?> record) {
        model.setAdditionalProperties(Boolean.FALSE);
        Set<String> optional = new HashSet<>();
        boolean declaresRequired = false;
        for (RecordComponent component : record.getRecordComponents()) {
            Method accessor = component.getAccessor();
            if (isOptional(accessor)) {
                optional.add(propertyName(component));
            }
            io.swagger.v3.oas.annotations.media.Schema annotation =
                    accessor.getAnnotation(io.swagger.v3.oas.annotations.media.Schema.class);
            if (annotation != null) {
                declaresRequired |=
                        annotation.requiredMode() == io.swagger.v3.oas.annotations.media.Schema.RequiredMode.REQUIRED;
                Schema property = (Schema) model.getProperties().get(propertyName(component));
                if (property != null && property.get$ref() != null && annotation.nullable()) {
                    model.getProperties()
                            .put(
                                    propertyName(component),
                                    new Schema<>()
                                            .type("object")
                                            .nullable(true)
                                            .description(
                                                    annotation.description().isEmpty()
                                                            ? null
                                                            : annotation.description())
                                            .allOf(List.of(new Schema<>().$ref(property.get$ref()))));
                } else if (property != null
                        && !annotation.ref().isEmpty()
                        && !annotation.description().isEmpty()) {
                    // A field of a shared schema (a name or names, a quorum): its own description too.
                    model.getProperties()
                            .put(
                                    propertyName(component),
                                    new Schema<>()
                                            .description(annotation.description())
                                            .allOf(List.of(new Schema<>().$ref(annotation.ref()))));
                }
            }
        }
        if (declaresRequired) {
            return;
        }
        for (Method method : record.getDeclaredMethods()) {
            JsonProperty property = method.getAnnotation(JsonProperty.class);
            if (property != null && isOptional(method)) {
                optional.add(property.value());
            }
        }
        List<String> required = new ArrayList<>();
        for (Object name : model.getProperties().keySet()) {
            if (!optional.contains((String) name)) {
                required.add((String) name);
            }
        }
        model.setRequired(required.isEmpty() ? null : required);
    }

    private static boolean isOptional(AnnotatedElement element) {
        JsonInclude include = element.getAnnotation(JsonInclude.class);
        if (include != null
                && include.value() != JsonInclude.Include.ALWAYS
                && include.value() != JsonInclude.Include.USE_DEFAULTS) {
            return true;
        }
        io.swagger.v3.oas.annotations.media.Schema schema =
                element.getAnnotation(io.swagger.v3.oas.annotations.media.Schema.class);
        io.swagger.v3.oas.annotations.media.ArraySchema array =
                element.getAnnotation(io.swagger.v3.oas.annotations.media.ArraySchema.class);
        return notRequired(schema) || (array != null && notRequired(array.arraySchema()));
    }

    private static boolean notRequired(io.swagger.v3.oas.annotations.media.Schema schema) {
        return schema != null
                && schema.requiredMode() == io.swagger.v3.oas.annotations.media.Schema.RequiredMode.NOT_REQUIRED;
    }

    private static String propertyName(RecordComponent component) {
        JsonProperty property = component.getAccessor().getAnnotation(JsonProperty.class);
        return property != null && !property.value().isEmpty() ? property.value() : component.getName();
    }
}
