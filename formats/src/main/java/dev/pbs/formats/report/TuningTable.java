package dev.pbs.formats.report;

import dev.pbs.montecarlo.tuning.CandidateMetrics;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.TuningResult;
import dev.pbs.montecarlo.tuning.TuningSpec;
import java.util.List;
import java.util.Locale;

/** The tuning answer for people: feasible configurations best first, then the rejected ones and why. */
public final class TuningTable {

    private TuningTable() {}

    public static String render(TuningResult result) {
        TuningSpec spec = result.spec();
        double windowProbability = TuningJson.windowProbability(spec);
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
            TextTable table = new TextTable(
                    List.of("rank", "N", "R", "W", "quorum", "score", "read p99.9", "write p99.9", window, "frontier"),
                    0);
            int rank = 1;
            for (TuningResult.Candidate candidate : result.feasible()) {
                table.addRow(row(
                        Integer.toString(rank++),
                        candidate,
                        windowProbability,
                        result.frontier().contains(candidate) ? "*" : ""));
            }
            text.append(table.render());
        }
        if (!result.rejected().isEmpty()) {
            text.append("\nRejected\n");
            TextTable table = new TextTable(List.of("N", "R", "W", "quorum", "why"), 5);
            for (TuningResult.Candidate candidate : result.rejected()) {
                table.addRow(List.of(
                        Integer.toString(candidate.configuration().n()),
                        Integer.toString(candidate.configuration().r()),
                        Integer.toString(candidate.configuration().w()),
                        candidate.configuration().isStrict() ? "strict" : "partial",
                        String.join("; ", candidate.violations())));
            }
            text.append(table.render());
        }
        return text.toString();
    }

    private static List<String> row(
            String rank, TuningResult.Candidate candidate, double windowProbability, String frontier) {
        CandidateMetrics metrics = candidate.metrics();
        double window = metrics.windowMillis(windowProbability);
        return List.of(
                rank,
                Integer.toString(candidate.configuration().n()),
                Integer.toString(candidate.configuration().r()),
                Integer.toString(candidate.configuration().w()),
                candidate.configuration().isStrict() ? "strict" : "partial",
                NumberText.millis(candidate.score()),
                NumberText.millis(metrics.readLatencyMillis(Objective.PERCENTILE)),
                NumberText.millis(metrics.writeLatencyMillis(Objective.PERCENTILE)),
                Double.isFinite(window) ? NumberText.millis(window) : "beyond",
                frontier);
    }
}
