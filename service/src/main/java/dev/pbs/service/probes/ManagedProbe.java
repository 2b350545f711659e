package dev.pbs.service.probes;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.observe.CoordinatorChoice;
import dev.pbs.cassandra.observe.WarmUpRounds;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.NodeHealth;
import dev.pbs.cassandra.probe.ProbeCounters;
import dev.pbs.cassandra.probe.ProbeJournal;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.core.StateStoreUnavailableException;
import dev.pbs.service.history.HistoryStorage;
import dev.pbs.service.history.HistoryView;
import dev.pbs.service.history.ProbeHistory;
import dev.pbs.service.slas.LivePrediction;
import dev.pbs.service.slas.LivePredictor;
import dev.pbs.service.slas.LiveSla;
import dev.pbs.service.slas.PredictionClock;
import dev.pbs.service.slas.QuietestRoundTrip;
import dev.pbs.service.slas.Verdict;
import dev.pbs.service.slas.Workload;
import io.dropwizard.lifecycle.Managed;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A probe running in the service's background for as long as the service runs: it connects (and
 * keeps retrying, with a growing pause up to a minute, while the cluster cannot be reached), probes
 * one window at a time, and every {@code refreshSeconds} publishes the measurements as the live
 * profile {@code cassandra:<name>} ({@link #refresh}: the current window's, or the last complete
 * window's while the current one holds fewer samples and cannot decide). Before its first window it warms up ({@code warming-up}) and publishes
 * nothing until the client's round trip has settled. A failure never stops the service or the probe.
 */
public final class ManagedProbe implements Managed {

    private static final Logger LOG = LoggerFactory.getLogger(ManagedProbe.class);
    private static final long MAX_RETRY_MILLIS = 60_000;

    /** What the status says while the probe warms up. */
    static final String WARMING_UP = "warming up: the first window is published once the client's round trip has"
            + " settled (rounds within a factor of 1.2 of each other)";

    private final ProbeConfiguration configuration;
    /** Where each window's record is kept, if anywhere. */
    private final ProbeRecords records;

    private final ProfileStore store;
    private final ScheduledExecutorService refresher;
    private volatile boolean stopping;
    private volatile Thread worker;
    private volatile ProbeRun current;
    /** The probe table's read path, as the last connection read it; published with the live profile. */
    private volatile java.util.Optional<dev.pbs.model.readpath.ReadPath> readPath = java.util.Optional.empty();

    /** The last complete window's measurements; null before the first. */
    private volatile ProbeSnapshot lastWindow;
    /** The last complete window's profile and prediction; null before the first that made a profile. */
    private volatile Candidate lastComplete;
    /**
     * Whether the client and the cluster have settled since the probe started: nothing is published
     * before (see {@link #warmUp}).
     */
    private volatile boolean settled;

    private volatile String state = "connecting";
    private volatile String lastError;
    private volatile String refreshProblem;
    private volatile Instant lastRefresh;
    private volatile Map<String, Long> publishedSamples = Map.of();
    /** The observation beside each window, when the probe observes staleness. */
    private volatile Optional<ProbeObservation> observation = Optional.empty();

    private final List<LiveSla> slas;
    private final Optional<Workload> workload;
    private final LivePredictor predictor;
    /** The live predictions' clock when the configuration fixes it; empty: each window's round trips set it. */
    private final Optional<PredictionClock> fixedClock;

    private final QuietestRoundTrip quietestRoundTrip = new QuietestRoundTrip();
    private final ProbeHistory history;
    /** The declared configurations predicted from the last published profile; null before the first. */
    private volatile LivePrediction lastPrediction;

    private final Object totalsLock = new Object();
    private long completedSucceeded;
    private long completedFailed;
    private long completedSkipped;

    /**
     * @param limits the bounds the live predictions of its declared configurations are checked against
     * @param historyStorage where its history is kept
     * @throws IllegalArgumentException naming the setting at fault when its SLAs or workload are invalid
     */
    public ManagedProbe(
            ProbeConfiguration configuration,
            ProfileStore store,
            QuestionLimits limits,
            HistoryStorage historyStorage) {
        this(configuration, store, limits, historyStorage, ProbeRecords.NONE);
    }

    /** A probe that keeps a record of each window in {@code records}. */
    ManagedProbe(
            ProbeConfiguration configuration,
            ProfileStore store,
            QuestionLimits limits,
            HistoryStorage historyStorage,
            ProbeRecords records) {
        this.records = records;
        this.configuration = configuration;
        this.store = store;
        this.slas = configuration.liveSlas();
        this.workload = configuration.liveWorkload();
        this.fixedClock = configuration.fixedClock();
        this.predictor = new LivePredictor(limits);
        this.history = ProbeHistory.open(
                historyStorage,
                configuration.getHistorySize(),
                Duration.ofSeconds(configuration.getHistorySpacingSeconds()),
                Duration.ZERO); // its entries are completed windows, which share no samples
        history.loadProblems().forEach(problem -> LOG.warn("probe {}: {}", configuration.getName(), problem));
        this.refresher = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "pbs-probe-refresh-" + configuration.getName());
            thread.setDaemon(true);
            return thread;
        });
    }

    public String name() {
        return configuration.getName();
    }

    @Override
    public void start() {
        ProbeSettings settings = configuration.toSettings();
        observation = configuration
                .observation()
                .map(observed ->
                        new ProbeObservation(name(), configuration.profileName(), observed, configuration.window()));
        Thread thread = new Thread(() -> probeForever(settings), "pbs-probe-" + configuration.getName());
        thread.setDaemon(true);
        worker = thread;
        thread.start();
        refresher.scheduleWithFixedDelay(
                this::refresh, configuration.getRefreshSeconds(), configuration.getRefreshSeconds(), TimeUnit.SECONDS);
    }

    @Override
    public void stop() throws InterruptedException {
        stopping = true;
        refresher.shutdownNow();
        Thread thread = worker;
        if (thread != null) {
            thread.interrupt();
            thread.join(TimeUnit.SECONDS.toMillis(20));
        }
    }

    /**
     * Rounds of the probe's workload, discarded, until the client's round trip settles ({@link
     * WarmUpRounds}): a cluster just started, or the service's own JVM just started, is slower and
     * changing for its first minutes, and its first window would not describe it. The observation
     * waits for the first window: its writes and reads fail on a cluster that is slow enough, which
     * must not hold the probe back.
     */
    private void warmUp(ProbeSettings settings) {
        state = "warming-up";
        refreshProblem = WARMING_UP;
        if (!configuration.warmUpRound().isZero()) {
            int rounds = WarmUpRounds.run(
                    settings,
                    Optional.empty(),
                    CoordinatorChoice.ROUND_ROBIN,
                    configuration.warmUpRound(),
                    () -> stopping,
                    line -> LOG.info("probe {}: {}", name(), line));
            LOG.info("probe {}: warmed up in {} rounds", name(), rounds);
        }
        settled = true;
        refreshProblem = null;
    }

    private void probeForever(ProbeSettings settings) {
        long retryMillis = 1000;
        while (!stopping) {
            state = "connecting";
            if (!settled) {
                try {
                    warmUp(settings);
                } catch (CancellationException stopped) {
                    return;
                } catch (RuntimeException problem) {
                    retryMillis = unreachable(problem, retryMillis);
                    if (retryMillis < 0) {
                        return;
                    }
                    continue;
                }
            }
            ProbeJournal journal = records.start(List.of(name()));
            boolean completed = false;
            try (ProbeRun run = ProbeRun.connect(settings, journal)) {
                state = "running";
                lastError = null;
                retryMillis = 1000;
                readPath = run.readPath();
                current = run;
                LOG.info(
                        "probe {}: connected, probing windows of {} s",
                        name(),
                        configuration.window().toSeconds());
                ProbeSnapshot window = observation.isPresent()
                        ? observation.get().window(run, () -> stopping)
                        : run.run(() -> stopping);
                if (window == null) {
                    current = null;
                    continue; // stopped during the observation
                }
                lastWindow = window;
                recordHistory(window);
                synchronized (totalsLock) {
                    completedSucceeded += window.operations().succeeded();
                    completedFailed += window.operations().failed();
                    completedSkipped += window.operations().skipped();
                }
                current = null;
                completed = true;
            } catch (RuntimeException problem) {
                current = null;
                retryMillis = unreachable(problem, retryMillis);
                if (retryMillis < 0) {
                    return;
                }
            } finally {
                records.end(journal, completed);
            }
        }
    }

    /**
     * The cluster could not be reached: waits {@code retryMillis} and returns the next wait (growing
     * to a minute), or -1 when interrupted.
     */
    private long unreachable(RuntimeException problem, long retryMillis) {
        state = "unreachable";
        lastError = problem.getMessage();
        LOG.warn("probe {}: {}; retrying in {} s", name(), problem.getMessage(), retryMillis / 1000);
        try {
            TimeUnit.MILLISECONDS.sleep(retryMillis);
        } catch (InterruptedException interrupted) {
            return -1;
        }
        return Math.min(MAX_RETRY_MILLIS, retryMillis * 2);
    }

    /**
     * Publishes the live profile, and its declared configurations' prediction, from the freshest
     * measurements that can stand for the cluster: the current window's once it makes a profile,
     * unless it holds fewer samples of some message than the last complete window and its verdicts
     * are not all decided; then the last complete window's. A window just begun thus shows a change
     * as soon as its samples decide it (a missed SLA within refreshes), while a few dozen samples
     * that cannot tell do not replace a whole window's decided verdicts with uncertain ones at every
     * window's start.
     */
    void refresh() {
        if (!settled) {
            return; // warming up, or not connected yet: nothing to publish
        }
        try {
            ProbeRun run = current;
            Candidate complete = lastComplete;
            String problem = "no measurements yet";
            if (run != null) {
                try {
                    ProbeSnapshot now = run.snapshot();
                    Candidate fresh = candidate(now);
                    if (complete == null
                            || fewestSamples(now) >= fewestSamples(complete.snapshot())
                            || fresh.decided()) {
                        publish(fresh);
                        return;
                    }
                } catch (IllegalArgumentException tooFew) {
                    problem = tooFew.getMessage();
                }
            }
            if (complete != null) {
                publish(complete);
                return;
            }
            refreshProblem = problem;
        } catch (StateStoreUnavailableException unreachable) {
            refreshProblem = "refresh failed: " + unreachable.getMessage();
            LOG.warn("probe {}: {}", name(), refreshProblem);
        } catch (RuntimeException unexpected) {
            if (stopping) {
                return; // interrupted by the service's stop
            }
            refreshProblem = "refresh failed: " + unexpected;
            LOG.warn("probe {}: refresh failed", name(), unexpected);
        }
    }

    /**
     * A profile that may be published, with its declared configurations' prediction (null when
     * none are declared) and the measurements it comes from.
     */
    private record Candidate(LatencyProfile profile, LivePrediction prediction, ProbeSnapshot snapshot) {

        /** Whether every declared configuration's verdict is met or missed (none declared: no). */
        boolean decided() {
            return prediction != null
                    && prediction.configurations().stream()
                            .noneMatch(
                                    configuration -> Verdict.UNCERTAIN.label().equals(configuration.slaStatus()));
        }
    }

    /**
     * The profile of {@code snapshot} and its prediction.
     *
     * @throws IllegalArgumentException when the snapshot holds too few samples for a profile
     */
    private Candidate candidate(ProbeSnapshot snapshot) {
        LatencyProfile profile =
                MeasuredProfile.withReadPath(CalibratedProfile.of(snapshot, configuration.profileName()), readPath);
        LivePrediction prediction = slas.isEmpty()
                ? null
                : predictor.predict(
                        profile,
                        configuration.getReplicationFactor(),
                        slas,
                        workload,
                        configuration.getPredictionTrials(),
                        clock(snapshot));
        return new Candidate(profile, prediction, snapshot);
    }

    /** Publishes a candidate as the live profile and prediction. */
    private void publish(Candidate candidate) {
        store.publishLive(candidate.profile());
        if (candidate.prediction() != null) {
            candidate
                    .prediction()
                    .problems()
                    .forEach(problem -> LOG.warn("probe {}: cannot predict {}", name(), problem));
            lastPrediction = candidate.prediction();
        }
        Map<String, Long> samples = new LinkedHashMap<>();
        for (WarsMessage message : WarsMessage.values()) {
            samples.put(message.letter(), candidate.snapshot().samples(message));
        }
        publishedSamples = samples;
        lastRefresh = Instant.now();
        refreshProblem = null;
    }

    /** The fewest samples any message (W, A, R, S) has in {@code snapshot}. */
    private static long fewestSamples(ProbeSnapshot snapshot) {
        long fewest = Long.MAX_VALUE;
        for (WarsMessage message : WarsMessage.values()) {
            fewest = Math.min(fewest, snapshot.samples(message));
        }
        return fewest;
    }

    /**
     * Keeps a completed window's profile, and its declared configurations' prediction, in the
     * history (unless the last entry is more recent than the spacing), and as the last complete
     * window for the refreshes.
     */
    private void recordHistory(ProbeSnapshot window) {
        try {
            Candidate complete = candidate(window);
            lastComplete = complete;
            history.record(complete.profile(), complete.prediction(), Instant.now());
        } catch (IllegalArgumentException tooFew) {
            LOG.info("probe {}: a window too small for the history: {}", name(), tooFew.getMessage());
        } catch (StateStoreUnavailableException unreachable) {
            LOG.warn("probe {}: the history could not keep a window: {}", name(), unreachable.getMessage());
        } catch (RuntimeException failed) {
            if (!stopping) {
                LOG.warn("probe {}: the history could not keep a window", name(), failed);
            }
        }
    }

    /**
     * The clock of a prediction from {@code snapshot}: the configured one, else t after the
     * acknowledgement with the snapshot's client round trips or, when they are longer, the quietest
     * window's ({@link QuietestRoundTrip}).
     */
    private PredictionClock clock(ProbeSnapshot snapshot) {
        return fixedClock.orElseGet(() -> quietestRoundTrip.clockFor(
                snapshot.client().roundTrips(), snapshot.pairs().clientCoupling()));
    }

    /** Its kept live profiles and predictions, as {@code GET /api/v1/probes/{name}/history} shows them. */
    public HistoryView history() {
        return history.view(name());
    }

    /** The probe's state now; cheap (no histogram is copied), as metrics read it at every scrape. */
    public ProbeStatus status() {
        ProbeRun run = current;
        ProbeSnapshot complete = lastWindow;
        ProbeCounters window = run != null ? run.counters() : null;
        List<NodeHealth.NodeReport> reports =
                run != null ? run.health().report() : complete != null ? complete.nodes() : List.of();
        Map<String, Long> operations = new LinkedHashMap<>();
        synchronized (totalsLock) {
            operations.put("succeeded", completedSucceeded + (window == null ? 0 : window.succeeded()));
            operations.put("failed", completedFailed + (window == null ? 0 : window.failed()));
            operations.put("skipped", completedSkipped + (window == null ? 0 : window.skipped()));
        }
        List<ProbeStatus.Node> nodes = new ArrayList<>();
        for (NodeHealth.NodeReport node : reports) {
            // Between windows the last window's view stands; while the cluster is unreachable, nothing is up.
            nodes.add(new ProbeStatus.Node(node.address(), node.up() && !"unreachable".equals(state), node.failed()));
        }
        Instant refreshed = lastRefresh;
        return new ProbeStatus(
                name(),
                configuration.profileName(),
                state,
                lastError,
                refreshed == null ? 0 : refreshed.getEpochSecond(),
                refreshProblem,
                publishedSamples,
                operations,
                nodes,
                observation.map(ProbeObservation::last).orElse(null),
                observation.isPresent()
                        ? configuration.getObserveConsistency().trim().toUpperCase(java.util.Locale.ROOT)
                        : null,
                observation.map(ProbeObservation::problem).orElse(null),
                observation.map(ProbeObservation::coverage).orElse(null),
                lastPrediction,
                history.latestDrift().orElse(null),
                null);
    }
}
