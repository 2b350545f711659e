package dev.pbs.model.distribution;

import java.util.function.DoubleUnaryOperator;

/**
 * A precomputed inverse survival function {@code x = Q(v)}, {@code v = P(X > x)}, for fast
 * sampling by inversion.
 *
 * <p>The table is laid out in binary octaves of v, like a floating-point number: octave j covers
 * {@code v in [2^-(j+1), 2^-j)} with {@value #CELLS_PER_OCTAVE} equal cells, and Q is interpolated
 * linearly inside a cell. Cells are therefore narrow relative to v everywhere, including the far
 * tail, where the quantile of a heavy-tailed distribution grows fastest: for a Pareto tail of
 * index alpha the relative interpolation error is below {@code (1/512)^2 (1/alpha)(1 + 1/alpha)/8},
 * about 1e-6 for alpha = 0.5. Below {@code v = 2^-}{@value #OCTAVES} (one draw in about 10^12) Q is
 * evaluated exactly.
 *
 * <p>The cell and the position inside it are read straight from the bits of v, so a lookup costs
 * a few arithmetic operations and two memory reads.
 */
public final class QuantileTable {

    static final int CELL_BITS = 9;
    static final int CELLS_PER_OCTAVE = 1 << CELL_BITS;
    static final int OCTAVES = 40;

    private static final int NODES_PER_OCTAVE = CELLS_PER_OCTAVE + 1;
    private static final int MANTISSA_BITS = 52;
    private static final int FRACTION_BITS = MANTISSA_BITS - CELL_BITS;
    private static final long MANTISSA_MASK = (1L << MANTISSA_BITS) - 1;
    private static final long FRACTION_MASK = (1L << FRACTION_BITS) - 1;
    private static final double FRACTION_SCALE = 1.0 / (1L << FRACTION_BITS);

    private final double[] nodes;
    private final double valueAtOne;
    private final DoubleUnaryOperator exactInverseSurvival;

    private QuantileTable(double[] nodes, double valueAtOne, DoubleUnaryOperator exactInverseSurvival) {
        this.nodes = nodes;
        this.valueAtOne = valueAtOne;
        this.exactInverseSurvival = exactInverseSurvival;
    }

    /** Tabulates the given exact inverse survival function, which must be non-increasing in v. */
    public static QuantileTable tabulate(DoubleUnaryOperator exactInverseSurvival) {
        double[] nodes = new double[OCTAVES * NODES_PER_OCTAVE];
        for (int octave = 0; octave < OCTAVES; octave++) {
            double base = Math.scalb(1.0, -(octave + 1));
            for (int cell = 0; cell <= CELLS_PER_OCTAVE; cell++) {
                double v = base * (1.0 + (double) cell / CELLS_PER_OCTAVE);
                nodes[octave * NODES_PER_OCTAVE + cell] = exactInverseSurvival.applyAsDouble(v);
            }
        }
        return new QuantileTable(nodes, exactInverseSurvival.applyAsDouble(1.0), exactInverseSurvival);
    }

    /**
     * Q(v) for v in (0, 1].
     *
     * @param survival v, a probability in (0, 1]; 1 - {@code nextDouble()} is one
     */
    public double inverseSurvival(double survival) {
        long bits = Double.doubleToRawLongBits(survival);
        int octave = 1022 - (int) (bits >>> MANTISSA_BITS);
        if (octave < 0) {
            return valueAtOne;
        }
        if (octave >= OCTAVES) {
            return exactInverseSurvival.applyAsDouble(survival);
        }
        long mantissa = bits & MANTISSA_MASK;
        int index = octave * NODES_PER_OCTAVE + (int) (mantissa >>> FRACTION_BITS);
        double fraction = (mantissa & FRACTION_MASK) * FRACTION_SCALE;
        double low = nodes[index];
        return low + fraction * (nodes[index + 1] - low);
    }
}
