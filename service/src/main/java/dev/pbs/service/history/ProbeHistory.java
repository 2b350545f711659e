package dev.pbs.service.history;

import dev.pbs.model.drift.DelayDrift;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.slas.LivePrediction;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * A probe's last live profiles and predictions, on disk (one file each, {@link HistoryFiles}) and
 * bounded: at most {@code capacity} entries, at least {@code spacing} apart (a refresh sooner
 * after the last entry is not kept). Each new entry records which messages' delays moved
 * ({@link DelayDrift}) against a reference: the entries of the {@link #REFERENCE} before it,
 * leaving out those less than {@code overlap} before it, whose samples it may share (none for
 * a probe, whose entries are completed windows); at most {@link #REFERENCE_PROFILES} of them, evenly spread. Survives a restart: the
 * folder is read back when the history is opened. Thread-safe.
 */
public final class ProbeHistory {

    /** How far back the reference of a drift test reaches. */
    public static final Duration REFERENCE = Duration.ofDays(7);

    /** The most reference profiles a drift test reads (evenly spread over the reference). */
    public static final int REFERENCE_PROFILES = 24;

    private record Kept(long epochMillis, HistoryView.Entry view) {}

    private final HistoryStorage files;
    private final int capacity;
    private final Duration spacing;
    private final Duration overlap;
    private final Deque<Kept> kept = new ArrayDeque<>();
    private final List<String> loadProblems = new ArrayList<>();

    private ProbeHistory(HistoryStorage files, int capacity, Duration spacing, Duration overlap) {
        this.files = files;
        this.capacity = capacity;
        this.spacing = spacing;
        this.overlap = overlap;
    }

    /**
     * Opens (creating it if missing) the history kept in {@code folder}; files that cannot be read
     * are skipped, left in place and described in {@link #loadProblems()}.
     *
     * @param capacity the most entries kept, at least 1
     * @param spacing the least time between two entries
     * @param overlap how long before an entry the reference stops
     */
    public static ProbeHistory open(Path folder, int capacity, Duration spacing, Duration overlap) {
        return open(new HistoryFiles(folder), capacity, spacing, overlap);
    }

    /**
     * Opens the history kept in a storage; entries that cannot be read are skipped, left in place and
     * described in {@link #loadProblems()}.
     *
     * @param capacity the most entries kept, at least 1
     * @param spacing the least time between two entries
     * @param overlap how long before an entry the reference stops
     */
    public static ProbeHistory open(HistoryStorage storage, int capacity, Duration spacing, Duration overlap) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a history keeps at least 1 entry, was " + capacity);
        }
        ProbeHistory history = new ProbeHistory(storage, capacity, spacing, overlap);
        for (long key : history.files.keys()) {
            try {
                HistoryEntry entry = history.files.read(key);
                history.kept.addLast(new Kept(key, HistoryView.Entry.of(entry)));
            } catch (IllegalArgumentException unreadable) {
                history.loadProblems.add(unreadable.getMessage() + "; skipped");
            }
        }
        history.trim();
        return history;
    }

    /** Files that could not be read when the history was opened. */
    public List<String> loadProblems() {
        return List.copyOf(loadProblems);
    }

    /**
     * Keeps a published profile and its prediction, with its drift against the reference, unless
     * the last entry is less than {@code spacing} old.
     *
     * @return the entry kept, or empty when it was too soon
     */
    public synchronized Optional<HistoryEntry> record(LatencyProfile profile, LivePrediction prediction, Instant at) {
        long millis = at.toEpochMilli();
        Kept last = kept.peekLast();
        if (last != null && millis - last.epochMillis() < spacing.toMillis()) {
            return Optional.empty();
        }
        List<LatencyProfile> reference = reference(millis);
        List<DriftView> drift = reference.isEmpty()
                ? null
                : DelayDrift.between(profile, reference).stream()
                        .map(DriftView::of)
                        .toList();
        HistoryEntry entry = new HistoryEntry(at.getEpochSecond(), profile, prediction, drift);
        if (last != null && millis <= last.epochMillis()) {
            millis = last.epochMillis() + 1; // one file per entry, in order, even if the clock went back
        }
        files.write(entry, millis);
        kept.addLast(new Kept(millis, HistoryView.Entry.of(entry)));
        trim();
        return Optional.of(entry);
    }

    /** The history as the API shows it. */
    public synchronized HistoryView view(String probe) {
        return new HistoryView(
                probe,
                capacity,
                spacing.toSeconds(),
                kept.stream().map(Kept::view).toList());
    }

    /** The newest entry's drift, if it had a reference. */
    public synchronized Optional<List<DriftView>> latestDrift() {
        Kept last = kept.peekLast();
        return last == null ? Optional.empty() : Optional.ofNullable(last.view().drift());
    }

    /** Reference profiles for an entry at {@code millis}, read back from their files. */
    private List<LatencyProfile> reference(long millis) {
        long from = millis - REFERENCE.toMillis();
        long until = millis - overlap.toMillis();
        List<Kept> candidates = kept.stream()
                .filter(entry -> entry.epochMillis() >= from && entry.epochMillis() < until)
                .toList();
        List<LatencyProfile> profiles = new ArrayList<>();
        int count = Math.min(REFERENCE_PROFILES, candidates.size());
        for (int index = 0; index < count; index++) {
            Kept chosen = candidates.get((int) ((long) index * candidates.size() / count));
            try {
                profiles.add(files.read(chosen.epochMillis()).profile());
            } catch (IllegalArgumentException unreadable) {
                // A file removed or damaged since it was kept: the reference does without it.
            }
        }
        return profiles;
    }

    private void trim() {
        while (kept.size() > capacity) {
            files.delete(kept.removeFirst().epochMillis());
        }
    }
}
