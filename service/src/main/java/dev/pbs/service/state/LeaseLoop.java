package dev.pbs.service.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.core.StateStoreUnavailableException;
import dev.pbs.service.probes.ManagedProbe;
import dev.pbs.service.probes.ProbeConfiguration;
import dev.pbs.service.probes.ProbeDefinition;
import dev.pbs.service.probes.ProbeStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instance's side of the fleet's leases, and the probes it runs under them. Each round
 * ({@link #tick()}, every {@link #tickMillis()}): writes the instance's heartbeat (a row with a TTL
 * of the lease's length); renews the lease of every probe it runs, and stops a probe whose renewal is
 * refused (another instance holds it) or whose definition was removed; takes free leases, in an order
 * of its own, until it runs its share ({@code ceil(probes / live instances)}), and gives up probes
 * above that share so that a newcomer gets some; and publishes the status of each probe it runs. A
 * probe whose lease it could not renew within the lease's length less one round (the state store
 * unreachable) is stopped, since another instance may take it then.
 */
final class LeaseLoop {

    private static final Logger LOG = LoggerFactory.getLogger(LeaseLoop.class);
    private static final ObjectMapper JSON = JsonMapping.mapper();

    private static final class Held {
        final ManagedProbe probe;
        volatile long renewedAtMillis;

        Held(ManagedProbe probe, long renewedAtMillis) {
            this.probe = probe;
            this.renewedAtMillis = renewedAtMillis;
        }
    }

    private final FleetTables tables;
    private final CassandraHistory.Statements historyStatements;
    private final StateSession session;
    private final ProfileStore store;
    private final QuestionLimits limits;
    private final String instance;
    private final int leaseSeconds;
    private final StateMetrics metrics;
    private final Instant startedAt = Instant.now();
    private final Map<String, Held> held = new ConcurrentHashMap<>();
    private final Set<String> unreadableReported = ConcurrentHashMap.newKeySet();
    private final ExecutorService stopper;
    private volatile boolean outageReported;

    LeaseLoop(
            FleetTables tables,
            CassandraHistory.Statements historyStatements,
            StateSession session,
            ProfileStore store,
            QuestionLimits limits,
            String instance,
            int leaseSeconds,
            StateMetrics metrics) {
        this.tables = tables;
        this.historyStatements = historyStatements;
        this.session = session;
        this.store = store;
        this.limits = limits;
        this.instance = instance;
        this.leaseSeconds = leaseSeconds;
        this.metrics = metrics;
        this.stopper = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "pbs-fleet-probe-stop");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** How often a round runs: a fifth of the lease, at least a second. */
    long tickMillis() {
        return Math.max(1000, leaseSeconds * 1000L / 5);
    }

    /** Writes this instance's heartbeat. */
    void heartbeat() {
        tables.heartbeat(instance, startedAt, leaseSeconds);
    }

    /** The probe of that name if this instance runs it. */
    Optional<ManagedProbe> running(String name) {
        Held here = held.get(name);
        return here == null ? Optional.empty() : Optional.of(here.probe);
    }

    /** The statuses of the probes this instance runs, by name. */
    List<ProbeStatus> runningHere() {
        return held.values().stream()
                .map(running -> running.probe.status().runBy(instance))
                .sorted(Comparator.comparing(ProbeStatus::name))
                .toList();
    }

    /** Stops a probe removed from the fleet, if this instance runs it, and gives up its lease. */
    void removed(String name) {
        stopHeld(name, "released", true);
    }

    /** Stops every probe run here, gives up their leases and the heartbeat (the service stops). */
    void stopAll() throws InterruptedException {
        for (Map.Entry<String, Held> entry : List.copyOf(held.entrySet())) {
            held.remove(entry.getKey());
            entry.getValue().probe.stop();
            try {
                tables.release(entry.getKey(), instance);
                metrics.lease(entry.getKey(), "released");
            } catch (StateStoreUnavailableException unreachable) {
                // The lease expires by itself.
            }
        }
        stopper.shutdown();
        stopper.awaitTermination(25, TimeUnit.SECONDS);
        try {
            tables.leave(instance);
        } catch (StateStoreUnavailableException unreachable) {
            // The heartbeat expires by itself.
        }
    }

    /** One round of the lease loop; never throws. */
    void tick() {
        try {
            heartbeat();
            Map<String, FleetTables.StoredProbe> definitions = new TreeMap<>();
            tables.probes().forEach(probe -> definitions.put(probe.name(), probe));
            Set<String> leased = new HashSet<>();
            tables.leases().forEach(lease -> leased.add(lease.probe()));
            int alive = Math.max(1, tables.instances().size());
            renewHeld(definitions);
            int share = (definitions.size() + alive - 1) / alive;
            giveUpAboveShare(share);
            takeFree(definitions, leased, share);
            publishStatuses();
            if (outageReported) {
                LOG.info("fleet instance {}: the state store answers again", instance);
                outageReported = false;
            }
        } catch (StateStoreUnavailableException unreachable) {
            if (!outageReported) {
                LOG.warn("fleet instance {}: {}", instance, unreachable.getMessage());
                outageReported = true;
            }
        } catch (RuntimeException unexpected) {
            LOG.warn("fleet instance {}: the lease loop failed", instance, unexpected);
        } finally {
            stopLapsed();
        }
    }

    private void renewHeld(Map<String, FleetTables.StoredProbe> definitions) {
        for (Map.Entry<String, Held> entry : List.copyOf(held.entrySet())) {
            String name = entry.getKey();
            if (!definitions.containsKey(name)) {
                stopHeld(name, "released", true);
                LOG.info("fleet instance {}: probe {} was removed; stopped", instance, name);
            } else if (tables.renew(name, instance, leaseSeconds)) {
                entry.getValue().renewedAtMillis = System.currentTimeMillis();
            } else {
                stopHeld(name, "renewal_refused", false);
                LOG.warn("fleet instance {}: probe {}'s lease is held elsewhere; stopped here", instance, name);
            }
        }
    }

    private void giveUpAboveShare(int share) {
        List<String> names = new ArrayList<>(held.keySet());
        names.sort(Comparator.comparing(this::order).reversed());
        for (int index = 0; index < names.size() - share; index++) {
            String name = names.get(index);
            stopHeld(name, "released", true);
            LOG.info("fleet instance {}: probe {} handed over (more than its share of {})", instance, name, share);
        }
    }

    private void takeFree(Map<String, FleetTables.StoredProbe> definitions, Set<String> leased, int share) {
        List<FleetTables.StoredProbe> free = definitions.values().stream()
                .filter(probe -> !leased.contains(probe.name()) && !held.containsKey(probe.name()))
                .sorted(Comparator.comparing(probe -> order(probe.name())))
                .toList();
        for (FleetTables.StoredProbe probe : free) {
            if (held.size() >= share) {
                return;
            }
            ProbeConfiguration configuration;
            try {
                configuration = ProbeDefinition.read(probe.definition());
                unreadableReported.remove(probe.name());
            } catch (IllegalArgumentException unusable) {
                if (unreadableReported.add(probe.name())) {
                    LOG.warn(
                            "fleet instance {}: probe {} cannot run here: {}",
                            instance,
                            probe.name(),
                            unusable.getMessage());
                }
                continue;
            }
            if (!tables.acquire(probe.name(), instance, leaseSeconds)) {
                continue;
            }
            metrics.lease(probe.name(), "acquired");
            ManagedProbe managed = new ManagedProbe(
                    configuration, store, limits, new CassandraHistory(session, historyStatements, probe.name()));
            held.put(probe.name(), new Held(managed, System.currentTimeMillis()));
            managed.start();
            LOG.info("fleet instance {}: took probe {}", instance, probe.name());
        }
    }

    /** This instance's order of probes: differs between instances, so that they do not all reach for the same one. */
    private int order(String probe) {
        return (probe + "@" + instance).hashCode();
    }

    private void publishStatuses() {
        for (Map.Entry<String, Held> entry : held.entrySet()) {
            try {
                tables.publishStatus(
                        entry.getKey(),
                        JSON.writeValueAsString(entry.getValue().probe.status().runBy(instance)),
                        instance);
            } catch (JsonProcessingException unwritable) {
                LOG.warn(
                        "fleet instance {}: probe {}'s status cannot be written", instance, entry.getKey(), unwritable);
            }
        }
    }

    /**
     * Stops the probes whose lease was not renewed for the lease's length less one round: the lease
     * may expire a round later, and another instance may then take the probe.
     */
    private void stopLapsed() {
        long now = System.currentTimeMillis();
        for (Map.Entry<String, Held> entry : List.copyOf(held.entrySet())) {
            if (now - entry.getValue().renewedAtMillis >= leaseSeconds * 1000L - tickMillis()) {
                stopHeld(entry.getKey(), "lapsed", false);
                LOG.warn(
                        "fleet instance {}: probe {}'s lease lapsed (not renewed for {} s); stopped here",
                        instance,
                        entry.getKey(),
                        leaseSeconds);
            }
        }
    }

    /**
     * Stops a probe run here in the background (a probe takes up to seconds to stop), then gives up its
     * lease when asked: only once it has stopped, so that no other instance starts it meanwhile.
     */
    private void stopHeld(String name, String transition, boolean release) {
        Held stopped = held.remove(name);
        if (stopped == null) {
            return;
        }
        metrics.lease(name, transition);
        stopper.execute(() -> {
            try {
                stopped.probe.stop();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            if (release) {
                try {
                    tables.release(name, instance);
                } catch (RuntimeException unreachable) {
                    // The state store out of reach, or the service stopping: the lease expires by itself.
                }
            }
        });
    }
}
