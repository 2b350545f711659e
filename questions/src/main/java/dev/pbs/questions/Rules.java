package dev.pbs.questions;

import java.math.BigDecimal;
import java.util.List;

/** The checks questions share, each throwing an {@link InvalidQuestionException} worded in one vocabulary. */
final class Rules {

    private final Vocabulary vocabulary;

    Rules(Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
    }

    String name(Field field) {
        return field.in(vocabulary);
    }

    InvalidQuestionException invalid(Field field, String problem) {
        return new InvalidQuestionException(name(field) + " " + problem);
    }

    <T> T required(Field field, T value) {
        if (value == null) {
            throw invalid(field, "is required");
        }
        return value;
    }

    long wholeNumber(Field field, long value, long minimum, long maximum) {
        if (value < minimum || value > maximum) {
            throw invalid(field, "must be between " + minimum + " and " + maximum + ", was " + value);
        }
        return value;
    }

    /** Between 1 and {@link ReportOptions#MAX_VALUES} values. */
    <T> List<T> sized(Field field, List<T> values, int maximum) {
        if (values.isEmpty()) {
            throw invalid(field, "needs at least one value");
        }
        if (values.size() > maximum) {
            throw invalid(field, "may list at most " + maximum + " values, had " + values.size());
        }
        return values;
    }

    double[] timesMillis(Field field, List<Double> times) {
        sized(field, times, dev.pbs.montecarlo.SimulationSpec.MAX_GRID_POINTS);
        double[] grid = new double[times.size()];
        for (int i = 0; i < grid.length; i++) {
            double t = finite(field, times.get(i));
            if (t < 0) {
                throw invalid(field, "must hold times after commit >= 0 ms, had " + text(t));
            }
            grid[i] = t;
        }
        return grid;
    }

    List<Double> probabilities(Field field, List<Double> values) {
        for (Double value : sized(field, values, ReportOptions.MAX_VALUES)) {
            if (!(finite(field, value) > 0 && value <= 1)) {
                throw invalid(field, "must hold probabilities in (0, 1], had " + text(value));
            }
        }
        return values;
    }

    List<Double> percentiles(Field field, List<Double> values) {
        for (Double value : sized(field, values, ReportOptions.MAX_VALUES)) {
            if (!(finite(field, value) > 0 && value <= 100)) {
                throw invalid(field, "must hold percentiles in (0, 100], had " + text(value));
            }
        }
        return values;
    }

    List<Integer> versionsBehind(Field field, List<Long> values) {
        sized(field, values, ReportOptions.MAX_VALUES);
        return values.stream()
                .map(k -> {
                    if (k == null || k < 1 || k > Integer.MAX_VALUE) {
                        throw invalid(field, "must hold whole numbers k >= 1, had " + k);
                    }
                    return (int) (long) k;
                })
                .toList();
    }

    double finite(Field field, Double value) {
        if (value == null || !Double.isFinite(value)) {
            throw invalid(field, "must hold finite numbers, had " + value);
        }
        return value;
    }

    /** A number as people write it: {@code 5}, {@code 0.25}, not {@code 5.0}. */
    static String text(double value) {
        return Double.isFinite(value)
                ? BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()
                : Double.toString(value);
    }
}
