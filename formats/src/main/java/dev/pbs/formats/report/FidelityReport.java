package dev.pbs.formats.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.cassandra.fidelity.FidelityResult;
import dev.pbs.cassandra.fidelity.FidelitySettings;
import dev.pbs.cassandra.fidelity.ReadPathComparison;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.wire.FidelityCell;
import dev.pbs.model.profile.WarsMessage;
import dev.pbs.montecarlo.ProportionEstimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What {@code pbs fidelity} prints: the cell, the measurement, and observed against predicted. */
public final class FidelityReport {

    private FidelityReport() {}

    public static String text(FidelityResult result) {
        FidelitySettings settings = result.settings();
        StringBuilder text = new StringBuilder();
        text.append(String.format(
                Locale.ROOT,
                "pbs fidelity: N=%d, injected W ~ Exp(mean %s ms), A, R, S ~ Exp(mean %s ms); "
                        + "%smeasured W %d, A %d, R %d, S %d samples%n"
                        + "table read with %s; reads wait for %d of %d replicas%n%n",
                settings.replicas(),
                NumberText.plain(settings.writeMeanMillis()),
                NumberText.plain(settings.otherMeanMillis()),
                settings.slowReplicaAddress()
                        .map(address -> "slow replica " + address + " (its delays "
                                + NumberText.plain(settings.slowReplica().getAsDouble()) + " times), replica choice "
                                + result.profile()
                                        .readPath()
                                        .map(path -> path.replicaChoice().text())
                                        .orElse("random")
                                + "; ")
                        .orElse(""),
                result.measurement().samples(WarsMessage.WRITE),
                result.measurement().samples(WarsMessage.ACKNOWLEDGEMENT),
                result.measurement().samples(WarsMessage.READ),
                result.measurement().samples(WarsMessage.RESPONSE),
                result.profile()
                        .readPath()
                        .map(path ->
                                "speculative_retry " + path.speculativeRetry().text() + ", read_repair "
                                        + path.readRepair().text())
                        .orElse("the options the schema did not give"),
                settings.table().readReplicas(),
                settings.replicas()));
        text.append(String.format(
                Locale.ROOT,
                "Predicted from the measured profile with %s%s.%n",
                result.prediction().choice().description(),
                result.tracingCost().map(cost -> " (" + cost.describe() + ")").orElse("")));
        text.append(ObservationReport.text(result.comparison()));
        text.append(String.format(
                Locale.ROOT,
                "%nThe profile with %s: RMSE %.4f, latency N-RMSE %.4f.%n",
                result.other().choice().description(),
                result.other().comparison().rmse(),
                result.other().comparison().latencyNrmse()));
        result.readPath().ifPresent(comparison -> text.append(readPathText(comparison)));
        return text.toString();
    }

    /** The record of one cell. */
    public static FidelityCell answer(FidelityResult result) {
        FidelitySettings settings = result.settings();
        Map<String, Long> samples = new LinkedHashMap<>();
        for (WarsMessage message : WarsMessage.values()) {
            samples.put(message.letter(), result.measurement().samples(message));
        }
        return new FidelityCell(
                ObservationReport.answer(result.comparison()),
                new FidelityCell.Injected(
                        settings.writeMeanMillis(),
                        settings.otherMeanMillis(),
                        settings.slowReplicaAddress()
                                .map(address -> new FidelityCell.SlowReplica(
                                        address, settings.slowReplica().getAsDouble()))
                                .orElse(null)),
                new FidelityCell.Table(
                        result.profile()
                                .readPath()
                                .map(path -> path.speculativeRetry().text())
                                .orElse(null),
                        result.profile()
                                .readPath()
                                .map(path -> path.readRepair().text())
                                .orElse(null),
                        settings.table().readReplicas()),
                samples,
                result.elapsed().toSeconds(),
                result.readPath().map(FidelityReport::readPathTraces).orElse(null),
                result.prediction().choice().text(),
                new FidelityCell.OtherProfile(
                        result.other().choice().text(),
                        ObservationReport.answer(result.other().comparison())),
                result.tracingCost()
                        .map(cost -> new FidelityCell.TracingCost(
                                path(cost.ownWrite()),
                                path(cost.otherWrite()),
                                path(cost.ownRead()),
                                path(cost.otherRead())))
                        .orElse(null));
    }

    private static FidelityCell.PathCost path(dev.pbs.cassandra.calibration.TracingCost.PathCost cost) {
        return new FidelityCell.PathCost(cost.costMillis(), cost.stretch());
    }

    private static FidelityCell.ReadPathTraces readPathTraces(ReadPathComparison comparison) {
        return new FidelityCell.ReadPathTraces(
                comparison.tracedReads(),
                comparison.observedSpeculated().estimate(),
                List.of(
                        comparison.observedSpeculated().lower(),
                        comparison.observedSpeculated().upper()),
                comparison.predictedSpeculated(),
                comparison.repairs().stream()
                        .map(repair -> new FidelityCell.RepairPoint(
                                repair.tMillis(),
                                repair.observed().trials(),
                                repair.observedMismatch().estimate(),
                                List.of(
                                        repair.observedMismatch().lower(),
                                        repair.observedMismatch().upper()),
                                repair.predictedMismatch(),
                                repair.observed().estimate(),
                                List.of(
                                        repair.observed().lower(),
                                        repair.observed().upper()),
                                repair.predicted()))
                        .toList(),
                comparison.rmseMismatch(),
                comparison.rmseRepair(),
                comparison.observedAskedWatched().map(asked -> asked.estimate()).orElse(null),
                comparison
                        .observedAskedWatched()
                        .map(asked -> List.of(asked.lower(), asked.upper()))
                        .orElse(null),
                comparison
                        .allReads()
                        .map(all -> new FidelityCell.AllReads(
                                all.observedMismatch().trials(),
                                fraction(all.observedMismatch(), all.predictedMismatch()),
                                fraction(all.observedRepaired(), all.predictedRepaired())))
                        .orElse(null));
    }

    private static FidelityCell.ObservedFraction fraction(ProportionEstimate observed, double predicted) {
        return new FidelityCell.ObservedFraction(
                observed.estimate(), List.of(observed.lower(), observed.upper()), predicted);
    }

    /** The read path's lines of the text report: speculation, then repairs by t. */
    private static String readPathText(ReadPathComparison comparison) {
        StringBuilder text = new StringBuilder();
        text.append(String.format(
                Locale.ROOT,
                "%nRead path, from %d traced reads (model alone): speculated %.4f [%.4f, %.4f], predicted %.4f%n",
                comparison.tracedReads(),
                comparison.observedSpeculated().estimate(),
                comparison.observedSpeculated().lower(),
                comparison.observedSpeculated().upper(),
                comparison.predictedSpeculated()));
        TextTable table = new TextTable(
                List.of("t ms", "traced", "mismatched", "predicted", "repaired", "95% interval", "predicted"), 0);
        for (ReadPathComparison.Repair repair : comparison.repairs()) {
            table.addRow(List.of(
                    NumberText.plain(repair.tMillis()),
                    Long.toString(repair.observed().trials()),
                    NumberText.probability(repair.observedMismatch().estimate()),
                    NumberText.probability(repair.predictedMismatch()),
                    NumberText.probability(repair.observed().estimate()),
                    NumberText.probability(repair.observed().lower()) + " to "
                            + NumberText.probability(repair.observed().upper()),
                    NumberText.probability(repair.predicted())));
        }
        text.append(table.render());
        text.append(String.format(
                Locale.ROOT,
                "RMSE of the mismatched fraction: %.4f; of the repaired fraction: %.4f%n",
                comparison.rmseMismatch(),
                comparison.rmseRepair()));
        comparison
                .allReads()
                .ifPresent(all -> text.append(String.format(
                        Locale.ROOT,
                        "All %d reads, traced or not, by the coordinators' meters: mismatched %.4f [%.4f, %.4f],"
                                + " predicted %.4f; repaired %.4f [%.4f, %.4f], predicted %.4f%n",
                        all.observedMismatch().trials(),
                        all.observedMismatch().estimate(),
                        all.observedMismatch().lower(),
                        all.observedMismatch().upper(),
                        all.predictedMismatch(),
                        all.observedRepaired().estimate(),
                        all.observedRepaired().lower(),
                        all.observedRepaired().upper(),
                        all.predictedRepaired())));
        comparison
                .observedAskedWatched()
                .ifPresent(asked -> text.append(String.format(
                        Locale.ROOT,
                        "Traced reads that asked the slow replica: %.4f [%.4f, %.4f]%n",
                        asked.estimate(),
                        asked.lower(),
                        asked.upper())));
        return text.toString();
    }

    public static ObjectNode tree(FidelityResult result) {
        return JsonMapping.tree(answer(result));
    }

    /** One line per cell, then the mean and worst RMSE. */
    public static String gridText(List<FidelityResult> results) {
        TextTable table = new TextTable(
                List.of(
                        "W mean ms",
                        "A,R,S mean ms",
                        "writes",
                        "P(consistent) t=0",
                        "rmse_t_visibility",
                        "noise floor",
                        "nrmse_latency",
                        "latency floor",
                        "round trip ms"),
                0);
        double sum = 0;
        double worst = 0;
        for (FidelityResult result : results) {
            ObservedStaleness comparison = result.comparison();
            sum += comparison.rmse();
            worst = Math.max(worst, comparison.rmse());
            table.addRow(List.of(
                    NumberText.plain(result.settings().writeMeanMillis()),
                    NumberText.plain(result.settings().otherMeanMillis()),
                    NumberText.count(comparison.writes()),
                    String.format(
                            Locale.ROOT,
                            "%.4f",
                            comparison.points().get(0).observed().estimate()),
                    String.format(Locale.ROOT, "%.4f", comparison.rmse()),
                    String.format(Locale.ROOT, "%.4f", comparison.noiseFloor()),
                    String.format(Locale.ROOT, "%.4f", comparison.latencyNrmse()),
                    String.format(Locale.ROOT, "%.4f", comparison.latencyNoiseFloor()),
                    String.format(Locale.ROOT, "%.2f", comparison.meanClientGapMillis())));
        }
        return table.render()
                + String.format(
                        Locale.ROOT,
                        "RMSE of t-visibility: mean %.4f, worst %.4f over %d cells%n",
                        sum / results.size(),
                        worst,
                        results.size());
    }

    public static String gridJson(List<FidelityResult> results) {
        List<FidelityCell> cells = new ArrayList<>();
        double sum = 0;
        double worst = 0;
        for (FidelityResult result : results) {
            cells.add(answer(result));
            sum += result.comparison().rmse();
            worst = Math.max(worst, result.comparison().rmse());
        }
        return JsonMapping.text(new FidelityCell.Grid(cells, sum / results.size(), worst));
    }

    public static String json(FidelityResult result) {
        return JsonMapping.text(answer(result));
    }
}
