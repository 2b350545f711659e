package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.formats.profile.ProfileJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every probe record of the corpus (docs/fidelity.md, "The recorded corpus") replays, with no
 * cluster, to the profile kept beside it, byte for byte: a change to the measurement model or the
 * calibration fails here on every cell it moves, until {@code corpus/replay} writes the files again
 * and the diff shows its effect. The observations against the prediction, whose engine runs take
 * most of a replay, are checked on demand by {@link CorpusComparisonIT}, with the fidelity cell C5.
 */
class CorpusReplayTest {

    /** The corpus, from the cli module's folder, where the tests run. */
    static final Path CORPUS = Path.of("..", "corpus");

    /** Every record's cell, by name. */
    static Stream<String> cells() throws IOException {
        List<String> cells = cellsIn("");
        assertThat(cells).as("the corpus's records").isNotEmpty();
        return cells.stream();
    }

    /**
     * The cells of the folders beside the corpus's own records (a measurement model's confirmation
     * on fresh live runs, {@code corpus/confirmation}), by their path from the corpus: {@code
     * confirmation/C1}.
     */
    static Stream<String> cellsBeside() throws IOException {
        try (Stream<Path> folders = Files.list(CORPUS)) {
            List<String> cells = new ArrayList<>();
            for (Path folder : folders.filter(Files::isDirectory).sorted().toList()) {
                cells.addAll(cellsIn(folder.getFileName() + "/"));
            }
            return cells.stream();
        }
    }

    /** The cells of the corpus's folder {@code prefix} ("" or "confirmation/"), sorted. */
    private static List<String> cellsIn(String prefix) throws IOException {
        try (Stream<Path> files = Files.list(CORPUS.resolve(prefix.isEmpty() ? "." : prefix))) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".jsonl.gz"))
                    .map(name -> prefix + name.substring(0, name.length() - ".jsonl.gz".length()))
                    .sorted()
                    .toList();
        }
    }

    /** The cells of probe runs, whose profile follows from their measurement alone. */
    static Stream<String> probeCells() throws IOException {
        return cells().filter(cell -> !Files.exists(CORPUS.resolve(cell + ".json")));
    }

    @ParameterizedTest
    @MethodSource("probeCells")
    void record_replaysToTheProfileKeptBesideIt(String cell) throws IOException {
        RecordReplay replay = RecordReplay.profileOf(CORPUS.resolve(cell + ".jsonl.gz"), "measured");
        assertThat(ProfileJson.writeString(replay.profile()))
                .as("%s: the profile", cell)
                .isEqualTo(Files.readString(CORPUS.resolve(cell + ".profile.json")));
    }
}
