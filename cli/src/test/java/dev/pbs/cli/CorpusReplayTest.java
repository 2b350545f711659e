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
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every record of the corpus (docs/fidelity.md, "The recorded corpus") replays, with no cluster, to
 * the profile and the observation kept beside it, byte for byte: a change to the measurement model,
 * the calibration or the engine fails here on every cell it moves, until {@code corpus/replay}
 * writes the files again and the diff shows its effect. Each cell's figures against the cells' rule
 * are printed.
 */
class CorpusReplayTest {

    /** The corpus, from the cli module's folder, where the tests run. */
    static final Path CORPUS = Path.of("..", "corpus");

    static Stream<String> cells() throws IOException {
        try (Stream<Path> files = Files.list(CORPUS)) {
            List<String> cells = files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".jsonl.gz"))
                    .map(name -> name.substring(0, name.length() - ".jsonl.gz".length()))
                    .sorted()
                    .toList();
            assertThat(cells).as("the corpus's records").isNotEmpty();
            return cells.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("cells")
    void record_replaysToTheFiguresKeptBesideIt(String cell) throws IOException {
        RecordReplay replay = RecordReplay.of(CORPUS.resolve(cell + ".jsonl.gz"), "measured");
        assertThat(ProfileJson.writeString(replay.profile()))
                .as("%s: the profile", cell)
                .isEqualTo(Files.readString(CORPUS.resolve(cell + ".profile.json")));
        if (replay.fidelity().isPresent()) {
            assertThat(FidelityReport.json(replay.fidelity().get()))
                    .as("%s: the fidelity report", cell)
                    .isEqualTo(Files.readString(CORPUS.resolve(cell + ".json")));
            print(cell, replay.fidelity().get().comparison());
            return;
        }
        ObservedStaleness observed = replay.observation().orElseThrow();
        assertThat(ObservationReport.json(observed))
                .as("%s: the observation against the prediction", cell)
                .isEqualTo(Files.readString(CORPUS.resolve(cell + ".observed.json")));
        print(cell, observed);
    }

    private static void print(String cell, ObservedStaleness observed) {
        CellRule.Verdict verdict = CellRule.of(observed);
        System.out.printf(
                Locale.ROOT,
                "corpus %s: P(consistent at 0) observed %.4f, predicted %.4f; RMSE %.2f%% (goal %.2f%%), %d t outside"
                        + " the 99%% interval, latency N-RMSE %.1f%% (goal %.1f%%): %s%n",
                cell,
                observed.points().get(0).observed().estimate(),
                observed.points().get(0).predicted(),
                100 * verdict.rmse(),
                100 * verdict.stalenessGoal(),
                verdict.pointsOutside(),
                100 * verdict.latencyNrmse(),
                100 * verdict.latencyGoal(),
                verdict.passes() ? "meets the rule" : "misses");
    }
}
