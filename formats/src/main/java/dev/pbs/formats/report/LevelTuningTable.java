package dev.pbs.formats.report;

import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.montecarlo.tuning.CandidateMetrics;
import dev.pbs.montecarlo.tuning.LevelCandidate;
import dev.pbs.montecarlo.tuning.LevelTuningResult;
import dev.pbs.montecarlo.tuning.LevelTuningSpec;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.ReadDatacenterResult;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.Tuner;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The level tuning answer for people: the feasible (write level, read level) pairs best first with
 * their figures at the worst read datacenter, the rejected ones and why (naming the read
 * datacenters), then every pair's figures in each read datacenter.
 */
public final class LevelTuningTable {

    private LevelTuningTable() {}

    public static String render(LevelTuningResult result) {
        LevelTuningSpec spec = result.spec();
        DatacenterReplicas replicas = spec.replicas();
        double windowProbability = Tuner.windowProbability(spec.requirements());
        String window = "window@" + NumberText.plain(windowProbability);
        StringBuilder text = new StringBuilder();
        text.append(String.format(
                Locale.ROOT,
                "pbs tune: profile %s, %s (N=%d), writes coordinated in %s, reads in %s, %,d trials, seed %d, "
                        + "objective %s (ms, lower is better)%n",
                spec.profile().name(),
                replicas,
                replicas.replicaCount(),
                replicas.name(spec.writeDatacenter()),
                String.join(", ", readDatacenterNames(spec)),
                spec.trials(),
                spec.seed(),
                spec.objective().text()));
        text.append("requirements (each must hold in every read datacenter): ")
                .append(
                        spec.requirements().isEmpty()
                                ? "none"
                                : String.join(
                                        ", ",
                                        spec.requirements().stream()
                                                .map(Requirement::text)
                                                .toList()))
                .append("\n\n");
        text.append("Feasible, best first; figures at the worst read datacenter (* on the Pareto frontier of read "
                        + "p99.9, write p99.9 and ")
                .append(window)
                .append(")\n");
        if (result.feasible().isEmpty()) {
            text.append("  none: no (write level, read level) pair meets every requirement in every read datacenter\n");
        } else {
            TextTable table = new TextTable(
                    List.of(
                            "rank",
                            "write",
                            "read",
                            "quorum",
                            "score",
                            "read p99.9",
                            "write p99.9",
                            window,
                            "frontier"),
                    4);
            int rank = 1;
            for (LevelCandidate candidate : result.feasible()) {
                double worstWindow = candidate.worstWindowMillis(windowProbability);
                table.addRow(List.of(
                        Integer.toString(rank++),
                        candidate.levels().writeLevel().name(),
                        candidate.levels().readLevel().name(),
                        candidate.isStrict() ? "strict" : "partial",
                        NumberText.millis(candidate.score()),
                        NumberText.millis(candidate.worstReadLatencyMillis(Objective.PERCENTILE)),
                        NumberText.millis(candidate.writeLatencyMillis(Objective.PERCENTILE)),
                        NumberText.millis(worstWindow),
                        result.frontier().contains(candidate) ? "*" : ""));
            }
            text.append(table.render());
        }
        if (!result.rejected().isEmpty()) {
            text.append("\nRejected\n");
            TextTable table = new TextTable(List.of("write", "read", "quorum", "why"), 4);
            for (LevelCandidate candidate : result.rejected()) {
                table.addRow(List.of(
                        candidate.levels().writeLevel().name(),
                        candidate.levels().readLevel().name(),
                        candidate.isStrict() ? "strict" : "partial",
                        String.join("; ", candidate.violations())));
            }
            text.append(table.render());
        }
        text.append("\nBy read datacenter (R: the replicas the read contacts; meets: every requirement holds there)\n");
        text.append(byReadDatacenter(result, spec, window, windowProbability).render());
        return text.toString();
    }

    private static TextTable byReadDatacenter(
            LevelTuningResult result, LevelTuningSpec spec, String window, double windowProbability) {
        TextTable table = new TextTable(
                List.of(
                        "write",
                        "read",
                        "read dc",
                        "quorum",
                        "R",
                        "score",
                        "read p99.9",
                        "write p99.9",
                        window,
                        "meets"),
                4);
        List<LevelCandidate> all = new ArrayList<>(result.feasible());
        all.addAll(result.rejected());
        for (LevelCandidate candidate : all) {
            for (ReadDatacenterResult read : candidate.readDatacenters()) {
                List<String> row = new ArrayList<>(List.of(
                        candidate.levels().writeLevel().name(),
                        candidate.levels().readLevel().name(),
                        spec.replicas().name(read.readDatacenter())));
                if (!read.isPossible()) {
                    row.addAll(List.of("-", "-", "-", "-", "-", "-", "not possible"));
                } else {
                    CandidateMetrics metrics = read.metrics();
                    row.addAll(List.of(
                            metrics.isStrict() ? "strict" : "partial",
                            Integer.toString(metrics.configuration().r()),
                            NumberText.millis(read.score()),
                            NumberText.millis(metrics.readLatencyMillis(Objective.PERCENTILE)),
                            NumberText.millis(metrics.writeLatencyMillis(Objective.PERCENTILE)),
                            NumberText.millis(metrics.windowMillis(windowProbability)),
                            read.isFeasible() ? "yes" : "no"));
                }
                table.addRow(row);
            }
        }
        return table;
    }

    private static List<String> readDatacenterNames(LevelTuningSpec spec) {
        return spec.readDatacenters().stream().map(spec.replicas()::name).toList();
    }
}
