package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.cluster.ReadRepairMeters;
import dev.pbs.cassandra.observe.RawObservation;
import dev.pbs.cassandra.observe.ReadPathTally;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.readpath.ReadPath;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.RepairPoint;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the traced sample of observed reads showed of the read path, against the engine's
 * prediction from the measured profile with the table's read path: the fraction of reads that
 * asked an extra replica, and at each t the fractions that found their answers disagree (a digest
 * mismatch) and that repaired a replica. The prediction of each t averages the engine's over the
 * times the reads met it: t plus their send lag plus the client's round trip (four of its
 * quantiles), as the default t-visibility comparison does; with a separate coordinator.
 *
 * @param tracedReads traced reads whose events were read
 * @param observedSpeculated the fraction of them that asked an extra replica, with its 95% interval
 * @param predictedSpeculated the engine's fraction (0 when the table does not speculate)
 * @param repairs per t with traced reads: observed against predicted mismatches and repairs
 * @param rmseMismatch RMSE of observed against predicted mismatch fractions over those t
 * @param rmseRepair RMSE of observed against predicted repair fractions over those t
 * @param observedAskedWatched with a watched (slow) replica, the fraction of traced reads that
 *     asked it, with its 95% interval; empty when none was watched
 * @param allReads the fractions of all the observation's reads, traced or not, that mismatched and
 *     that repaired, from the coordinators' own meters, against the prediction over the same reads;
 *     empty when the meters could not be read
 */
public record ReadPathComparison(
        long tracedReads,
        ProportionEstimate observedSpeculated,
        double predictedSpeculated,
        List<Repair> repairs,
        double rmseMismatch,
        double rmseRepair,
        Optional<ProportionEstimate> observedAskedWatched,
        Optional<AllReads> allReads) {

    /**
     * Mismatches and repairs over every read of the observation, traced or not, counted by the
     * coordinators' meters ({@link ReadRepairMeters}): a traced read pays for its tracing, and
     * reaches its replicas later than the reads it stands for.
     *
     * @param observedMismatch the reads that mismatched, of all the observation's reads
     * @param predictedMismatch the engine's fraction, averaged over the grid's points weighted by
     *     their reads
     * @param observedRepaired the read-repair mutations sent, per read (at most one per read when R is 2)
     * @param predictedRepaired the engine's fraction of reads that repaired, weighted the same way
     */
    public record AllReads(
            ProportionEstimate observedMismatch,
            double predictedMismatch,
            ProportionEstimate observedRepaired,
            double predictedRepaired) {}

    /** Prediction trials: the same as the staleness prediction's. */
    private static final long TRIALS = 400_000;

    private static final long SEED = 42;

    /**
     * Reads mismatching and repairing at one t.
     *
     * @param tMillis ms after the write's acknowledgement
     * @param observedMismatch the traced reads at t that read the full data again, with their 95%
     *     interval
     * @param predictedMismatch the engine's fraction at t
     * @param observed the traced reads at t that repaired, with their 95% interval
     * @param predicted the engine's fraction at t
     */
    public record Repair(
            double tMillis,
            ProportionEstimate observedMismatch,
            double predictedMismatch,
            ProportionEstimate observed,
            double predicted) {}

    public ReadPathComparison {
        repairs = List.copyOf(repairs);
    }

    /** How many quantiles of the client's round trip each t is predicted at (at most the engine's grid allows). */
    private static final int GAP_QUANTILES = 4;

    /**
     * Per point of the grid, the times after commit at which its reads are predicted: t plus the
     * point's mean send lag plus each of {@link #GAP_QUANTILES} quantiles of the client's round
     * trip (at the mid-points of equal slices), rounded to a microsecond; without a measured round
     * trip, t plus the send lag.
     */
    private static double[][] timesAsRead(RawObservation observation, double[] grid) {
        org.HdrHistogram.Histogram gaps = observation.clientGapMicros();
        int quantiles = gaps.getTotalCount() == 0
                ? 1
                : Math.max(1, Math.min(GAP_QUANTILES, SimulationSpec.MAX_REPAIR_GRID_POINTS / grid.length));
        double[][] times = new double[grid.length][quantiles];
        for (int point = 0; point < grid.length; point++) {
            long reads = observation.reads()[point];
            double lag = reads == 0 ? 0 : observation.lagMicros()[point] / 1000.0 / reads;
            for (int q = 0; q < quantiles; q++) {
                double gap = gaps.getTotalCount() == 0
                        ? 0
                        : gaps.getValueAtPercentile(100.0 * (q + 0.5) / quantiles) / 1000.0;
                times[point][q] = Math.round((grid[point] + lag + gap) * 1000) / 1000.0;
            }
        }
        return times;
    }

    /** The comparison, or empty when no traced read was answered. */
    static Optional<ReadPathComparison> of(RawObservation observation, LatencyProfile profile, int n) {
        return of(observation, profile, n, Optional.empty());
    }

    /**
     * The comparison, or empty when no traced read was answered.
     *
     * @param counted how many of the observation's reads mismatched and repaired, by the
     *     coordinators' meters; empty when they could not be read
     */
    static Optional<ReadPathComparison> of(
            RawObservation observation, LatencyProfile profile, int n, Optional<ReadRepairMeters.Counts> counted) {
        ReadPathTally traces = observation.readPathTraces();
        if (traces.totalTraced() == 0) {
            return Optional.empty();
        }
        ReadPath path = profile.readPath()
                .orElse(new ReadPath(new SpeculativeRetry.None(), ReadRepair.OFF, ReplicaChoice.random()));
        int r = observation.settings().readReplicas();
        int w = observation.settings().writeReplicas();
        double[] grid = observation.settings().delaysMillis();
        // Each t as the reads met it: the nominal t, plus each read's send lag, plus the client's
        // round trip (a few of its quantiles), as the default t-visibility comparison does.
        double[][] times = timesAsRead(observation, grid);
        double[] engineGrid = java.util.Arrays.stream(times)
                .flatMapToDouble(java.util.Arrays::stream)
                .sorted()
                .distinct()
                .toArray();
        ReadRepair repair =
                engineGrid.length <= SimulationSpec.MAX_REPAIR_GRID_POINTS ? path.readRepair() : ReadRepair.OFF;
        ConfigurationResult predicted = new WarsEngine()
                .run(SimulationSpec.builder(profile, n)
                        .configuration(r, w)
                        .trials(TRIALS)
                        .seed(SEED)
                        .readFanout(ReadFanout.TARGETED)
                        .speculativeRetry(path.speculativeRetry())
                        .readRepair(repair)
                        .replicaChoice(path.replicaChoice())
                        .visibilityGridMillis(engineGrid)
                        .threads(Math.min(
                                SimulationSpec.MAX_THREADS, Runtime.getRuntime().availableProcessors()))
                        .build())
                .configuration(r, w)
                .orElseThrow();
        double speculated = predicted
                .speculation()
                .map(speculation -> speculation.speculated().estimate())
                .orElse(0.0);
        List<RepairPoint> repairPoints = predicted.readRepair().orElse(List.of());
        long[] traced = traces.traced();
        long[] mismatched = traces.mismatched();
        long[] repaired = traces.repaired();
        List<Repair> repairs = new ArrayList<>();
        double mismatchSquares = 0;
        double squares = 0;
        long[] reads = observation.reads();
        long allReads = 0;
        double allExpectedMismatches = 0;
        double allExpectedRepairs = 0;
        for (int point = 0; point < grid.length; point++) {
            double expectedMismatch = 0;
            double expected = 0;
            if (!repairPoints.isEmpty()) {
                for (double t : times[point]) {
                    RepairPoint at = repairPoints.get(java.util.Arrays.binarySearch(engineGrid, t));
                    expectedMismatch += at.mismatched().estimate() / times[point].length;
                    expected += at.repaired().estimate() / times[point].length;
                }
            }
            long pointReads = reads[point] + traced[point];
            allReads += pointReads;
            allExpectedMismatches += pointReads * expectedMismatch;
            allExpectedRepairs += pointReads * expected;
            if (traced[point] == 0) {
                continue;
            }
            ProportionEstimate seenMismatch = ProportionEstimate.of(mismatched[point], traced[point]);
            ProportionEstimate seen = ProportionEstimate.of(repaired[point], traced[point]);
            repairs.add(new Repair(grid[point], seenMismatch, expectedMismatch, seen, expected));
            mismatchSquares +=
                    (seenMismatch.estimate() - expectedMismatch) * (seenMismatch.estimate() - expectedMismatch);
            squares += (seen.estimate() - expected) * (seen.estimate() - expected);
        }
        Optional<AllReads> all = Optional.empty();
        // More mismatches or repairs than reads would mean that other reads marked the meters too: not
        // reported.
        if (counted.isPresent()
                && allReads > 0
                && counted.get().mismatchedReads() <= allReads
                && counted.get().repairMutations() <= allReads
                && !repairPoints.isEmpty()) {
            all = Optional.of(new AllReads(
                    ProportionEstimate.of(counted.get().mismatchedReads(), allReads),
                    allExpectedMismatches / allReads,
                    ProportionEstimate.of(counted.get().repairMutations(), allReads),
                    allExpectedRepairs / allReads));
        }
        return Optional.of(new ReadPathComparison(
                traces.totalTraced(),
                ProportionEstimate.of(traces.totalSpeculated(), traces.totalTraced()),
                speculated,
                repairs,
                Math.sqrt(mismatchSquares / repairs.size()),
                Math.sqrt(squares / repairs.size()),
                observation.settings().keysReplicatedOn().isPresent()
                        ? Optional.of(ProportionEstimate.of(traces.totalAskedWatched(), traces.totalTraced()))
                        : Optional.empty(),
                all));
    }
}
