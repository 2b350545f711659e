package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.calibration.CalibrationSettings;
import dev.pbs.cassandra.calibration.UntracedPrediction;
import dev.pbs.cassandra.observe.LatencySampling;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.UntracedKind;
import dev.pbs.formats.record.ProbeRecordReader;
import dev.pbs.model.profile.LatencyProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The first half of experiment E3 of docs/fidelity.md, from the corpus alone: probe runs that also
 * timed untraced writes and reads at ALL through a replica of their key ({@code ./pbs probe
 * --time-all}; records A1 and A2), whose latency is the slowest replica's. Each kind's observed p50,
 * p90 and p99 with their standard errors beside what the run's calibrated profile predicts for it
 * ({@link UntracedPrediction}, the calibration's own prediction; the calibration is fitted on ONE
 * and TWO, never on ALL), and the rule's decision: the other replicas' delays have too long a tail
 * (a) when the prediction exceeds the observed ALL at p90 and p99 by more than max(10%, 1.5 standard
 * errors of the observed percentile, relative) while ONE lies within that of its observed. Writes
 * {@code target/slowest-replica.md}. On demand: {@code mvn verify -Pexperiment
 * -Dit.groups=corpus-experiment -pl cli -am}.
 */
@Tag("corpus-experiment")
class SlowestReplicaExperimentIT {

    private static final double[] PERCENTILES = {50, 90, 99};
    private static final List<String> RECORDS = List.of("A1", "A2");
    private static final List<UntracedKind> KINDS = List.of(
            UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA,
            UntracedKind.WRITE_AT_TWO_THROUGH_REPLICA,
            UntracedKind.WRITE_AT_ALL_THROUGH_REPLICA,
            UntracedKind.READ_AT_ONE_THROUGH_REPLICA,
            UntracedKind.READ_AT_TWO_THROUGH_REPLICA,
            UntracedKind.READ_AT_ALL_THROUGH_REPLICA);

    @Test
    void untracedAtAll_againstTheProfilesPrediction() throws IOException {
        List<String> lines = new ArrayList<>();
        int decided = 0;
        for (String cell : RECORDS) {
            ProbeSnapshot snapshot = ProbeRecordReader.replay(CorpusReplayTest.CORPUS.resolve(cell + ".jsonl.gz"))
                    .measurement();
            LatencyProfile profile = CalibratedProfile.of(snapshot, cell);
            int n = snapshot.replicationFactor();
            lines.add("### " + cell);
            lines.add("");
            lines.add("| operation | samples | percentile | observed ms (se) | predicted ms | excess | allowed |");
            lines.add("|---|---|---|---|---|---|---|");
            boolean[] allExceeds = {true, true};
            boolean[] oneWithin = {true, true};
            for (UntracedKind kind : KINDS) {
                Histogram timed = snapshot.client().timed(kind);
                assertThat(timed.getTotalCount())
                        .as("%s of %s: the record must come from ./pbs probe --time-all", kind.label(), cell)
                        .isGreaterThan(100);
                double[] predicted = UntracedPrediction.percentilesMillis(
                        profile, n, kind, snapshot.client().roundTrips(), PERCENTILES, CalibrationSettings.DEFAULT);
                for (int k = 0; k < PERCENTILES.length; k++) {
                    double observed = timed.getValueAtPercentile(PERCENTILES[k]) / 1000.0;
                    double error = LatencySampling.standardErrorMillis(timed, PERCENTILES[k]);
                    double excess = predicted[k] / observed - 1;
                    double allowed = Math.max(0.10, 1.5 * error / observed);
                    if (PERCENTILES[k] >= 90) {
                        int side = kind.isWrite() ? 0 : 1;
                        if (kind.awaited() == UntracedKind.Awaited.ALL) {
                            allExceeds[side] &= excess > allowed;
                        } else if (kind.awaited() == UntracedKind.Awaited.ONE) {
                            oneWithin[side] &= Math.abs(excess) <= allowed;
                        }
                    }
                    lines.add(String.format(
                            Locale.ROOT,
                            "| %s | %d | p%.0f | %.3f (%.3f) | %.3f | %+.1f%% | %.1f%% |",
                            kind.label(),
                            timed.getTotalCount(),
                            PERCENTILES[k],
                            observed,
                            error,
                            predicted[k],
                            100 * excess,
                            100 * allowed));
                }
            }
            lines.add("");
            lines.add(cell + " writes: " + decision(allExceeds[0], oneWithin[0]));
            lines.add(cell + " reads: " + decision(allExceeds[1], oneWithin[1]));
            lines.add("");
            decided++;
        }
        String report = String.join("\n", lines) + "\n";
        System.out.println(report);
        Files.writeString(Path.of("target", "slowest-replica.md"), report);
        assertThat(decided).isEqualTo(RECORDS.size());
    }

    private static String decision(boolean allExceeds, boolean oneWithin) {
        if (allExceeds && oneWithin) {
            return "(a) called for: the profile predicts ALL too slow at p90 and p99 while ONE fits";
        }
        if (allExceeds) {
            return "ALL predicted too slow at p90 and p99, but ONE does not fit either: the rule cannot call (a)";
        }
        return "(a) not called for: the predicted ALL does not exceed the observed at both p90 and p99";
    }
}
