package dev.pbs.service.probes;

import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.formats.report.ObservationReport;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.service.history.DriftView;
import dev.pbs.service.history.HistoryView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Probe statuses as {@code GET /api/v1/probes} gives them, for tests that cannot reach a cluster. The
 * observation's numbers are those of a real run of the service against a local 3-node Cassandra
 * cluster (probe rate 20/s, 1-minute window, observeWrites 60, ONE/ONE): 60 reads per t, fresh counts
 * as observed, and the predicted P(consistent), the client round trip added to t, as a later run gave it.
 */
public final class CannedProbeStatus {

    /** The default t grid, ms, with fresh reads out of 60 and the predicted P(consistent). */
    private static final double[] T_MILLIS = {0, 1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200};

    private static final long[] FRESH = {52, 59, 59, 59, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60};
    private static final double[] PREDICTED = {
        0.9822, 0.9910, 0.9915, 0.9918, 0.9927, 0.9947, 0.9972, 0.9992, 1, 1, 1, 1, 1, 1, 1
    };

    public static final long READS_PER_T = 60;

    private CannedProbeStatus() {}

    /**
     * The observation above, each point's prediction interval from 0.05 below its prediction to 0.02
     * above: the first point (52 of 60 fresh against 0.9822) falls outside it, the others inside.
     */
    public static ObservedStaleness observation() {
        List<ObservedPoint> points = new ArrayList<>();
        for (int i = 0; i < T_MILLIS.length; i++) {
            points.add(new ObservedPoint(
                    T_MILLIS[i],
                    ProportionEstimate.of(FRESH[i], READS_PER_T),
                    PREDICTED[i],
                    0.1,
                    new ObservedPoint.Interval(Math.max(0, PREDICTED[i] - 0.05), Math.min(1, PREDICTED[i] + 0.02))));
        }
        return new ObservedStaleness(
                3,
                1,
                1,
                60,
                0,
                0,
                dev.pbs.model.profile.CoordinatorReplicaShare.ALWAYS,
                1,
                3.8,
                3.5,
                0,
                points,
                List.of(
                        new ObservedStaleness.LatencyComparison("read", 50, 4.1, 4.3),
                        new ObservedStaleness.LatencyComparison("write", 50, 3.6, 3.9)));
    }

    /**
     * A probe connected to three nodes, the third down, with a published profile and the observation.
     *
     * @param operations succeeded operations so far (failed: 7, skipped: 2)
     */
    public static ProbeStatus running(String name, long lastRefreshEpochSeconds, long operations) {
        Map<String, Long> samples = new LinkedHashMap<>();
        samples.put("W", 412L);
        samples.put("A", 412L);
        samples.put("R", 398L);
        samples.put("S", 398L);
        return new ProbeStatus(
                name,
                "cassandra:" + name,
                "running",
                null,
                lastRefreshEpochSeconds,
                null,
                samples,
                operations(operations, 7, 2),
                List.of(
                        new ProbeStatus.Node("127.0.0.1", true, 0),
                        new ProbeStatus.Node("127.0.0.2", true, 0),
                        new ProbeStatus.Node("127.0.0.3", false, 7)),
                ObservationReport.answer(observation()),
                "ONE",
                null,
                List.of(new ObservationCoverage(0, 20, 19), new ObservationCoverage(5, 20, 20)),
                CannedLivePrediction.lnkdDisk(),
                drift(),
                null);
    }

    /** The writes' delays moved (median 1.1 to 41.2 ms), the other messages' did not. */
    private static List<DriftView> drift() {
        return List.of(
                new DriftView("W", 0.62, 1e-40, 2400, 2300, 41.2, 1.1, 180.3, 4.2, 0.11, true),
                new DriftView("A", 0.03, 0.71, 2400, 2300, 0.9, 0.9, 3.1, 3.0, 0.12, false),
                new DriftView("R", 0.04, 0.45, 2300, 2250, 0.8, 0.8, 2.9, 3.2, 0.09, false),
                new DriftView("S", 0.02, 0.93, 2300, 2250, 0.7, 0.7, 2.8, 2.7, 0.1, false));
    }

    /**
     * The history of a {@link #running} probe: an entry ten minutes before its last refresh, with
     * the reference's delays and no drift yet, and the newest, with the status's prediction and
     * drift and the latest delays.
     */
    public static HistoryView history(ProbeStatus running) {
        List<HistoryView.Delays> before = new ArrayList<>();
        List<HistoryView.Delays> latest = new ArrayList<>();
        for (DriftView message : running.drift()) {
            before.add(new HistoryView.Delays(
                    message.message(),
                    message.referenceSamples(),
                    message.referenceMedianMillis(),
                    message.referenceP99Millis()));
            latest.add(new HistoryView.Delays(
                    message.message(),
                    message.latestSamples(),
                    message.latestMedianMillis(),
                    message.latestP99Millis()));
        }
        long newest = running.lastRefreshEpochSeconds();
        return new HistoryView(
                running.name(),
                1008,
                600,
                List.of(
                        new HistoryView.Entry(newest - 600, running.profile(), before, running.prediction(), null),
                        new HistoryView.Entry(
                                newest, running.profile(), latest, running.prediction(), running.drift())));
    }

    /** A probe that has never connected, as one whose contact point nothing listens on is. */
    public static ProbeStatus unreachable(String name, String lastError) {
        return new ProbeStatus(
                name,
                "cassandra:" + name,
                "unreachable",
                lastError,
                0,
                "no measurements yet",
                Map.of(),
                operations(0, 0, 0),
                List.of(),
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    private static Map<String, Long> operations(long succeeded, long failed, long skipped) {
        Map<String, Long> operations = new LinkedHashMap<>();
        operations.put("succeeded", succeeded);
        operations.put("failed", failed);
        operations.put("skipped", skipped);
        return operations;
    }
}
