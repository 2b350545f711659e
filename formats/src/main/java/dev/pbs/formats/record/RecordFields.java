package dev.pbs.formats.record;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fields of one line of a probe record, read strictly: a missing field or a value of the wrong
 * type is a {@link ProbeRecordException} naming the field (the reader adds the line).
 */
final class RecordFields {

    private final JsonNode node;

    RecordFields(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new ProbeRecordException("expected a JSON object");
        }
        this.node = node;
    }

    JsonNode required(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new ProbeRecordException("field \"" + field + "\" is missing");
        }
        return value;
    }

    Optional<JsonNode> optional(String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value);
    }

    String text(String field) {
        JsonNode value = required(field);
        if (!value.isTextual()) {
            throw new ProbeRecordException("field \"" + field + "\" must be text");
        }
        return value.asText();
    }

    long whole(String field) {
        JsonNode value = required(field);
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new ProbeRecordException("field \"" + field + "\" must be a whole number");
        }
        return value.asLong();
    }

    int integer(String field) {
        long value = whole(field);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new ProbeRecordException("field \"" + field + "\" is out of range: " + value);
        }
        return (int) value;
    }

    double number(String field) {
        JsonNode value = required(field);
        if (!value.isNumber()) {
            throw new ProbeRecordException("field \"" + field + "\" must be a number");
        }
        return value.asDouble();
    }

    boolean bool(String field) {
        JsonNode value = required(field);
        if (!value.isBoolean()) {
            throw new ProbeRecordException("field \"" + field + "\" must be true or false");
        }
        return value.asBoolean();
    }

    Instant instant(String field) {
        String text = text(field);
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException bad) {
            throw new ProbeRecordException("field \"" + field + "\" must be a UTC time such as 2026-12-07T10:15:30Z");
        }
    }

    /** Each element of the array {@code field}, as the object fields it holds. */
    List<RecordFields> objects(String field) {
        List<RecordFields> elements = new ArrayList<>();
        for (JsonNode element : array(field)) {
            elements.add(new RecordFields(element));
        }
        return elements;
    }

    JsonNode array(String field) {
        JsonNode value = required(field);
        if (!value.isArray()) {
            throw new ProbeRecordException("field \"" + field + "\" must be an array");
        }
        return value;
    }

    RecordFields object(String field) {
        return new RecordFields(required(field));
    }
}
