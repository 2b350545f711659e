package dev.pbs.service.probes;

import dev.pbs.service.history.HistoryView;
import io.dropwizard.lifecycle.Managed;
import java.util.List;
import java.util.Optional;

/**
 * The service's probes: those of its YAML and those added through the API. On a single machine
 * ({@link LocalProbes}) this process runs them all; in fleet mode each runs on the one instance that
 * holds its lease, and every instance answers for all of them.
 */
public interface ProbeRegistry extends Managed {

    /** Every probe's status, by name: live for the probes run here, as last published for the others. */
    List<ProbeStatus> statuses();

    /** The statuses of the probes this process runs (what its metrics export). */
    List<ProbeStatus> runningHere();

    /** A probe's kept history; empty when there is no probe of that name. */
    Optional<HistoryView> history(String name);

    /**
     * Adds a probe and starts it (in fleet mode, on whichever instance takes its lease).
     *
     * @throws IllegalArgumentException in one line naming the field at fault
     * @throws ProbeConflictException when a probe of that name exists
     */
    void add(ProbeConfiguration probe);

    /**
     * Stops and removes a probe added through the API; its history stays.
     *
     * @return false when there is no probe of that name
     * @throws ProbeConflictException when the probe comes from the YAML, which alone can remove it
     */
    boolean remove(String name);

    /** The instances and which runs each probe. */
    ClusterView cluster();
}
