package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.TimeOriginShift;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Experiment E4 of docs/fidelity.md, the time origin, on every record of the corpus, with no cluster:
 * each cell's shifts s(t) that bring the prediction (the whole run's profile, as replayed) to the
 * observation, the line s = s0 + k t through them, and the rule's decision. Prints a table and writes
 * it to {@code target/time-origin.md}. On demand: {@code mvn verify -Pexperiment
 * -Dit.groups=corpus-experiment -pl cli -am} (a few minutes: each record is replayed whole).
 */
@Tag("corpus-experiment")
class TimeOriginExperimentIT {

    @Test
    void everyCell_itsShiftsAlongT() throws IOException {
        List<String> rows = new ArrayList<>();
        rows.add("| cell | t (ms): observed, predicted, shift s(t) ± se (ms) | s0 ± se (ms) | k ± se | origin? |");
        rows.add("|---|---|---|---|---|");
        for (String cell : CorpusReplayTest.cells().toList()) {
            RecordReplay replay =
                    RecordReplay.profileOf(CorpusReplayTest.CORPUS.resolve(cell + ".jsonl.gz"), "measured");
            if (replay.replayed().observation().isEmpty()) {
                continue; // a probe run without an observation (T05, T50)
            }
            ObservationWhileProbing.Result observed =
                    replay.replayed().observation().get();
            TimeOriginShift.Result shifts = TimeOriginShift.of(
                    observed.observation(),
                    replay.profile(),
                    replay.replayed().cluster().replicationFactor(),
                    observed.measurement().pairs().clientCoupling());
            StringBuilder points = new StringBuilder();
            for (TimeOriginShift.Point point : shifts.points()) {
                points.append(String.format(
                        Locale.ROOT,
                        "%s%.0f: %.4f, %.4f, %+.2f ± %.2f",
                        points.length() == 0 ? "" : "; ",
                        point.tMillis(),
                        point.observed(),
                        point.predicted(),
                        point.shiftMillis(),
                        point.standardErrorMillis()));
            }
            String row = String.format(
                    Locale.ROOT,
                    "| %s | %s | %+.2f ± %.2f | %+.3f ± %.3f | %s |",
                    cell,
                    points,
                    shifts.interceptMillis(),
                    shifts.interceptStandardError(),
                    shifts.slope(),
                    shifts.slopeStandardError(),
                    shifts.points().size() < 2 ? "too few t" : shifts.pointsAtTheOrigin() ? "yes" : "no");
            System.out.println(row);
            rows.add(row);
        }
        String table = String.join("\n", rows) + "\n";
        System.out.println(table);
        Files.writeString(Path.of("target", "time-origin.md"), table);
        assertThat(rows).hasSizeGreaterThan(2);
    }
}
