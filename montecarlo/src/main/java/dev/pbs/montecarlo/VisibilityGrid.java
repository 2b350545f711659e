package dev.pbs.montecarlo;

/**
 * The times after commit at which P(consistent) is counted exactly, with a table from {@link
 * DelayHistogram} buckets to grid cells so that most thresholds find their cell without a search.
 */
final class VisibilityGrid {

    /** Ascending, distinct, ms. */
    final double[] times;
    /**
     * For each bucket, the grid cell of every value in it ({@code g} with {@code times[g-1] < t <=
     * times[g]}), or {@code -(g + 1)} when a grid time falls inside the bucket and values must be
     * compared from cell g on.
     */
    private final int[] cellOfBucket;

    VisibilityGrid(double[] times) {
        this.times = times;
        cellOfBucket = new int[DelayHistogram.BUCKETS];
        int first = 0;
        for (int bucket = 0; bucket < DelayHistogram.BUCKETS; bucket++) {
            double low = DelayHistogram.lowerBound(bucket);
            double high = DelayHistogram.lowerBound(bucket + 1);
            while (first < times.length && times[first] < low) {
                first++;
            }
            boolean wholeBucket = first == times.length || times[first] >= high;
            cellOfBucket[bucket] = wholeBucket ? first : -(first + 1);
        }
    }

    /**
     * The grid cell of a positive time in a given bucket: the first g with {@code times[g] >= t},
     * or {@code times.length} beyond the grid.
     */
    int cell(int bucket, double millis) {
        int cell = 0;
        if (bucket >= 0 && bucket < DelayHistogram.BUCKETS) {
            cell = cellOfBucket[bucket];
            if (cell >= 0) {
                return cell;
            }
            cell = -cell - 1;
        }
        while (cell < times.length && times[cell] < millis) {
            cell++;
        }
        return cell;
    }
}
