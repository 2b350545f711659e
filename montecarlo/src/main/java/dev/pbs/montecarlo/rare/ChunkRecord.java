package dev.pbs.montecarlo.rare;

import java.util.Arrays;

/**
 * One chunk's trials as {@link TiltedTrials} left them, for adding to the totals in chunk order:
 * each trial's weight and, per configuration, its threshold's location (its {@link
 * WeightedThresholds} position in the low 16 bits, its grid cell + 1 above them, 0 for none).
 */
final class ChunkRecord {

    private static final int POSITION_BITS = 16;
    private static final int POSITION_MASK = (1 << POSITION_BITS) - 1;

    final double[] weight;
    /** location[c][trial]. */
    final int[][] location;

    int trials;

    ChunkRecord(int configurations, int capacity) {
        weight = new double[capacity];
        location = new int[configurations][capacity];
    }

    /** A threshold's location: its position, and its grid cell (the first g with grid[g] >= t*) when t* > 0. */
    static int location(double thresholdMillis, double[] grid) {
        int position = WeightedThresholds.positionOf(thresholdMillis);
        if (position == WeightedThresholds.AT_ONCE) {
            return position;
        }
        int found = Arrays.binarySearch(grid, thresholdMillis);
        int cell = found >= 0 ? found : -found - 1;
        return position | ((cell + 1) << POSITION_BITS);
    }

    static int position(int location) {
        return location & POSITION_MASK;
    }

    /** The grid cell, or -1 for none (t* <= 0). */
    static int cell(int location) {
        return (location >>> POSITION_BITS) - 1;
    }
}
