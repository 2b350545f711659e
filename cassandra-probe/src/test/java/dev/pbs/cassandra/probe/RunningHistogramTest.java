package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Values recorded alone, and an operation that ends a stall standing for those the stall kept back. */
class RunningHistogramTest {

    @Test
    void valueWithoutStall_isRecordedOnce() {
        RunningHistogram histogram = new RunningHistogram();
        histogram.record(100_000, 0);
        histogram.record(2_000);
        Histogram total = histogram.totalCopy();
        assertThat(total.getTotalCount()).isEqualTo(2);
        assertThat(total.getMaxValue()).isBetween(99_900L, 100_100L);
    }

    /**
     * A stall of 100 ms at one operation every 20 ms: the operation sent after it waited 100 ms
     * from when the first held-back one was due, and the others 80, 60, 40 and 20 ms.
     */
    @Test
    void valueEndingAStall_standsForTheOperationsHeldBack() {
        RunningHistogram histogram = new RunningHistogram();
        histogram.record(100_000, 20_000);
        Histogram total = histogram.totalCopy();
        assertThat(total.getTotalCount()).isEqualTo(5);
        assertThat(total.getMinValue()).isBetween(19_980L, 20_020L);
        assertThat(total.getValueAtPercentile(50)).isBetween(59_900L, 60_100L);
    }

    @Test
    void clientLatencies_stalledOperation_fillsItsOwnHistogram() {
        ClientLatencies client = new ClientLatencies();
        client.untraced(UntracedKind.READ_AT_ONE_THROUGH_REPLICA, 60_000, 20_000);
        client.untraced(UntracedKind.WRITE_AT_ONE_THROUGH_OTHER, 1_000, 20_000);
        ClientLatencies.Snapshot snapshot = client.snapshot();
        assertThat(snapshot.timed(UntracedKind.READ_AT_ONE_THROUGH_REPLICA).getTotalCount())
                .isEqualTo(3);
        assertThat(snapshot.timed(UntracedKind.WRITE_AT_ONE_THROUGH_OTHER).getTotalCount())
                .isEqualTo(1);
        assertThat(snapshot.timed(UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA).getTotalCount())
                .isZero();
    }
}
