package dev.pbs.cli;

import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Converts option values to {@code Double} for picocli: plain decimal numbers only (no NaN,
 * Infinity, hexadecimal or type suffixes, which {@link Double#valueOf} would accept).
 */
final class DecimalConverter implements ITypeConverter<Double> {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    @Override
    public Double convert(String text) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            throw new TypeConversionException("an empty value");
        }
        if (!DECIMAL.matcher(trimmed).matches()) {
            throw new TypeConversionException("'" + text + "' is not a number");
        }
        double value = Double.parseDouble(trimmed);
        if (!Double.isFinite(value)) {
            throw new TypeConversionException("'" + text + "' is not a finite number");
        }
        return value;
    }
}
