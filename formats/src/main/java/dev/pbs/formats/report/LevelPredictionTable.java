package dev.pbs.formats.report;

import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.LevelSimulationResult;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.VisibilityPoint;
import dev.pbs.questions.ReportOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A prediction of consistency levels across datacenters as text tables for people: a header line,
 * then for each (write datacenter, read datacenter) pair three tables with one row per (write
 * level, read level): t-visibility; windows and k-staleness; read and write latency percentiles.
 */
public final class LevelPredictionTable {

    private LevelPredictionTable() {}

    public static String render(LevelSimulationResult result, ReportOptions options) {
        LevelSimulationSpec spec = result.spec();
        List<String> names = spec.replicas().names();
        StringBuilder text = new StringBuilder();
        text.append("pbs predict: profile ")
                .append(spec.profile().name())
                .append(", ")
                .append(spec.replicas())
                .append(" (N=")
                .append(spec.n())
                .append("), ")
                .append(NumberText.count(spec.trials()))
                .append(" trials, seed ")
                .append(spec.seed())
                .append(", reads contact the replicas their level needs")
                .append(spec.coordinatorReplica() ? ", coordinators on a replica of their datacenter" : "")
                .append('\n');
        Map<List<Integer>, List<ConfigurationResult>> byPair = new LinkedHashMap<>();
        for (ConfigurationResult configuration : result.configurations()) {
            LevelConfiguration levels = configuration.levels().orElseThrow();
            byPair.computeIfAbsent(
                            List.of(levels.writeDatacenter(), levels.readDatacenter()), pair -> new ArrayList<>())
                    .add(configuration);
        }
        for (Map.Entry<List<Integer>, List<ConfigurationResult>> pair : byPair.entrySet()) {
            String write = names.get(pair.getKey().get(0));
            String read = names.get(pair.getKey().get(1));
            text.append("\n== write coordinated in ")
                    .append(write)
                    .append(", read coordinated in ")
                    .append(read)
                    .append(" ==\n");
            List<ConfigurationResult> rows = pair.getValue();
            text.append("P(consistent): probability that a read starting t ms after the write commits sees it\n");
            text.append(visibilityTable(spec, rows).render()).append('\n');
            text.append("Windows p=...: ms after commit until P(consistent) >= p; P(>k old): the read misses every "
                    + "replica whose acknowledgement counted, k times over\n");
            text.append(windowTable(rows, options).render()).append('\n');
            text.append("Latency percentiles, ms: read = the last contacted replica's answer, write = the level's "
                    + "acknowledgements\n");
            text.append(latencyTable(rows, options).render()).append('\n');
        }
        text.append("\nstrict: every read set meets every write set that can commit, so no read after commit is "
                + "stale. beyond: past the largest recorded delay. 95% intervals: --format json\n");
        return text.toString();
    }

    private static TextTable visibilityTable(LevelSimulationSpec spec, List<ConfigurationResult> rows) {
        List<String> header = new ArrayList<>(List.of("write", "read", "quorum"));
        for (double t : spec.visibilityGridMillis()) {
            header.add("t=" + NumberText.plain(t));
        }
        TextTable table = new TextTable(header, 3);
        for (ConfigurationResult configuration : rows) {
            List<String> row = leadingCells(configuration);
            for (VisibilityPoint point : configuration.visibility()) {
                row.add(NumberText.probability(point.consistent().estimate()));
            }
            table.addRow(row);
        }
        return table;
    }

    private static TextTable windowTable(List<ConfigurationResult> rows, ReportOptions options) {
        List<String> header = new ArrayList<>(List.of("write", "read", "quorum"));
        for (double window : options.windows()) {
            header.add("p=" + NumberText.plain(window));
        }
        for (int k : options.versionsBehind()) {
            header.add("P(>" + k + " old)");
        }
        TextTable table = new TextTable(header, 3);
        for (ConfigurationResult configuration : rows) {
            List<String> row = leadingCells(configuration);
            for (double window : options.windows()) {
                row.add(NumberText.millis(configuration.window(window).valueMillis()));
            }
            for (int k : options.versionsBehind()) {
                row.add(NumberText.smallProbability(configuration.probabilityOlderThanVersions(k)));
            }
            table.addRow(row);
        }
        return table;
    }

    private static TextTable latencyTable(List<ConfigurationResult> rows, ReportOptions options) {
        List<String> header = new ArrayList<>(List.of("write", "read", "quorum"));
        for (double percentile : options.percentiles()) {
            header.add("read p" + NumberText.plain(percentile));
        }
        for (double percentile : options.percentiles()) {
            header.add("write p" + NumberText.plain(percentile));
        }
        TextTable table = new TextTable(header, 3);
        for (ConfigurationResult configuration : rows) {
            List<String> row = leadingCells(configuration);
            for (double percentile : options.percentiles()) {
                row.add(NumberText.millis(configuration.readLatency(percentile).valueMillis()));
            }
            for (double percentile : options.percentiles()) {
                row.add(NumberText.millis(configuration.writeLatency(percentile).valueMillis()));
            }
            table.addRow(row);
        }
        return table;
    }

    private static List<String> leadingCells(ConfigurationResult configuration) {
        LevelConfiguration levels = configuration.levels().orElseThrow();
        return new ArrayList<>(List.of(
                levels.writeLevel().name(),
                levels.readLevel().name(),
                configuration.isStrict() ? "strict" : "partial"));
    }
}
