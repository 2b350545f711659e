package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.CellRule;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
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
 * Experiment E6 of docs/fidelity.md, from the corpus alone: every natural and validation cell of the
 * corpus and of {@code corpus/confirmation} compared as the probe compares it, and again with the
 * client's part of each predicted latency on {@link #VARIANT_LEVELS} quantiles instead of {@link
 * StalenessObserver#CLIENT_PART_LEVELS}, the t-visibility as it is; each against the cells' rule,
 * and the rule's decision. Writes {@code target/latency-grid.md}. On demand: {@code mvn verify
 * -Pexperiment -Dit.groups=corpus-experiment -Dit.test=LatencyGridExperimentIT -pl cli} (about
 * half a minute a cell).
 */
@Tag("corpus-experiment")
class LatencyGridExperimentIT {

    private static final int VARIANT_LEVELS = 1000;
    private static final List<String> FOLDERS = List.of("", "confirmation/");
    private static final List<String> CALIBRATION = List.of("C1", "C2", "C3", "C4");
    private static final List<String> VALIDATION = List.of("V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9");

    @Test
    void clientPartOnAFinerGrid_againstTheCellsRule() throws IOException {
        Map<String, CellRule.Verdict> today = new LinkedHashMap<>();
        Map<String, CellRule.Verdict> variant = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        lines.add("| cell | latency N-RMSE today | goal | rule today | latency N-RMSE at "
                + VARIANT_LEVELS
                + " | rule | p99 of writes observed, today, variant | p99 of reads observed, today, variant |");
        lines.add("|---|---|---|---|---|---|---|---|");
        for (String folder : FOLDERS) {
            for (String name : cells()) {
                String cell = folder + name;
                RecordReplay replay = RecordReplay.of(CorpusReplayTest.CORPUS.resolve(cell + ".jsonl.gz"), "measured");
                ObservedStaleness kept = replay.observation().orElseThrow();
                ObservationWhileProbing.Result result =
                        replay.replayed().observation().orElseThrow();
                double coupling = result.measurement().pairs().clientCoupling();
                int n = replay.replayed().cluster().replicationFactor();
                ObservedStaleness rebuilt = StalenessObserver.compare(
                        result.observation(), replay.profile(), n, coupling, StalenessObserver.CLIENT_PART_LEVELS);
                assertThat(rebuilt.latencies())
                        .as("%s: the latencies rebuilt as the probe compares them", cell)
                        .isEqualTo(kept.latencies());
                ObservedStaleness finer = StalenessObserver.compare(
                                result.observation(), replay.profile(), n, coupling, VARIANT_LEVELS)
                        .withPoints(kept.points(), kept.predictionWindows());
                CellRule.Verdict before = CellRule.of(kept);
                CellRule.Verdict after = CellRule.of(finer);
                today.put(cell, before);
                variant.put(cell, after);
                lines.add(String.format(
                        Locale.ROOT,
                        "| %s | %.1f%% | %.1f%% | %s | %.1f%% | %s | %s | %s |",
                        cell,
                        100 * before.latencyNrmse(),
                        100 * before.latencyGoal(),
                        before.passes() ? "meets" : "misses",
                        100 * after.latencyNrmse(),
                        after.passes() ? "meets" : "misses",
                        p99(kept, finer, "write"),
                        p99(kept, finer, "read")));
                System.out.println(lines.get(lines.size() - 1));
            }
        }
        List<String> calibration = named(CALIBRATION);
        List<String> validation = named(VALIDATION);
        lines.add("");
        lines.add("| grid | calibration cells meeting | their mean latency N-RMSE / goal | validation cells meeting |");
        lines.add("|---|---|---|---|");
        lines.add(summary(StalenessObserver.CLIENT_PART_LEVELS, today, calibration, validation));
        lines.add(summary(VARIANT_LEVELS, variant, calibration, validation));
        lines.add("");
        lines.add("decision: " + decision(today, variant, calibration, validation));
        String report = String.join("\n", lines) + "\n";
        System.out.println(report);
        Files.writeString(Path.of("target", "latency-grid.md"), report);
        assertThat(today).hasSize(FOLDERS.size() * (CALIBRATION.size() + VALIDATION.size()));
    }

    private static List<String> cells() {
        List<String> cells = new ArrayList<>(CALIBRATION);
        cells.addAll(VALIDATION);
        return cells;
    }

    /** The cells of every folder. */
    private static List<String> named(List<String> cells) {
        List<String> named = new ArrayList<>();
        for (String folder : FOLDERS) {
            cells.forEach(cell -> named.add(folder + cell));
        }
        return named;
    }

    private static String p99(ObservedStaleness kept, ObservedStaleness finer, String operation) {
        ObservedStaleness.LatencyComparison before = p99Of(kept, operation);
        ObservedStaleness.LatencyComparison after = p99Of(finer, operation);
        return String.format(
                Locale.ROOT,
                "%.1f, %.1f, %.1f ms",
                before.observedMillis(),
                before.predictedMillis(),
                after.predictedMillis());
    }

    private static ObservedStaleness.LatencyComparison p99Of(ObservedStaleness observed, String operation) {
        return observed.latencies().stream()
                .filter(latency -> latency.operation().equals(operation) && latency.percentile() == 99)
                .findFirst()
                .orElseThrow();
    }

    private static String summary(
            int levels, Map<String, CellRule.Verdict> verdicts, List<String> calibration, List<String> validation) {
        return String.format(
                Locale.ROOT,
                "| %d | %d of %d | %.3f | %d of %d |",
                levels,
                meeting(verdicts, calibration),
                calibration.size(),
                meanLatencyRatio(verdicts, calibration),
                meeting(verdicts, validation),
                validation.size());
    }

    private static int meeting(Map<String, CellRule.Verdict> verdicts, List<String> cells) {
        return (int) cells.stream().filter(cell -> verdicts.get(cell).passes()).count();
    }

    private static double meanLatencyRatio(Map<String, CellRule.Verdict> verdicts, List<String> cells) {
        return cells.stream()
                .mapToDouble(cell ->
                        verdicts.get(cell).latencyNrmse() / verdicts.get(cell).latencyGoal())
                .average()
                .orElseThrow();
    }

    private static String decision(
            Map<String, CellRule.Verdict> today,
            Map<String, CellRule.Verdict> variant,
            List<String> calibration,
            List<String> validation) {
        List<String> lost = new ArrayList<>();
        for (String cell : today.keySet()) {
            if (today.get(cell).passes() && !variant.get(cell).passes()) {
                lost.add(cell);
            }
        }
        if (!lost.isEmpty()) {
            return "the finer grid is not taken: it loses " + lost + ", which meet the rule today";
        }
        if (meeting(variant, calibration) < meeting(today, calibration)
                || meanLatencyRatio(variant, calibration) > meanLatencyRatio(today, calibration)) {
            return "the finer grid is not taken: it does worse on the calibration cells";
        }
        if (meeting(variant, validation) <= meeting(today, validation)) {
            return "the finer grid is not taken: no more validation cells meet the rule";
        }
        return "the finer grid is taken: it does as well or better on the calibration cells, more validation"
                + " cells meet the rule, and no cell is lost";
    }
}
