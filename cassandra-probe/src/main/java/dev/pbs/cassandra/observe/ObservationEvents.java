package dev.pbs.cassandra.observe;

import dev.pbs.cassandra.probe.ProbeJournal;
import java.util.ArrayList;
import java.util.List;

/**
 * Counts an observation's events ({@link ObservationEvent}: its writes, reads, round trips and
 * traced reads) in the tallies of their windows, and appends each to the run's journal. The live
 * observation and a replay of its record ({@link dev.pbs.cassandra.record.ProbeReplay}) count
 * through this one class, so both give the same observation; every count is a sum, the same in any
 * order, and the tallies are atomic, so the events of several threads need no lock here. The traced reads are tallied once the
 * observation has ended: they belong to the first window, and so to the whole observation.
 */
public final class ObservationEvents {

    private final ObservationSettings settings;
    private final int writesPerWindow;
    private final ProbeJournal journal;
    private final List<ObservationTallies> windows = new ArrayList<>();
    private final long[] traced;
    private final long[] speculated;
    private final long[] mismatched;
    private final long[] repaired;
    private final long[] askedWatched;
    private Boolean routedToReplicas;

    /**
     * The tallies of an observation that is starting; the start is the first event appended to
     * {@code journal}.
     *
     * @throws IllegalArgumentException when a window would have no write
     */
    public ObservationEvents(ObservationEvent.Started started, ProbeJournal journal) {
        if (started.writesPerWindow() < 1) {
            throw new IllegalArgumentException("a window needs at least one write, was " + started.writesPerWindow());
        }
        this.settings = started.settings();
        this.writesPerWindow = started.writesPerWindow();
        this.journal = journal;
        int points = settings.delaysMillis().length;
        for (int window = 0; window * (long) writesPerWindow < settings.writes(); window++) {
            windows.add(new ObservationTallies(points));
        }
        traced = new long[points];
        speculated = new long[points];
        mismatched = new long[points];
        repaired = new long[points];
        askedWatched = new long[points];
        journal.append(started);
    }

    /** The observation's settings. */
    public ObservationSettings settings() {
        return settings;
    }

    /**
     * Counts one event of the observation, after appending it to the journal.
     *
     * @throws IllegalArgumentException for an event that is not the observation's, or of a write
     *     or grid point the observation does not have
     */
    public void count(ObservationEvent event) {
        journal.append(event);
        if (event instanceof ObservationEvent.Gap gap) {
            talliesOf(gap.write()).roundTrip(gap.clientMicros());
        } else if (event instanceof ObservationEvent.WriteAnswer write) {
            ObservationTallies tallies = talliesOf(write.write());
            tallies.writeCoordinated(write.throughReplica());
            if (write.failed()) {
                tallies.writeFailed();
            } else {
                tallies.writeAcknowledged(write.latencyMicros());
            }
        } else if (event instanceof ObservationEvent.Read read) {
            ObservationTallies tallies = talliesOf(read.write());
            tallies.readCoordinated(read.throughReplica());
            if (read.failed()) {
                tallies.readFailed();
            } else {
                tallies.readAnswered(point(read.point()), read.fresh(), read.lagMicros(), read.latencyMicros());
            }
        } else if (event instanceof ObservationEvent.ReadRoundTrip roundTrip) {
            talliesOf(roundTrip.write()).readRoundTrip(roundTrip.clientMicros());
        } else if (event instanceof ObservationEvent.TracedRead read) {
            countTraced(read);
        } else if (event instanceof ObservationEvent.Ended ended) {
            synchronized (this) {
                routedToReplicas = ended.routedToReplicas();
            }
        } else {
            throw new IllegalArgumentException(
                    "not an event of an observation: " + event.getClass().getSimpleName());
        }
    }

    /** A traced read's trace (left out of the staleness counts); one whose trace was not found counts nowhere. */
    private synchronized void countTraced(ObservationEvent.TracedRead read) {
        if (read.activities().isEmpty()) {
            return;
        }
        int point = point(read.point());
        TracedReads.Seen seen = TracedReads.Seen.of(
                read.activities(),
                settings.readReplicas(),
                settings.keysReplicatedOn().orElse(null));
        traced[point]++;
        speculated[point] += seen.speculated() ? 1 : 0;
        mismatched[point] += seen.mismatched() ? 1 : 0;
        repaired[point] += seen.repaired() ? 1 : 0;
        askedWatched[point] += seen.askedWatched() ? 1 : 0;
    }

    /** Whether the observation's end has been counted. */
    public synchronized boolean ended() {
        return routedToReplicas != null;
    }

    /**
     * What each window saw, in order, once the observation has ended; the first window carries the
     * traced reads.
     *
     * @throws IllegalStateException before the observation's end was counted
     */
    public synchronized List<RawObservation> observations() {
        if (routedToReplicas == null) {
            throw new IllegalStateException("the observation has not ended");
        }
        List<RawObservation> observed = new ArrayList<>();
        for (ObservationTallies window : windows) {
            observed.add(window.observation(settings, routedToReplicas));
        }
        observed.set(
                0,
                observed.get(0)
                        .withReadPathTraces(new ReadPathTally(traced, speculated, mismatched, repaired, askedWatched)));
        return observed;
    }

    private ObservationTallies talliesOf(int write) {
        if (write < 0 || write >= settings.writes()) {
            throw new IllegalArgumentException(
                    "write " + write + " is not one of the observation's " + settings.writes());
        }
        return windows.get(Math.min(windows.size() - 1, write / writesPerWindow));
    }

    private int point(int point) {
        if (point < 0 || point >= settings.delaysMillis().length) {
            throw new IllegalArgumentException(
                    "grid point " + point + " is not one of the observation's " + settings.delaysMillis().length);
        }
        return point;
    }
}
