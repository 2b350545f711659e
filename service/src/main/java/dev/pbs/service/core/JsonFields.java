package dev.pbs.service.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.service.errors.ApiProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reading typed fields of a request body, with messages that name the field and the rule. */
final class JsonFields {

    private final JsonNode body;

    JsonFields(JsonNode body, Set<String> allowed) {
        if (body == null || !body.isObject()) {
            throw ApiProblem.badRequest("the body must be a JSON object");
        }
        this.body = body;
        body.fieldNames().forEachRemaining(name -> {
            if (!allowed.contains(name)) {
                throw ApiProblem.badRequest("unknown field '" + shorten(name) + "'; known fields: "
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

    long wholeNumber(String name, long minimum, long maximum) {
        JsonNode node = body.get(name);
        if (node == null || node.isNull()) {
            throw ApiProblem.badRequest("'" + name + "' is required");
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw ApiProblem.badRequest("'" + name + "' must be a whole number, was " + shorten(node.toString()));
        }
        long value = node.longValue();
        if (value < minimum || value > maximum) {
            throw ApiProblem.badRequest("'" + name + "' must be between " + minimum + " and " + maximum + ", was "
                    + value);
        }
        return value;
    }

    String text(String name) {
        JsonNode node = body.get(name);
        if (!node.isTextual()) {
            throw ApiProblem.badRequest("'" + name + "' must be a string, was " + shorten(node.toString()));
        }
        return node.textValue();
    }

    boolean bool(String name) {
        JsonNode node = body.get(name);
        if (!node.isBoolean()) {
            throw ApiProblem.badRequest("'" + name + "' must be true or false, was " + shorten(node.toString()));
        }
        return node.booleanValue();
    }

    /** A quorum size: a whole number or a Cassandra level name (ONE, TWO, THREE, QUORUM, ALL). */
    String quorum(String name) {
        JsonNode node = body.get(name);
        if (node.isIntegralNumber() && node.canConvertToInt()) {
            return Integer.toString(node.intValue());
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        throw ApiProblem.badRequest("'" + name + "' must be a number or one of ONE, TWO, THREE, QUORUM, ALL, was "
                + shorten(node.toString()));
    }

    List<Double> numbers(String name, int maximumCount) {
        JsonNode node = body.get(name);
        if (!node.isArray()) {
            throw ApiProblem.badRequest("'" + name + "' must be an array of numbers, was " + shorten(node.toString()));
        }
        if (node.size() == 0 || node.size() > maximumCount) {
            throw ApiProblem.badRequest("'" + name + "' must hold 1 to " + maximumCount + " numbers, had "
                    + node.size());
        }
        List<Double> values = new ArrayList<>();
        for (JsonNode element : node) {
            if (!element.isNumber()) {
                throw ApiProblem.badRequest("'" + name + "' must hold only numbers, had " + shorten(element.toString()));
            }
            double value = element.doubleValue();
            if (!Double.isFinite(value)) {
                throw ApiProblem.badRequest("'" + name + "' must hold finite numbers, had " + shorten(element.toString()));
            }
            values.add(value);
        }
        return values;
    }

    List<Integer> wholeNumbers(String name, int maximumCount) {
        List<Integer> values = new ArrayList<>();
        for (double value : numbers(name, maximumCount)) {
            if (value != Math.rint(value) || Math.abs(value) > Integer.MAX_VALUE) {
                throw ApiProblem.badRequest("'" + name + "' must hold whole numbers, had " + value);
            }
            values.add((int) value);
        }
        return values;
    }

    static String shorten(String text) {
        String printable = text.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= 80 ? printable : printable.substring(0, 77) + "...";
    }
}
