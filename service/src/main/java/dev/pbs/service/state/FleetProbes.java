package dev.pbs.service.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.core.ProfileStore;
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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fleet's probes, each run by the one instance that holds its lease ({@link LeaseLoop}, which
 * runs a round every fifth of the lease). When an instance dies its leases expire and the others
 * take its probes at their next round: at most the lease's length and one round after its last
 * renewal. Every instance answers for every probe: live for those it runs, as their owners last
 * published them for the others.
 */
public final class FleetProbes implements ProbeRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(FleetProbes.class);
    private static final ObjectMapper JSON = JsonMapping.mapper();

    /** State of a probe that no instance holds the lease of. */
    public static final String UNASSIGNED = "unassigned";

    private final FleetTables tables;
    private final CassandraHistory.Statements historyStatements;
    private final StateSession session;
    private final List<ProbeConfiguration> configured;
    private final String instance;
    private final int leaseSeconds;
    private final LeaseLoop leases;
    private final ScheduledExecutorService ticker;

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
        this.configured = List.copyOf(configured);
        this.instance = instance;
        this.leaseSeconds = leaseSeconds;
        this.leases = new LeaseLoop(tables, historyStatements, session, store, limits, instance, leaseSeconds, metrics);
        this.ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "pbs-fleet-leases");
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public void start() {
        for (ProbeConfiguration probe : configured) {
            tables.putConfiguredProbe(probe.getName(), ProbeDefinition.write(probe));
        }
        leases.heartbeat();
        ticker.scheduleWithFixedDelay(leases::tick, 0, leases.tickMillis(), TimeUnit.MILLISECONDS);
        LOG.info("fleet instance {}: leases of {} s, renewed every {} ms", instance, leaseSeconds, leases.tickMillis());
    }

    @Override
    public void stop() throws InterruptedException {
        ticker.shutdownNow();
        ticker.awaitTermination(10, TimeUnit.SECONDS);
        leases.stopAll();
    }

    @Override
    public List<ProbeStatus> statuses() {
        Map<String, FleetTables.StoredStatus> published = new HashMap<>();
        tables.statuses().forEach(status -> published.put(status.probe(), status));
        Map<String, String> owners = new HashMap<>();
        tables.leases().forEach(lease -> owners.put(lease.probe(), lease.owner()));
        List<ProbeStatus> statuses = new ArrayList<>();
        for (FleetTables.StoredProbe probe : sortedProbes()) {
            Optional<ManagedProbe> here = leases.running(probe.name());
            if (here.isPresent()) {
                statuses.add(here.get().status().runBy(instance));
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
                last == null ? null : last.observationProblem(),
                last == null ? null : last.observationCoverage(),
                last == null ? null : last.prediction(),
                last == null ? null : last.drift(),
                owner);
    }

    @Override
    public List<ProbeStatus> runningHere() {
        return leases.runningHere();
    }

    @Override
    public Optional<HistoryView> history(String name) {
        Optional<ManagedProbe> here = leases.running(name);
        if (here.isPresent()) {
            return Optional.of(here.get().history());
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
        leases.removed(name);
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
