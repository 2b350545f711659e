package dev.pbs.formats.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * Writes a {@code Double} as an integer when it is a whole number ({@code 5}, not {@code 5.0}), as
 * a full-precision double otherwise, and as {@code null} when it is not finite. For inputs echoed
 * back, such as times, percentiles and window levels: {@code @JsonSerialize(using = WholeNumbers.class)}
 * on a field, {@code contentUsing} on a list.
 */
public final class WholeNumbers extends StdSerializer<Double> {

    private static final long serialVersionUID = 1L;
    private static final double LARGEST_EXACT_INTEGER = 0x1p53;

    public WholeNumbers() {
        super(Double.class);
    }

    @Override
    public void serialize(Double value, JsonGenerator generator, SerializerProvider provider) throws IOException {
        double number = value;
        if (!Double.isFinite(number)) {
            generator.writeNull();
        } else if (isWhole(number)) {
            generator.writeNumber((long) number);
        } else {
            generator.writeNumber(number);
        }
    }

    /** A finite value as it is written: null when not finite. */
    public static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }

    private static boolean isWhole(double value) {
        return value == Math.rint(value) && Math.abs(value) < LARGEST_EXACT_INTEGER;
    }
}
