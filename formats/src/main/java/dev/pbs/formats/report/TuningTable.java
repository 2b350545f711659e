package dev.pbs.formats.report;

import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.tuning.CandidateMetrics;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.TuningReadPath;
import dev.pbs.montecarlo.tuning.TuningResult;
import dev.pbs.montecarlo.tuning.TuningSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tuning answer for people: feasible candidates best first, then the rejected ones and why.
 * When several speculative retry settings are searched, or one speculates, each candidate's
 * setting is a column, and the fraction of its reads that speculated another.
 */
public final class TuningTable {

    private TuningTable() {}

    public static String render(TuningResult result) {
        TuningSpec spec = result.spec();
        double windowProbability = TuningJson.windowProbability(spec);
        boolean settings = TuningJson.namesSettings(spec.readPath());
        StringBuilder text = new StringBuilder();
        text.append(String.format(
                Locale.ROOT,
                "pbs tune: profile %s, N=%s, %,d trials, seed %d, objective %s (ms, " + "lower is better)%n",
                spec.profile().name(),
                spec.smallestN() == spec.largestN()
                        ? Integer.toString(spec.smallestN())
                        : spec.smallestN() + ".." + spec.largestN(),
                spec.trials(),
                spec.seed(),
                spec.objective().text()));
        if (!spec.readPath().isPaper()) {
            text.append(readPath(spec.readPath())).append('\n');
        }
        text.append("requirements: ")
                .append(
                        spec.requirements().isEmpty()
                                ? "none"
                                : String.join(
                                        ", ",
                                        spec.requirements().stream()
                                                .map(requirement -> requirement.text())
                                                .toList()))
                .append("\n\n");
        String window = "window@" + NumberText.plain(windowProbability);
        text.append("Feasible, best first (* on the Pareto frontier of read p99.9, write p99.9 and ")
                .append(window)
                .append(")\n");
        if (result.feasible().isEmpty()) {
            text.append("  none: no configuration meets every requirement\n");
        } else {
            List<String> header = new ArrayList<>(List.of("rank", "N", "R", "W"));
            if (settings) {
                header.add("speculative retry");
            }
            header.addAll(List.of("quorum", "score", "read p99.9", "write p99.9", window));
            if (settings) {
                header.add("speculated");
            }
            header.add("frontier");
            TextTable table = new TextTable(header, 0);
            int rank = 1;
            for (TuningResult.Candidate candidate : result.feasible()) {
                table.addRow(row(
                        Integer.toString(rank++),
                        candidate,
                        settings,
                        windowProbability,
                        result.frontier().contains(candidate) ? "*" : ""));
            }
            text.append(table.render());
        }
        if (!result.rejected().isEmpty()) {
            text.append("\nRejected\n");
            List<String> header = new ArrayList<>(List.of("N", "R", "W"));
            if (settings) {
                header.add("speculative retry");
            }
            header.addAll(List.of("quorum", "why"));
            TextTable table = new TextTable(header, header.size());
            for (TuningResult.Candidate candidate : result.rejected()) {
                List<String> row = new ArrayList<>(configuration(candidate, settings));
                row.add(String.join("; ", candidate.violations()));
                table.addRow(row);
            }
            text.append(table.render());
        }
        return text.toString();
    }

    /** One line: how the candidates' reads were simulated. */
    private static String readPath(TuningReadPath readPath) {
        StringBuilder line = new StringBuilder("read path: read fan-out ")
                .append(readPath.readFanout().text());
        if (readPath.searchesSpeculativeRetries()) {
            line.append(", speculative retry searched over ")
                    .append(String.join(
                            ", ",
                            readPath.speculativeRetries().stream()
                                    .map(SpeculativeRetry::text)
                                    .toList()));
        } else if (readPath.speculates()) {
            line.append(", speculative retry ")
                    .append(readPath.speculativeRetries().get(0).text());
        }
        line.append(PredictionTable.readRepairText(readPath.readRepair()));
        if (readPath.replicaChoice().snitch()) {
            line.append(", replicas chosen by the dynamic snitch (badness threshold ")
                    .append(NumberText.plain(readPath.replicaChoice().badnessThreshold()))
                    .append(')');
        }
        return line.toString();
    }

    /** N, R, W, the setting when named, and the quorum's kind. */
    private static List<String> configuration(TuningResult.Candidate candidate, boolean settings) {
        List<String> cells = new ArrayList<>(List.of(
                Integer.toString(candidate.configuration().n()),
                Integer.toString(candidate.configuration().r()),
                Integer.toString(candidate.configuration().w())));
        if (settings) {
            cells.add(candidate.speculativeRetry().text());
        }
        cells.add(candidate.configuration().isStrict() ? "strict" : "partial");
        return cells;
    }

    private static List<String> row(
            String rank,
            TuningResult.Candidate candidate,
            boolean settings,
            double windowProbability,
            String frontier) {
        CandidateMetrics metrics = candidate.metrics();
        double window = metrics.windowMillis(windowProbability);
        List<String> cells = new ArrayList<>();
        cells.add(rank);
        cells.addAll(configuration(candidate, settings));
        cells.add(NumberText.millis(candidate.score()));
        cells.add(NumberText.millis(metrics.readLatencyMillis(Objective.PERCENTILE)));
        cells.add(NumberText.millis(metrics.writeLatencyMillis(Objective.PERCENTILE)));
        cells.add(Double.isFinite(window) ? NumberText.millis(window) : "beyond");
        if (settings) {
            cells.add(NumberText.probability(metrics.speculatedFraction()));
        }
        cells.add(frontier);
        return cells;
    }
}
