package dev.pbs.model.distribution;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import java.util.random.RandomGenerator;

/**
 * A precomputed inverse survival function {@code x = Q(v)}, {@code v = P(X > x)}, for fast
 * sampling by inversion, with relative error below 1e-5 (where the exact function is that
 * accurate) or absolute error below 2e-6 ms (2 ns).
 *
 * <p>The table is laid out in binary octaves of v, like a floating-point number: octave j covers
 * {@code v in [2^-(j+1), 2^-j)} with {@value #CELLS_PER_OCTAVE} equal cells, and Q is interpolated
 * linearly inside a cell. Cells are therefore narrow relative to v everywhere, including the far
 * tail, where the quantile of a heavy-tailed distribution grows fastest: for a Pareto tail of
 * index alpha the relative interpolation error is below {@code (1/512)^2 (1/alpha)(1 + 1/alpha)/8},
 * 3e-6 for alpha = 0.5. Below {@code v = 2^-}{@value #OCTAVES} (one draw in about 4 x 10^9) Q is
 * evaluated exactly.
 *
 * <p>Linear interpolation fails where Q bends sharply within a cell: at the kinks of a mixture
 * (where a Pareto component's support begins), and near {@code v = 1}, where Q falls to the bottom
 * of the support, often 0, so that a small absolute error is a large relative one. So every cell
 * is checked at its midpoint when the table is built; a cell off by more than {@value #TOLERANCE}
 * there is split into {@value #SUBCELLS} subcells, checked the same way, and a subcell that still
 * fails (the one holding a kink, or the last before {@code v = 1}) is evaluated exactly. A single
 * kink's error peaks at most twice its midpoint error, hence the bound of 1e-5.
 *
 * <p>The cell and the position inside it are read straight from the bits of v, so a lookup costs
 * a few arithmetic operations and two adjacent memory reads.
 *
 * <p>The first {@value #EAGER_OCTAVES} octaves, where all but one draw in 4,096 falls, are built
 * with the table; each further octave when a lookup first falls in it. Every octave costs the
 * same to build (512 cells), so a small run, whose draws never reach most of the tail, builds
 * about a third of the table. Lookups stay lock-free: a cell not yet built holds NaN, as a split
 * cell does, and sends its lookup to the slow path, which builds the octave under a lock.
 */
public final class QuantileTable {

    static final int CELL_BITS = 9;
    static final int CELLS_PER_OCTAVE = 1 << CELL_BITS;
    static final int OCTAVES = 32;
    static final int SUBCELLS = 32;
    /** The largest relative interpolation error allowed at the midpoint of a cell or subcell. */
    static final double TOLERANCE = 4e-6;
    /**
     * An absolute error allowed on top, in ms: a nanosecond, far below any delay that matters,
     * so that cells where Q falls to 0 need not be evaluated exactly.
     */
    static final double ABSOLUTE_TOLERANCE_MILLIS = 1e-6;
    /**
     * At most this many cells of an octave are split; further failing cells are evaluated exactly.
     * Per octave, so that which cells are split does not depend on the order in which octaves are
     * built.
     */
    static final int MAX_SPLIT_CELLS_PER_OCTAVE = 256;

    private static final int MANTISSA_BITS = 52;
    private static final int FRACTION_BITS = MANTISSA_BITS - CELL_BITS;
    private static final long MANTISSA_MASK = (1L << MANTISSA_BITS) - 1;
    private static final long FRACTION_MASK = (1L << FRACTION_BITS) - 1;
    private static final double FRACTION_SCALE = 1.0 / (1L << FRACTION_BITS);

    /** Octaves built with the table; the rest are built when a lookup first falls in them. */
    static final int EAGER_OCTAVES = 12;

    /**
     * A 32-bit draw ({@link #inverseSurvivalOfShortDraw}) is read straight from its bits in the
     * first this many octaves (so always in a table built eagerly, with at least 11 bits for the
     * position in a cell), and drawn again from 64 bits beyond them.
     */
    static final int SHORT_DRAW_OCTAVES = EAGER_OCTAVES;

    static final int SHORT_DRAW_TAIL_BITS = 32 - SHORT_DRAW_OCTAVES;
    /** {@code 1 + u} at or below this: the draw is in the tail. */
    private static final long SHORT_DRAW_TAIL = 1L << SHORT_DRAW_TAIL_BITS;

    /**
     * Per cell: Q at the cell's start and Q's change across it. A split cell holds the index of
     * its first subcell in its octave's subcells (-1: evaluate exactly) and NaN, so that
     * interpolating in it gives NaN; a cell of an octave not yet built holds NaN and NaN.
     */
    private final double[] cells;
    /** Per octave, per subcell of its split cells: Q at its start and the change across it, NaN to evaluate exactly. */
    private final double[][] subcells = new double[OCTAVES][];
    /** Bit j set: octave j is built. Written under the lock after the octave's cells. */
    private volatile int builtOctaves;

    private final double valueAtOne;
    private final DoubleUnaryOperator exactInverseSurvival;

    private QuantileTable(DoubleUnaryOperator exactInverseSurvival) {
        this.exactInverseSurvival = exactInverseSurvival;
        this.cells = new double[2 * OCTAVES * CELLS_PER_OCTAVE];
        Arrays.fill(cells, Double.NaN);
        this.valueAtOne = exactInverseSurvival.applyAsDouble(1.0);
    }

    /** Tabulates the given exact inverse survival function, which must be non-increasing in v. */
    public static QuantileTable tabulate(DoubleUnaryOperator exactInverseSurvival) {
        QuantileTable table = new QuantileTable(exactInverseSurvival);
        synchronized (table) {
            for (int octave = 0; octave < EAGER_OCTAVES; octave++) {
                table.buildOctave(octave);
            }
        }
        return table;
    }

    /** Builds one octave's cells (and subcells) and marks it built; the caller holds the lock. */
    private void buildOctave(int octave) {
        double base = Math.scalb(1.0, -(octave + 1));
        double width = base / CELLS_PER_OCTAVE;
        double[] octaveSubcells = new double[0];
        int octaveSplits = 0;
        double left = exactInverseSurvival.applyAsDouble(base);
        for (int cell = 0; cell < CELLS_PER_OCTAVE; cell++) {
            double start = base + cell * width;
            double right = exactInverseSurvival.applyAsDouble(start + width);
            double middle = exactInverseSurvival.applyAsDouble(start + width / 2);
            int index = 2 * (octave * CELLS_PER_OCTAVE + cell);
            if (isLinear(left, right, middle)) {
                cells[index] = left;
                cells[index + 1] = right - left;
            } else if (octaveSplits < MAX_SPLIT_CELLS_PER_OCTAVE) {
                int first = octaveSplits * SUBCELLS;
                if (octaveSubcells.length < 2 * (first + SUBCELLS)) {
                    octaveSubcells = Arrays.copyOf(octaveSubcells, Math.max(4 * SUBCELLS, 2 * octaveSubcells.length));
                }
                split(exactInverseSurvival, start, width, left, right, octaveSubcells, 2 * first);
                octaveSplits++;
                cells[index] = first;
            } else {
                cells[index] = -1;
            }
            left = right;
        }
        subcells[octave] = Arrays.copyOf(octaveSubcells, 2 * octaveSplits * SUBCELLS);
        builtOctaves |= 1 << octave;
    }

    private synchronized void ensureBuilt(int octave) {
        if ((builtOctaves & (1 << octave)) == 0) {
            buildOctave(octave);
        }
    }

    private static void split(
            DoubleUnaryOperator exact,
            double start,
            double width,
            double left,
            double right,
            double[] subcells,
            int offset) {
        double subwidth = width / SUBCELLS;
        double subleft = left;
        for (int sub = 0; sub < SUBCELLS; sub++) {
            double subright = sub == SUBCELLS - 1 ? right : exact.applyAsDouble(start + (sub + 1) * subwidth);
            double middle = exact.applyAsDouble(start + (sub + 0.5) * subwidth);
            subcells[offset + 2 * sub] = subleft;
            subcells[offset + 2 * sub + 1] = isLinear(subleft, subright, middle) ? subright - subleft : Double.NaN;
            subleft = subright;
        }
    }

    private static boolean isLinear(double left, double right, double middle) {
        double change = right - left;
        return Double.isFinite(change)
                && Math.abs(left + 0.5 * change - middle) <= TOLERANCE * Math.abs(middle) + ABSOLUTE_TOLERANCE_MILLIS;
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
        int index = 2 * (octave * CELLS_PER_OCTAVE + (int) (mantissa >>> FRACTION_BITS));
        double fraction = (mantissa & FRACTION_MASK) * FRACTION_SCALE;
        double result = cells[index] + fraction * cells[index + 1];
        return !Double.isNaN(result) ? result : inSplitCell(index, fraction, survival);
    }

    /**
     * Q(v) from 32 random bits, the usual draw: {@code v = (1 + u) 2^-32}, u the bits read as an
     * unsigned integer, uniform on (0, 1] in steps of {@code 2^-32} when the bits are uniform. The
     * octave, cell and position are read from the bits directly, with the same value as {@link
     * #inverseSurvival(double)} of that v. One draw in {@code 2^}{@value #SHORT_DRAW_OCTAVES}, {@code
     * u < 2^}{@value #SHORT_DRAW_TAIL_BITS} ({@code v <= 2^-}{@value #SHORT_DRAW_OCTAVES}), would have
     * too few bits left for the far tail: v is then drawn again from 64 bits of {@code random},
     * uniform on {@code (0, 2^-}{@value #SHORT_DRAW_OCTAVES}{@code ]} in steps of {@code 2^-65}, so
     * every octave keeps the resolution of a 64-bit draw.
     *
     * @param randomBits 32 random bits, e.g. one half of {@code nextLong()}
     * @param random the generator for the rare draw in the tail
     */
    public double inverseSurvivalOfShortDraw(int randomBits, RandomGenerator random) {
        long scaled = (randomBits & 0xFFFF_FFFFL) + 1;
        if (scaled <= SHORT_DRAW_TAIL) {
            double survival = Math.scalb((double) ((random.nextLong() >>> 11) + 1), -(53 + SHORT_DRAW_OCTAVES));
            return inverseSurvival(survival);
        }
        int leadingZeros = Long.numberOfLeadingZeros(scaled);
        int octave = leadingZeros - 32;
        if (octave < 0) {
            return valueAtOne;
        }
        long afterLeadingOne = scaled << (leadingZeros + 1);
        int index = 2 * (octave * CELLS_PER_OCTAVE + (int) (afterLeadingOne >>> (64 - CELL_BITS)));
        double fraction = ((afterLeadingOne << CELL_BITS) >>> 11) * 0x1.0p-53;
        double result = cells[index] + fraction * cells[index + 1];
        return !Double.isNaN(result) ? result : inSplitCell(index, fraction, scaled * 0x1.0p-32);
    }

    /**
     * The slow path of a lookup whose interpolation gave NaN: a cell not yet built (or not yet
     * seen built by this thread), a split cell, or one evaluated exactly.
     */
    private double inSplitCell(int index, double fraction, double survival) {
        int octave = index / (2 * CELLS_PER_OCTAVE);
        if ((builtOctaves & (1 << octave)) == 0) {
            ensureBuilt(octave);
        }
        // Read after the octave was seen built (a volatile read, or the lock): its final values.
        double start = cells[index];
        double result = start + fraction * cells[index + 1];
        if (!Double.isNaN(result)) {
            return result;
        }
        int first = (int) start;
        if (first >= 0) {
            double[] octaveSubcells = subcells[octave];
            double position = fraction * SUBCELLS;
            int sub = (int) position;
            int subIndex = 2 * (first + sub);
            result = octaveSubcells[subIndex] + (position - sub) * octaveSubcells[subIndex + 1];
            if (!Double.isNaN(result)) {
                return result;
            }
        }
        return exactInverseSurvival.applyAsDouble(survival);
    }
}
