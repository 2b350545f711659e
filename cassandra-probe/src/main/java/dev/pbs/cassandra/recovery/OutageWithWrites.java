package dev.pbs.cassandra.recovery;

import dev.pbs.cassandra.cluster.NodeOutage;
import dev.pbs.cassandra.cluster.OutageTimes;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * One outage of the returned node while writes go on around it: a writer ({@link OutageWriter})
 * starts {@link #LEAD} before the node is stopped (SIGKILL, {@link NodeOutage}) and keeps writing
 * until {@link #close}, through the node's return and whatever is read after it. The writes of the
 * outage are those sent after the node's JVM had exited and before it was started again, and
 * acknowledged: none of them can have reached it directly, so each reaches it by a hint or not at
 * all. Writes made while it was starting are not among them (a node's messaging runs before its CQL
 * port opens, so some of those reach it directly).
 */
final class OutageWithWrites implements AutoCloseable {

    /** The writer's head start before the stop: its first writes and their connections are done. */
    static final Duration LEAD = Duration.ofSeconds(2);

    private final OutageWriter writer;
    private final OutageTimes times;

    private OutageWithWrites(OutageWriter writer, OutageTimes times) {
        this.writer = writer;
        this.times = times;
    }

    /**
     * Starts the writer, stops the node for {@code length}, starts it again and returns once it
     * serves CQL, with the writer still writing. The node is started again however this ends.
     */
    static OutageWithWrites run(
            ReturnedNode returned, Duration length, double writesPerSecond, Consumer<String> progress) {
        NodeOutage outage = new NodeOutage(returned.cluster(), returned.index(), length);
        OutageWriter writer = new OutageWriter(returned, writesPerSecond);
        try {
            writer.start();
            Sleeps.sleep(LEAD.toMillis());
            OutageTimes times = outage.run(progress);
            return new OutageWithWrites(writer, times);
        } catch (RuntimeException | Error failure) {
            writer.close();
            throw failure;
        }
    }

    OutageTimes times() {
        return times;
    }

    /** The writes of the outage proper (see the class comment), in the order they were sent. */
    List<OutageWriter.Write> writesWhileDown() {
        long from = times.stopped().monotonicNanos();
        long to = times.restarted().monotonicNanos();
        return writer.writes().stream()
                .filter(write -> write.acknowledged() && write.sentNanos() >= from && write.sentNanos() < to)
                .sorted(java.util.Comparator.comparingLong(OutageWriter.Write::sentNanos))
                .toList();
    }

    /** What the writer did: writes answered, acknowledged, and not sent for want of room. */
    WriterCounts counts() {
        List<OutageWriter.Write> writes = writer.writes();
        long acknowledged =
                writes.stream().filter(OutageWriter.Write::acknowledged).count();
        return new WriterCounts(writes.size(), acknowledged, writer.notSent());
    }

    /**
     * @param answered writes answered, acknowledged or failed
     * @param acknowledged writes acknowledged at ONE
     * @param notSent writes not sent because too many waited
     */
    record WriterCounts(long answered, long acknowledged, long notSent) {}

    /** Stops the writer. */
    @Override
    public void close() {
        writer.close();
    }
}
