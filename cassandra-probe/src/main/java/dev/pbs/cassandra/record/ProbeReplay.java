package dev.pbs.cassandra.record;

import dev.pbs.cassandra.fidelity.FidelityEvent;
import dev.pbs.cassandra.observe.ObservationEvent;
import dev.pbs.cassandra.observe.ObservationEvents;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.ProbeJournal;
import dev.pbs.cassandra.probe.ProbeMeasurements;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.WireSplit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Replays a probe run from its events alone, with no cluster: each event is applied, in the
 * record's order, to the same measurements ({@link ProbeMeasurements}) and observation tallies
 * ({@link ObservationEvents}) that the live run applied it to, so the run's snapshots, and every
 * profile and comparison computed from them, come out as the live run's, to the bit.
 *
 * <p>Feed the events with {@link #apply}, then take {@link #result}.
 */
public final class ProbeReplay {

    private ProbeEvent.Command command;
    private FidelityEvent.CellMeasured cell;
    private ProbeMeasurements measurements;
    private ObservationEvents observation;
    private final List<ProbeSnapshot> windowStarts = new ArrayList<>();
    private ProbeSnapshot end;
    private final WireSplit split;

    /** A replay with the probe's measurement model. */
    public ProbeReplay() {
        this(WireSplit.MEASURED);
    }

    /** A replay that shares each traced message's wire time as {@code split} says: an experiment's variant. */
    public ProbeReplay(WireSplit split) {
        this.split = split;
    }

    /**
     * What a replayed run measured.
     *
     * @param cluster the cluster as the probe found it (with the probe table's read path)
     * @param measurement everything the probe measured, at the end of its workload
     * @param observation the observation made beside the probe, window by window; empty when the
     *     run observed nothing
     * @param command the pbs command that made the record, with its arguments, when it says
     * @param fidelityCell a fidelity cell's end, when the record is one's
     */
    public record Replayed(
            ProbeEvent.ClusterSeen cluster,
            ProbeSnapshot measurement,
            Optional<ObservationWhileProbing.Result> observation,
            Optional<ProbeEvent.Command> command,
            Optional<FidelityEvent.CellMeasured> fidelityCell) {}

    /**
     * Applies the run's next event.
     *
     * @throws IllegalArgumentException when the event cannot follow the ones before it (what the
     *     cluster was must come first, an observation's events after its start) or names a write or
     *     grid point the observation does not have
     */
    public void apply(ProbeEvent event) {
        if (event instanceof ProbeEvent.Command given) {
            if (command != null || measurements != null) {
                throw new IllegalArgumentException("the command that made the record comes once, first");
            }
            command = given;
            return;
        }
        if (event instanceof ProbeEvent.ClusterSeen cluster) {
            if (measurements != null) {
                throw new IllegalArgumentException("a second description of the cluster: a record holds one run");
            }
            measurements = new ProbeMeasurements(cluster, ProbeJournal.NONE, split);
            return;
        }
        if (measurements == null) {
            throw new IllegalArgumentException("the run's first event must describe the cluster, was "
                    + event.getClass().getSimpleName());
        }
        if (event instanceof ProbeEvent.TracedOperation traced) {
            measurements.traced(traced);
        } else if (event instanceof ProbeEvent.Untraced untraced) {
            measurements.untraced(untraced);
        } else if (event instanceof ProbeEvent.RoundTrip roundTrip) {
            measurements.roundTrip(roundTrip);
        } else if (event instanceof ProbeEvent.Measured measured) {
            ProbeSnapshot snapshot = measurements.snapshot(measured);
            if (measured.purpose() == ProbeEvent.Measured.Purpose.WINDOW) {
                windowStarts.add(snapshot);
            } else {
                end = snapshot;
            }
        } else if (event instanceof FidelityEvent.CellMeasured measured) {
            cell = measured;
        } else if (event instanceof ObservationEvent.Started started) {
            if (observation != null) {
                throw new IllegalArgumentException("a second observation: a record holds one");
            }
            observation = new ObservationEvents(started, ProbeJournal.NONE);
        } else if (event instanceof ObservationEvent observed) {
            if (observation == null) {
                throw new IllegalArgumentException("an event of an observation before the observation started: "
                        + event.getClass().getSimpleName());
            }
            observation.count(observed);
        } else {
            throw new IllegalArgumentException(
                    "an event no replay knows: " + event.getClass().getSimpleName());
        }
    }

    /**
     * What the run measured, once every event has been applied.
     *
     * @throws IllegalStateException when the events end before the probe's workload did, or before an
     *     observation they started did
     */
    public Replayed result() {
        if (measurements == null) {
            throw new IllegalStateException("the record holds no event of a run");
        }
        if (end == null) {
            throw new IllegalStateException("the record ends before the probe's workload did");
        }
        if (observation != null && !observation.ended()) {
            throw new IllegalStateException("the record ends before its observation did");
        }
        return new Replayed(
                measurements.cluster(),
                end,
                Optional.ofNullable(observation)
                        .map(observed -> ObservationWhileProbing.assemble(observed.observations(), windowStarts, end)),
                Optional.ofNullable(command),
                Optional.ofNullable(cell));
    }
}
