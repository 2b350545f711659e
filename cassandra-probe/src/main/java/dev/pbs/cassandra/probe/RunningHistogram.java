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

    /** Everything recorded so far. Readers take turns here; writers never wait. */
    synchronized Histogram totalCopy() {
        interval = recorder.getIntervalHistogram(interval);
        total.add(interval);
        return total.copy();
    }
}
