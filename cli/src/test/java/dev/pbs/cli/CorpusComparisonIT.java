package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.CellRule;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.formats.report.FidelityReport;
import dev.pbs.formats.report.ObservationReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every record of the corpus (docs/fidelity.md, "The recorded corpus") replays, with no cluster, to
 * the observation against the prediction kept beside it (a fidelity cell: its report and profile),
 * byte for byte, so that a change to the measurement model, the calibration or the engine shows its
 * effect on every cell. Prints each cell's figures against the cells' rule, and writes them to
 * {@code target/corpus-cells.md}. On demand (tag {@code corpus-experiment}: {@code mvn verify
 * -Pexperiment -Dit.groups=corpus-experiment -pl cli -am}): each replay runs the engine for every
 * window of its observation, about half a minute a cell.
 */
@Tag("corpus-experiment")
class CorpusComparisonIT {

    private static final List<String> ROWS = new ArrayList<>();

    @ParameterizedTest
    @MethodSource({"dev.pbs.cli.CorpusReplayTest#cells", "dev.pbs.cli.CorpusReplayTest#cellsBeside"})
    void record_replaysToTheComparisonKeptBesideIt(String cell) throws IOException {
        RecordReplay replay = RecordReplay.of(CorpusReplayTest.CORPUS.resolve(cell + ".jsonl.gz"), "measured");
        assertThat(ProfileJson.writeString(replay.profile()))
                .as("%s: the profile", cell)
                .isEqualTo(Files.readString(CorpusReplayTest.CORPUS.resolve(cell + ".profile.json")));
        if (replay.fidelity().isPresent()) {
            assertThat(FidelityReport.json(replay.fidelity().get()))
                    .as("%s: the fidelity report", cell)
                    .isEqualTo(Files.readString(CorpusReplayTest.CORPUS.resolve(cell + ".json")));
            row(cell, replay.fidelity().get().comparison());
            return;
        }
        if (replay.observation().isEmpty()) {
            return; // a probe run without an observation: its profile is all it computed
        }
        ObservedStaleness observed = replay.observation().get();
        assertThat(ObservationReport.json(observed))
                .as("%s: the observation against the prediction", cell)
                .isEqualTo(Files.readString(CorpusReplayTest.CORPUS.resolve(cell + ".observed.json")));
        row(cell, observed);
    }

    @AfterAll
    static void table() throws IOException {
        String table = "| cell | P(consistent at 0) observed | predicted | RMSE (goal) | t outside the 99% interval "
                + "| latency N-RMSE (goal) | the rule |\n|---|---|---|---|---|---|---|\n" + String.join("\n", ROWS)
                + "\n";
        System.out.println(table);
        Files.writeString(Path.of("target", "corpus-cells.md"), table);
    }

    private static void row(String cell, ObservedStaleness observed) {
        CellRule.Verdict verdict = CellRule.of(observed);
        String row = String.format(
                Locale.ROOT,
                "| %s | %.4f | %.4f | %.2f%% (%.2f%%) | %d | %.1f%% (%.1f%%) | %s |",
                cell,
                observed.points().get(0).observed().estimate(),
                observed.points().get(0).predicted(),
                100 * verdict.rmse(),
                100 * verdict.stalenessGoal(),
                verdict.pointsOutside(),
                100 * verdict.latencyNrmse(),
                100 * verdict.latencyGoal(),
                verdict.passes() ? "meets" : "misses");
        System.out.println(row);
        synchronized (ROWS) {
            ROWS.add(row);
        }
    }
}
