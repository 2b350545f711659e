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

/**
 * An experiment on the latency part of the comparison (E6, E7 of docs/fidelity.md), from the corpus
 * alone: every natural and validation cell of the corpus and of {@code corpus/confirmation}
 * compared as the probe compares it, and again with the latencies of a variant, the t-visibility
 * as it is; each against the cells' rule, and E6's decision rule: the variant is taken when, on
 * the calibration cells, at least as many meet the rule with a mean latency N-RMSE / goal no
 * larger, on the validation cells more meet it, and no cell that meets the rule today misses it.
 */
final class LatencyVariantExperiment {

    static final List<String> FOLDERS = List.of("", "confirmation/");
    static final List<String> CALIBRATION = List.of("C1", "C2", "C3", "C4");
    static final List<String> VALIDATION = List.of("V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9");

    /** One cell's replay, as the variant needs it. */
    record Cell(String name, RecordReplay replay, ObservationWhileProbing.Result result, int n, double coupling) {}

    /** The variant's latencies for a cell. */
    interface Variant {
        ObservedStaleness compare(Cell cell);
    }

    /** Columns of the cell's line beyond the rule's: a header and the cell's values. */
    interface Columns {
        String header();

        String values(Cell cell, ObservedStaleness today, ObservedStaleness variant);
    }

    private LatencyVariantExperiment() {}

    /**
     * Runs the variant on every cell, writes the report to {@code target/<report>} and returns the
     * decision.
     *
     * @param name the variant's name in the tables and the decision
     */
    static String run(String name, Variant variant, Columns columns, String report) throws IOException {
        Map<String, CellRule.Verdict> today = new LinkedHashMap<>();
        Map<String, CellRule.Verdict> changed = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        lines.add("| cell | latency N-RMSE today | goal | rule today | latency N-RMSE, " + name + " | rule | "
                + columns.header() + " |");
        lines.add("|---|---|---|---|---|---|" + "---|".repeat(columns.header().split("\\|").length));
        for (String folder : FOLDERS) {
            for (String cellName : cells()) {
                String path = folder + cellName;
                RecordReplay replay = RecordReplay.of(CorpusReplayTest.CORPUS.resolve(path + ".jsonl.gz"), "measured");
                ObservedStaleness kept = replay.observation().orElseThrow();
                ObservationWhileProbing.Result result =
                        replay.replayed().observation().orElseThrow();
                double coupling = result.measurement().pairs().clientCoupling();
                int n = replay.replayed().cluster().replicationFactor();
                Cell cell = new Cell(path, replay, result, n, coupling);
                ObservedStaleness rebuilt =
                        StalenessObserver.compare(result.observation(), replay.profile(), n, coupling);
                assertThat(rebuilt.latencies())
                        .as("%s: the latencies rebuilt as the probe compares them", path)
                        .isEqualTo(kept.latencies());
                ObservedStaleness other = variant.compare(cell).withPoints(kept.points(), kept.predictionWindows());
                CellRule.Verdict before = CellRule.of(kept);
                CellRule.Verdict after = CellRule.of(other);
                today.put(path, before);
                changed.put(path, after);
                lines.add(String.format(
                        Locale.ROOT,
                        "| %s | %.1f%% | %.1f%% | %s | %.1f%% | %s | %s |",
                        path,
                        100 * before.latencyNrmse(),
                        100 * before.latencyGoal(),
                        before.passes() ? "meets" : "misses",
                        100 * after.latencyNrmse(),
                        after.passes() ? "meets" : "misses",
                        columns.values(cell, kept, other)));
                System.out.println(lines.get(lines.size() - 1));
            }
        }
        List<String> calibration = named(CALIBRATION);
        List<String> validation = named(VALIDATION);
        lines.add("");
        lines.add(
                "| latencies | calibration cells meeting | their mean latency N-RMSE / goal | validation cells meeting |");
        lines.add("|---|---|---|---|");
        lines.add(summary("today", today, calibration, validation));
        lines.add(summary(name, changed, calibration, validation));
        String decision = decision(name, today, changed, calibration, validation);
        lines.add("");
        lines.add("decision: " + decision);
        String text = String.join("\n", lines) + "\n";
        System.out.println(text);
        Files.writeString(Path.of("target", report), text);
        assertThat(today).hasSize(FOLDERS.size() * (CALIBRATION.size() + VALIDATION.size()));
        return decision;
    }

    /** The observed, today's and the variant's p99 of one operation: {@code 30.6, 45.4, 25.4 ms}. */
    static String p99(ObservedStaleness today, ObservedStaleness variant, String operation) {
        ObservedStaleness.LatencyComparison before = p99Of(today, operation);
        return String.format(
                Locale.ROOT,
                "%.1f, %.1f, %.1f ms",
                before.observedMillis(),
                before.predictedMillis(),
                p99Of(variant, operation).predictedMillis());
    }

    private static ObservedStaleness.LatencyComparison p99Of(ObservedStaleness observed, String operation) {
        return observed.latencies().stream()
                .filter(latency -> latency.operation().equals(operation) && latency.percentile() == 99)
                .findFirst()
                .orElseThrow();
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

    private static String summary(
            String name, Map<String, CellRule.Verdict> verdicts, List<String> calibration, List<String> validation) {
        return String.format(
                Locale.ROOT,
                "| %s | %d of %d | %.3f | %d of %d |",
                name,
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
            String name,
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
            return name + " is not taken: it loses " + lost + ", which meet the rule today";
        }
        if (meeting(variant, calibration) < meeting(today, calibration)
                || meanLatencyRatio(variant, calibration) > meanLatencyRatio(today, calibration)) {
            return name + " is not taken: it does worse on the calibration cells";
        }
        if (meeting(variant, validation) <= meeting(today, validation)) {
            return name + " is not taken: no more validation cells meet the rule";
        }
        return name + " is taken: it does as well or better on the calibration cells, more validation cells meet"
                + " the rule, and no cell is lost";
    }
}
