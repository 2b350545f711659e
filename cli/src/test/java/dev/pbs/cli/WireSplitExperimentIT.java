package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.CellRule;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.probe.WireSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Experiment E5 of docs/fidelity.md, from the corpus alone: every calibration and validation cell
 * replayed with the traced messages' wire time shared 0, 0.25, 0.5 (the probe's model), 0.75 and 1
 * to the outbound message ({@link WireSplit}), everything else as the probe computes it, each
 * against the cells' rule; the share chosen on the calibration cells and the rule's decision on the
 * validation cells. Writes {@code target/wire-split.md}. On demand: {@code mvn verify -Pexperiment
 * -Dit.groups=corpus-experiment -pl cli -am} (about two minutes a share).
 */
@Tag("corpus-experiment")
class WireSplitExperimentIT {

    private static final double[] SHARES = {0, 0.25, 0.5, 0.75, 1};
    private static final List<String> CALIBRATION = List.of("C1", "C2", "C3", "C4", "C5");
    private static final List<String> VALIDATION = List.of("V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9");

    @Test
    void wireSplits_againstTheCellsRule() throws IOException {
        Map<Double, Map<String, CellRule.Verdict>> verdicts = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        lines.add("| share | cell | RMSE | goal | ratio | t outside | latency N-RMSE | goal | rule |");
        lines.add("|---|---|---|---|---|---|---|---|---|");
        for (double share : SHARES) {
            Map<String, CellRule.Verdict> byCell = new LinkedHashMap<>();
            for (String cell : cells()) {
                RecordReplay replay = RecordReplay.of(
                        CorpusReplayTest.CORPUS.resolve(cell + ".jsonl.gz"), "measured", new WireSplit(share, 0.5));
                ObservedStaleness observed = replay.fidelity()
                        .map(result -> result.comparison())
                        .orElseGet(() -> replay.observation().orElseThrow());
                CellRule.Verdict verdict = CellRule.of(observed);
                byCell.put(cell, verdict);
                lines.add(String.format(
                        Locale.ROOT,
                        "| %.2f | %s | %.2f%% | %.2f%% | %.2f | %d | %.1f%% | %.1f%% | %s |",
                        share,
                        cell,
                        100 * verdict.rmse(),
                        100 * verdict.stalenessGoal(),
                        ratio(verdict),
                        verdict.pointsOutside(),
                        100 * verdict.latencyNrmse(),
                        100 * verdict.latencyGoal(),
                        verdict.passes() ? "meets" : "misses"));
                System.out.println(lines.get(lines.size() - 1));
            }
            verdicts.put(share, byCell);
        }
        lines.add("");
        lines.add(
                "| share | calibration cells meeting | their mean ratio | validation cells meeting | their mean ratio |");
        lines.add("|---|---|---|---|---|");
        double chosen = Double.NaN;
        for (double share : SHARES) {
            Map<String, CellRule.Verdict> byCell = verdicts.get(share);
            lines.add(String.format(
                    Locale.ROOT,
                    "| %.2f | %d | %.3f | %d | %.3f |",
                    share,
                    meeting(byCell, CALIBRATION),
                    meanRatio(byCell, CALIBRATION),
                    meeting(byCell, VALIDATION),
                    meanRatio(byCell, VALIDATION)));
            if (Double.isNaN(chosen) || better(byCell, verdicts.get(chosen), CALIBRATION)) {
                chosen = share;
            }
        }
        lines.add("");
        lines.add(String.format(Locale.ROOT, "chosen on the calibration cells: %.2f", chosen));
        lines.add("decision: " + decision(verdicts.get(chosen), verdicts.get(0.5), chosen));
        String report = String.join("\n", lines) + "\n";
        System.out.println(report);
        Files.writeString(Path.of("target", "wire-split.md"), report);
        assertThat(verdicts.get(0.5)).hasSize(CALIBRATION.size() + VALIDATION.size());
    }

    private static List<String> cells() {
        List<String> cells = new ArrayList<>(CALIBRATION);
        cells.addAll(VALIDATION);
        return cells;
    }

    /** RMSE over its goal, max(0.5%, 1.5 noise floors): at most 1 where the rule's staleness part is met. */
    private static double ratio(CellRule.Verdict verdict) {
        return verdict.rmse() / verdict.stalenessGoal();
    }

    private static int meeting(Map<String, CellRule.Verdict> byCell, List<String> cells) {
        return (int) cells.stream().filter(cell -> byCell.get(cell).passes()).count();
    }

    private static double meanRatio(Map<String, CellRule.Verdict> byCell, List<String> cells) {
        return cells.stream()
                .mapToDouble(cell -> ratio(byCell.get(cell)))
                .average()
                .orElseThrow();
    }

    /** More cells meeting the rule, or as many with a smaller mean ratio. */
    private static boolean better(
            Map<String, CellRule.Verdict> candidate, Map<String, CellRule.Verdict> other, List<String> cells) {
        int candidateMeeting = meeting(candidate, cells);
        int otherMeeting = meeting(other, cells);
        return candidateMeeting > otherMeeting
                || candidateMeeting == otherMeeting && meanRatio(candidate, cells) < meanRatio(other, cells);
    }

    private static String decision(
            Map<String, CellRule.Verdict> chosen, Map<String, CellRule.Verdict> today, double share) {
        if (share == 0.5) {
            return "the calibration cells choose one half: the split stays as it is";
        }
        List<String> lost = new ArrayList<>();
        for (String cell : cells()) {
            if (today.get(cell).passes() && !chosen.get(cell).passes()) {
                lost.add(cell);
            }
        }
        if (!lost.isEmpty()) {
            return String.format(Locale.ROOT, "%.2f is not taken: it loses %s, which one half meets", share, lost);
        }
        if (!better(chosen, today, VALIDATION)) {
            return String.format(
                    Locale.ROOT, "%.2f is not taken: it does not improve the validation cells on one half", share);
        }
        return String.format(
                Locale.ROOT,
                "%.2f replaces one half: it improves the validation cells and loses no cell; fresh live runs are to confirm it",
                share);
    }
}
