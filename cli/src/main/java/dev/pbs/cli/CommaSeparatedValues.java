package dev.pbs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Parses comma-separated option values such as {@code --t 0,1,5,10}. Messages name the option and
 * the offending value.
 */
final class CommaSeparatedValues {

    /** Plain decimal numbers: no NaN, no Infinity, no hexadecimal, no type suffixes. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");

    private CommaSeparatedValues() {
    }

    /** Finite decimal numbers. */
    static List<Double> numbers(String option, String text) {
        List<Double> numbers = new ArrayList<>();
        for (String item : items(option, text)) {
            if (!DECIMAL.matcher(item).matches()) {
                throw new IllegalArgumentException(option + ": '" + item + "' is not a number");
            }
            double number = Double.parseDouble(item);
            if (!Double.isFinite(number)) {
                throw new IllegalArgumentException(option + ": '" + item + "' is not a finite number");
            }
            numbers.add(number);
        }
        return numbers;
    }

    /** Whole numbers that fit an int. */
    static List<Integer> wholeNumbers(String option, String text) {
        List<Integer> numbers = new ArrayList<>();
        for (String item : items(option, text)) {
            if (!WHOLE.matcher(item).matches()) {
                throw new IllegalArgumentException(option + ": '" + item + "' is not a whole number");
            }
            try {
                numbers.add(Integer.parseInt(item.startsWith("+") ? item.substring(1) : item));
            } catch (NumberFormatException tooLarge) {
                throw new IllegalArgumentException(option + ": '" + item + "' is too large");
            }
        }
        return numbers;
    }

    private static List<String> items(String option, String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(option + " needs at least one value");
        }
        List<String> items = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            String trimmed = item.trim();
            if (trimmed.isEmpty()) {
                throw new IllegalArgumentException(option + ": empty value in '" + text + "'");
            }
            items.add(trimmed);
        }
        return items;
    }
}
