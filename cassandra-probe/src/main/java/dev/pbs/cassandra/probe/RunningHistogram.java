package dev.pbs.cassandra.probe;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Microsecond values recorded without a lock into an HdrHistogram {@link Recorder} (3 significant
 * digits, up to {@link WarsRecorder#HIGHEST_MICROS}); the running total, which only readers touch,
 * gathers its interval histograms.
 */
final class RunningHistogram {

    private final Recorder recorder = new Recorder(WarsRecorder.HIGHEST_MICROS, 3);
    private final Histogram total = new Histogram(WarsRecorder.HIGHEST_MICROS, 3);
    private Histogram interval;

    /** Records one value, which the caller has kept within 0 and {@link WarsRecorder#HIGHEST_MICROS}. */
    void record(long micros) {
        recorder.recordValue(micros);
    }

    /**
     * Records one value of an operation that stood for a stall: the value, then, as the operations
     * due every {@code expectedIntervalMicros} during the stall and never sent would have waited,
     * the value less one interval, less two, and so on while at least one interval (HdrHistogram's
     * correction for coordinated omission). An interval of 0 records the value alone.
     */
    void record(long micros, long expectedIntervalMicros) {
        if (expectedIntervalMicros > 0) {
            recorder.recordValueWithExpectedInterval(micros, expectedIntervalMicros);
        } else {
            recorder.recordValue(micros);
        }
    }

    /** Everything recorded so far. Readers take turns here; writers never wait. */
    synchronized Histogram totalCopy() {
        interval = recorder.getIntervalHistogram(interval);
        total.add(interval);
        return total.copy();
    }
}
