package dev.pbs.service.probes;

import dev.pbs.files.AtomicFile;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.history.HistoryFiles;
import dev.pbs.service.history.HistoryView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The probes of a single machine: this process runs every probe of its YAML and every probe added
 * through the API, whose definitions are kept as {@code <data directory>/probes/<name>.json}
 * ({@link ProbeDefinition}) and started again after a restart. Histories are kept in
 * {@code <data directory>/history/<name>/}.
 */
public final class LocalProbes implements ProbeRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(LocalProbes.class);

    /** The data directory's folder of probe histories, one folder per probe inside. */
    public static final String HISTORY_FOLDER = "history";

    /** The data directory's folder of the probes' window records, one folder per probe. */
    public static final String RECORDS_FOLDER = "records";

    /** The single machine's name in {@link ClusterView}. */
    public static final String INSTANCE = "local";

    private record Running(ManagedProbe probe, ProbeDefinition.Source source) {}

    private final Path dataDirectory;
    private final ProfileStore store;
    private final QuestionLimits limits;
    private final Map<String, Running> probes = new TreeMap<>();
    private final long startedAt = Instant.now().getEpochSecond();
    private boolean started;

    /**
     * Builds the YAML's probes and those added through the API before (a kept definition that no
     * longer passes the checks, or whose name the YAML now uses, is skipped with a warning).
     *
     * @throws IllegalArgumentException naming the setting at fault in a YAML probe, or two probes of one name
     */
    public LocalProbes(
            List<ProbeConfiguration> configured, Path dataDirectory, ProfileStore store, QuestionLimits limits) {
        this.dataDirectory = dataDirectory;
        this.store = store;
        this.limits = limits;
        for (ProbeConfiguration probe : configured) {
            if (probes.containsKey(probe.getName())) {
                throw new IllegalArgumentException("two probes are named '" + probe.getName() + "'");
            }
            ProbeDefinition.check(probe);
            probes.put(probe.getName(), new Running(build(probe), ProbeDefinition.Source.CONFIGURATION));
        }
        for (Path file : definitionFiles()) {
            try {
                ProbeConfiguration probe = ProbeDefinition.read(Files.readString(file, StandardCharsets.UTF_8));
                if (probes.containsKey(probe.getName())) {
                    LOG.warn("probe file {}: the YAML has a probe of that name; skipped", file);
                    continue;
                }
                probes.put(probe.getName(), new Running(build(probe), ProbeDefinition.Source.API));
            } catch (IOException | RuntimeException unreadable) {
                LOG.warn("probe file {}: {}; skipped", file, unreadable.getMessage());
            }
        }
    }

    private ManagedProbe build(ProbeConfiguration probe) {
        return new ManagedProbe(
                probe,
                store,
                limits,
                new HistoryFiles(dataDirectory.resolve(HISTORY_FOLDER).resolve(probe.getName())),
                new ProbeRecords(
                        dataDirectory.resolve(RECORDS_FOLDER).resolve(probe.getName()),
                        probe.getKeepRecords(),
                        Clock.systemUTC()));
    }

    @Override
    public synchronized void start() {
        started = true;
        probes.values().forEach(running -> running.probe().start());
    }

    @Override
    public void stop() throws InterruptedException {
        List<Running> all;
        synchronized (this) {
            started = false;
            all = List.copyOf(probes.values());
        }
        for (Running running : all) {
            running.probe().stop();
        }
    }

    @Override
    public synchronized List<ProbeStatus> statuses() {
        return probes.values().stream().map(running -> running.probe().status()).toList();
    }

    @Override
    public List<ProbeStatus> runningHere() {
        return statuses();
    }

    @Override
    public synchronized Optional<HistoryView> history(String name) {
        Running running = probes.get(name);
        return running == null ? Optional.empty() : Optional.of(running.probe().history());
    }

    @Override
    public void add(ProbeConfiguration probe) {
        ProbeDefinition.check(probe);
        ManagedProbe managed;
        synchronized (this) {
            if (probes.containsKey(probe.getName())) {
                throw new ProbeConflictException("a probe named '" + probe.getName() + "' exists");
            }
            managed = build(probe);
            Path file = definitionFile(probe.getName());
            try {
                Files.createDirectories(file.getParent());
                AtomicFile.write(file, ProbeDefinition.write(probe));
            } catch (IOException failed) {
                throw new UncheckedIOException("cannot write probe file " + file + ": " + failed, failed);
            }
            probes.put(probe.getName(), new Running(managed, ProbeDefinition.Source.API));
            if (started) {
                managed.start();
            }
        }
        LOG.info("probe {} added through the API", probe.getName());
    }

    @Override
    public boolean remove(String name) {
        Running running;
        synchronized (this) {
            running = probes.get(name);
            if (running == null) {
                return false;
            }
            if (running.source() == ProbeDefinition.Source.CONFIGURATION) {
                throw new ProbeConflictException(
                        "probe '" + name + "' is in the service's YAML: remove it there and restart");
            }
            Path file = definitionFile(name);
            try {
                Files.deleteIfExists(file);
                AtomicFile.forceDirectory(file.getParent());
            } catch (IOException failed) {
                throw new UncheckedIOException("cannot delete probe file " + file + ": " + failed, failed);
            }
            probes.remove(name);
        }
        try {
            running.probe().stop();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        LOG.info("probe {} removed through the API", name);
        return true;
    }

    @Override
    public synchronized ClusterView cluster() {
        long now = Instant.now().getEpochSecond();
        List<ClusterView.Probe> views = new ArrayList<>();
        probes.forEach((name, running) ->
                views.add(new ClusterView.Probe(name, running.source().label(), INSTANCE, 0)));
        return new ClusterView(
                "files",
                INSTANCE,
                0,
                List.of(new ClusterView.Instance(INSTANCE, startedAt, now, List.copyOf(probes.keySet()))),
                views);
    }

    private Path definitionFile(String name) {
        return dataDirectory.resolve("probes").resolve(name + ".json");
    }

    private List<Path> definitionFiles() {
        Path folder = dataDirectory.resolve("probes");
        List<Path> files = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return files;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, "*.json")) {
            entries.forEach(files::add);
        } catch (IOException failed) {
            LOG.warn("cannot list the probe folder {}: {}", folder, failed.getMessage());
        }
        files.sort(null);
        return files;
    }
}
