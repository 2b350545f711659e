package dev.pbs.formats.profile;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Reads the fields of one JSON object strictly: unknown fields, missing required fields and
 * values of the wrong type are {@link ProfileFormatException}s naming the JSON path.
 */
final class JsonObjectReader {

    private static final int MAX_SHOWN_VALUE_LENGTH = 40;

    private final JsonNode node;
    private final String path;

    private JsonObjectReader(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    /**
     * @param path the object's JSON path, empty for the document root
     * @param allowedFields every field the object may have
     */
    static JsonObjectReader of(JsonNode node, String path, String what, List<String> allowedFields) {
        if (node == null || !node.isObject()) {
            throw new ProfileFormatException(path, what + " must be a JSON object, was " + shown(node));
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!allowedFields.contains(name)) {
                throw new ProfileFormatException(
                        child(path, name),
                        "unknown field in " + what + " (allowed: " + String.join(", ", allowedFields) + ")");
            }
        }
        return new JsonObjectReader(node, path);
    }

    /** The path of a field of the object at {@code path}. */
    static String child(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    /** The path of an element of the array at {@code path}. */
    static String element(String path, int index) {
        return path + "[" + index + "]";
    }

    String path() {
        return path;
    }

    String pathOf(String field) {
        return child(path, field);
    }

    boolean has(String field) {
        return node.has(field);
    }

    Optional<JsonNode> optional(String field) {
        return Optional.ofNullable(node.get(field));
    }

    JsonNode required(String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            throw new ProfileFormatException(pathOf(field), "required field is missing");
        }
        return value;
    }

    double requiredNumber(String field) {
        JsonNode value = required(field);
        if (!value.isNumber()) {
            throw new ProfileFormatException(pathOf(field), "must be a number, was " + shown(value));
        }
        return value.doubleValue();
    }

    long requiredWholeNumber(String field) {
        return wholeNumber(required(field), pathOf(field));
    }

    String requiredText(String field) {
        JsonNode value = required(field);
        return text(value, pathOf(field));
    }

    Optional<String> optionalText(String field) {
        return optional(field).map(value -> text(value, pathOf(field)));
    }

    static String text(JsonNode value, String path) {
        if (!value.isTextual()) {
            throw new ProfileFormatException(path, "must be a string, was " + shown(value));
        }
        String text = value.textValue();
        if (!isWellFormed(text)) {
            // A lone surrogate has no UTF-8 form: the saved file would not read back the same.
            throw new ProfileFormatException(
                    path,
                    "must be valid Unicode text, had an unpaired surrogate \\u"
                            + String.format("%04X", (int) firstUnpairedSurrogate(text)));
        }
        return text;
    }

    private static boolean isWellFormed(String text) {
        return firstUnpairedSurrogate(text) == 0;
    }

    /** The first surrogate without its partner, or 0 when there is none. */
    private static char firstUnpairedSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char character = text.charAt(i);
            if (Character.isHighSurrogate(character)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(character)) {
                return character;
            }
        }
        return 0;
    }

    /** An integer, written either as {@code 3} or as {@code 3.0}. */
    static long wholeNumber(JsonNode value, String path) {
        if (value.isIntegralNumber() && value.canConvertToLong()) {
            return value.longValue();
        }
        if (value.isFloatingPointNumber()) {
            double number = value.doubleValue();
            if (number == Math.rint(number) && Math.abs(number) < 0x1p53) {
                return (long) number;
            }
        }
        throw new ProfileFormatException(path, "must be a whole number, was " + shown(value));
    }

    /** A short rendering of a JSON value for messages. */
    static String shown(JsonNode value) {
        if (value == null || value.isMissingNode()) {
            return "nothing";
        }
        String text = value.toString();
        return text.length() <= MAX_SHOWN_VALUE_LENGTH ? text : text.substring(0, MAX_SHOWN_VALUE_LENGTH) + "...";
    }
}
