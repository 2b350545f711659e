package dev.pbs.service.requests;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.questions.InvalidQuestionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Typed fields of a JSON request body: each getter checks the JSON type only (a number, a string,
 * an array of numbers) and returns null for an absent field; the question checks the values.
 */
final class JsonFields {

    private final JsonNode body;

    JsonFields(JsonNode body, Set<String> allowed) {
        if (body == null || !body.isObject()) {
            throw new InvalidQuestionException("the body must be a JSON object");
        }
        this.body = body;
        body.fieldNames().forEachRemaining(name -> {
            if (!allowed.contains(name)) {
                throw new InvalidQuestionException("unknown field '" + shorten(name) + "'; known fields: "
                        + String.join(", ", allowed.stream().sorted().toList()));
            }
        });
    }

    boolean has(String name) {
        return body.has(name) && !body.get(name).isNull();
    }

    JsonNode node(String name) {
        return body.get(name);
    }

    Long wholeNumber(String name) {
        if (!has(name)) {
            return null;
        }
        JsonNode node = body.get(name);
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw invalid(name, "must be a whole number, was " + shorten(node.toString()));
        }
        return node.longValue();
    }

    /** A finite number. */
    Double number(String name) {
        if (!has(name)) {
            return null;
        }
        JsonNode node = body.get(name);
        if (!node.isNumber() || !Double.isFinite(node.doubleValue())) {
            throw invalid(name, "must be a finite number, was " + shorten(node.toString()));
        }
        return node.doubleValue();
    }

    String text(String name) {
        if (!has(name)) {
            return null;
        }
        JsonNode node = body.get(name);
        if (!node.isTextual()) {
            throw invalid(name, "must be a string, was " + shorten(node.toString()));
        }
        return node.textValue();
    }

    boolean bool(String name) {
        if (!has(name)) {
            return false;
        }
        JsonNode node = body.get(name);
        if (!node.isBoolean()) {
            throw invalid(name, "must be true or false, was " + shorten(node.toString()));
        }
        return node.booleanValue();
    }

    /** A quorum size: a whole number or a Cassandra level name ({@link ConsistencyLevel#NAMES}). */
    String quorum(String name) {
        if (!has(name)) {
            return null;
        }
        JsonNode node = body.get(name);
        if (node.isIntegralNumber() && node.canConvertToInt()) {
            return Integer.toString(node.intValue());
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        throw invalid(
                name, "must be a number or one of " + ConsistencyLevel.NAMES + ", was " + shorten(node.toString()));
    }

    List<Double> numbers(String name) {
        if (!has(name)) {
            return null;
        }
        JsonNode node = body.get(name);
        if (!node.isArray()) {
            throw invalid(name, "must be an array of numbers, was " + shorten(node.toString()));
        }
        List<Double> values = new ArrayList<>();
        for (JsonNode element : node) {
            if (!element.isNumber()) {
                throw invalid(name, "must hold only numbers, had " + shorten(element.toString()));
            }
            double value = element.doubleValue();
            if (!Double.isFinite(value)) {
                throw invalid(name, "must hold finite numbers, had " + shorten(element.toString()));
            }
            values.add(value);
        }
        return values;
    }

    List<Long> wholeNumbers(String name) {
        List<Double> numbers = numbers(name);
        if (numbers == null) {
            return null;
        }
        List<Long> values = new ArrayList<>();
        for (double value : numbers) {
            if (value != Math.rint(value) || Math.abs(value) > Integer.MAX_VALUE) {
                throw invalid(name, "must hold whole numbers, had " + value);
            }
            values.add((long) value);
        }
        return values;
    }

    /** A string, or an array of strings: null when absent. */
    List<String> textOrTexts(String name, String example) {
        if (has(name) && body.get(name).isTextual()) {
            return List.of(body.get(name).textValue());
        }
        if (has(name) && !body.get(name).isArray()) {
            throw invalid(name, "must be a string or an array of strings such as \"" + example + "\"");
        }
        return texts(name, example);
    }

    /** An array of strings. */
    List<String> texts(String name, String example) {
        if (!has(name)) {
            return null;
        }
        JsonNode list = body.get(name);
        if (!list.isArray()) {
            throw invalid(name, "must be an array of strings such as \"" + example + "\"");
        }
        List<String> values = new ArrayList<>();
        for (JsonNode element : list) {
            if (!element.isTextual()) {
                throw invalid(
                        name, "must hold strings such as \"" + example + "\", had " + shorten(element.toString()));
            }
            values.add(element.textValue());
        }
        return values;
    }

    private static InvalidQuestionException invalid(String name, String problem) {
        return new InvalidQuestionException("'" + name + "' " + problem);
    }

    /** At most 80 printable characters of a value, for messages. */
    static String shorten(String text) {
        String printable = text.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= 80 ? printable : printable.substring(0, 77) + "...";
    }
}
