package dev.pbs.service.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.core.StateStoreUnavailableException;
import dev.pbs.service.history.HistoryView;
import dev.pbs.service.history.ProbeHistory;
import dev.pbs.service.probes.ClusterView;
import dev.pbs.service.probes.ManagedProbe;
import dev.pbs.service.probes.ProbeConfiguration;
import dev.pbs.service.probes.ProbeConflictException;
import dev.pbs.service.probes.ProbeDefinition;
import dev.pbs.service.probes.ProbeRegistry;
import dev.pbs.service.probes.ProbeStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fleet's probes, each run by the one instance that holds its lease.
 *
 * <p>Every {@link #tickMillis()} each instance: writes its heartbeat (a row with a TTL of the lease's
 * length); renews the lease of every probe it runs, and stops a probe whose renewal is refused (another
 * instance holds it) or whose definition was removed; takes free leases, in an order of its own,
 * until it runs its share ({@code ceil(probes / live instances)}), and gives up probes above that
 * share so that a newcomer gets some; and publishes the status of each probe it runs. A probe whose
 * lease it could not renew within the lease's length (the state store unreachable) is stopped, since
 * another instance may take it then. When an instance dies its leases expire and the others take its
 * probes at their next tick: at most the lease's length and one tick after its last renewal.
 */
public final class FleetProbes implements ProbeRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(FleetProbes.class);
    private static final ObjectMapper JSON = JsonMapping.mapper();

    /** State of a probe that no instance holds the lease of. */
    public static final String UNASSIGNED = "unassigned";

    private static final class Held {
        final ManagedProbe probe;
        final ProbeConfiguration configuration;
        volatile long renewedAtMillis;

        Held(ManagedProbe probe, ProbeConfiguration configuration, long renewedAtMillis) {
            this.probe = probe;
            this.configuration = configuration;
            this.renewedAtMillis = renewedAtMillis;
        }
    }

    private final FleetTables tables;
    private final CassandraHistory.Statements historyStatements;
    private final StateSession session;
    private final ProfileStore store;
    private final QuestionLimits limits;
    private final List<ProbeConfiguration> configured;
    private final String instance;
    private final int leaseSeconds;
    private final StateMetrics metrics;
    private final Instant startedAt = Instant.now();
    private final Map<String, Held> held = new ConcurrentHashMap<>();
    private final Set<String> unreadableReported = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService ticker;
    private final ExecutorService stopper;
    private volatile boolean outageReported;

    FleetProbes(
            FleetTables tables,
            CassandraHistory.Statements historyStatements,
            StateSession session,
            ProfileStore store,
            QuestionLimits limits,
            List<ProbeConfiguration> configured,
            String instance,
            int leaseSeconds,
            StateMetrics metrics) {
        Set<String> names = new HashSet<>();
        for (ProbeConfiguration probe : configured) {
            if (!names.add(probe.getName())) {
                throw new IllegalArgumentException("two probes are named '" + probe.getName() + "'");
            }
            ProbeDefinition.check(probe);
        }
        this.tables = tables;
        this.historyStatements = historyStatements;
        this.session = session;
        this.store = store;
        this.limits = limits;
        this.configured = List.copyOf(configured);
        this.instance = instance;
        this.leaseSeconds = leaseSeconds;
        this.metrics = metrics;
        this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> daemon(runnable, "pbs-fleet-leases"));
        this.stopper = Executors.newCachedThreadPool(runnable -> daemon(runnable, "pbs-fleet-probe-stop"));
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }

    /** How often the lease loop runs: a fifth of the lease, at least a second. */
    long tickMillis() {
        return Math.max(1000, leaseSeconds * 1000L / 5);
    }

    @Override
    public void start() {
        for (ProbeConfiguration probe : configured) {
            tables.putConfiguredProbe(probe.getName(), ProbeDefinition.write(probe));
        }
        tables.heartbeat(instance, startedAt, leaseSeconds);
        ticker.scheduleWithFixedDelay(this::tick, 0, tickMillis(), TimeUnit.MILLISECONDS);
        LOG.info("fleet instance {}: leases of {} s, renewed every {} ms", instance, leaseSeconds, tickMillis());
    }

    @Override
    public void stop() throws InterruptedException {
        ticker.shutdownNow();
        ticker.awaitTermination(10, TimeUnit.SECONDS);
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
            tables.heartbeat(instance, startedAt, leaseSeconds);
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
            held.put(probe.name(), new Held(managed, configuration, System.currentTimeMillis()));
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

    @Override
    public List<ProbeStatus> statuses() {
        Map<String, FleetTables.StoredStatus> published = new HashMap<>();
        tables.statuses().forEach(status -> published.put(status.probe(), status));
        Map<String, String> owners = new HashMap<>();
        tables.leases().forEach(lease -> owners.put(lease.probe(), lease.owner()));
        List<ProbeStatus> statuses = new ArrayList<>();
        for (FleetTables.StoredProbe probe : sortedProbes()) {
            Held here = held.get(probe.name());
            if (here != null) {
                statuses.add(here.probe.status().runBy(instance));
                continue;
            }
            statuses.add(publishedStatus(probe, published.get(probe.name()), owners.get(probe.name())));
        }
        return statuses;
    }

    /** A probe run elsewhere, as its owner last published it; {@link #UNASSIGNED} when no instance holds it. */
    private ProbeStatus publishedStatus(FleetTables.StoredProbe probe, FleetTables.StoredStatus status, String owner) {
        ProbeStatus last = null;
        if (status != null) {
            try {
                last = JSON.readValue(status.status(), ProbeStatus.class);
            } catch (JsonProcessingException unreadable) {
                last = null;
            }
        }
        if (last != null && owner != null) {
            return last.runBy(owner);
        }
        String state = owner == null ? UNASSIGNED : "connecting";
        return new ProbeStatus(
                probe.name(),
                ProfileStore.LIVE_PREFIX + probe.name(),
                state,
                null,
                last == null ? 0 : last.lastRefreshEpochSeconds(),
                owner == null ? "no instance runs this probe now" : "no status published yet",
                last == null ? Map.of() : last.samples(),
                last == null ? Map.of() : last.operations(),
                List.of(),
                last == null ? null : last.observation(),
                last == null ? null : last.observeConsistency(),
                last == null ? null : last.prediction(),
                last == null ? null : last.drift(),
                owner);
    }

    @Override
    public List<ProbeStatus> runningHere() {
        return held.values().stream()
                .map(running -> running.probe.status().runBy(instance))
                .sorted(Comparator.comparing(ProbeStatus::name))
                .toList();
    }

    @Override
    public Optional<HistoryView> history(String name) {
        Held here = held.get(name);
        if (here != null) {
            return Optional.of(here.probe.history());
        }
        Optional<FleetTables.StoredProbe> probe = tables.probe(name);
        if (probe.isEmpty()) {
            return Optional.empty();
        }
        ProbeConfiguration configuration;
        try {
            configuration = ProbeDefinition.read(probe.get().definition());
        } catch (IllegalArgumentException unusable) {
            configuration = new ProbeConfiguration();
        }
        ProbeHistory history = ProbeHistory.open(
                new CassandraHistory(session, historyStatements, name),
                configuration.getHistorySize(),
                Duration.ofSeconds(configuration.getHistorySpacingSeconds()),
                Duration.ZERO);
        return Optional.of(history.view(name));
    }

    @Override
    public void add(ProbeConfiguration probe) {
        ProbeDefinition.check(probe);
        if (!tables.addProbe(probe.getName(), ProbeDefinition.write(probe))) {
            throw new ProbeConflictException("a probe named '" + probe.getName() + "' exists");
        }
        LOG.info("fleet instance {}: probe {} added through the API", instance, probe.getName());
    }

    @Override
    public boolean remove(String name) {
        Optional<FleetTables.StoredProbe> probe = tables.probe(name);
        if (probe.isEmpty()) {
            return false;
        }
        if (!"api".equals(probe.get().source())) {
            throw new ProbeConflictException(
                    "probe '" + name + "' is in a service's YAML: remove it there and restart that instance");
        }
        tables.removeProbe(name);
        if (held.containsKey(name)) {
            stopHeld(name, "released", true);
        }
        LOG.info("fleet instance {}: probe {} removed through the API", instance, name);
        return true;
    }

    @Override
    public ClusterView cluster() {
        Map<String, List<String>> byOwner = new TreeMap<>();
        List<ClusterView.Probe> probes = new ArrayList<>();
        Map<String, FleetTables.Lease> leases = new HashMap<>();
        tables.leases().forEach(lease -> leases.put(lease.probe(), lease));
        for (FleetTables.StoredProbe probe : sortedProbes()) {
            FleetTables.Lease lease = leases.get(probe.name());
            probes.add(new ClusterView.Probe(
                    probe.name(),
                    probe.source(),
                    lease == null ? null : lease.owner(),
                    lease == null || lease.expiresAt() == null
                            ? 0
                            : lease.expiresAt().getEpochSecond()));
            if (lease != null) {
                byOwner.computeIfAbsent(lease.owner(), owner -> new ArrayList<>())
                        .add(probe.name());
            }
        }
        Map<String, ClusterView.Instance> instances = new LinkedHashMap<>();
        tables.instances().stream()
                .sorted(Comparator.comparing(FleetTables.Heartbeat::name))
                .forEach(beat -> instances.put(
                        beat.name(),
                        new ClusterView.Instance(
                                beat.name(),
                                beat.startedAt() == null ? 0 : beat.startedAt().getEpochSecond(),
                                beat.seenAt() == null ? 0 : beat.seenAt().getEpochSecond(),
                                List.copyOf(byOwner.getOrDefault(beat.name(), List.of())))));
        return new ClusterView("cassandra", instance, leaseSeconds, List.copyOf(instances.values()), probes);
    }

    private List<FleetTables.StoredProbe> sortedProbes() {
        return tables.probes().stream()
                .sorted(Comparator.comparing(FleetTables.StoredProbe::name))
                .toList();
    }
}
