package dev.pbs.formats.report;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.QuorumExpansion;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.VisibilityPoint;
import dev.pbs.questions.ReportOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * A prediction as text tables for people: a header line, then three tables with one row per
 * (R, W): t-visibility; windows and k-staleness; read and write latency percentiles. Numbers are
 * rounded for reading; the JSON form has full precision and the 95% intervals.
 */
public final class PredictionTable {

    private PredictionTable() {}

    public static String render(SimulationResult result, ReportOptions options) {
        StringBuilder text = new StringBuilder();
        text.append(header(result.spec())).append("\n\n");
        text.append("P(consistent): probability that a read starting t ms after the write commits sees it\n");
        text.append(visibilityTable(result).render()).append('\n');
        text.append("Windows p=...: ms after commit until P(consistent) >= p\n");
        text.append("P(>k old): probability that a read returns a value more than k versions old "
                + "(closed form, non-expanding quorums)\n");
        text.append(windowTable(result, options).render()).append('\n');
        text.append("Latency percentiles, ms: read = R-th response, write = W-th acknowledgement\n");
        text.append(latencyTable(result, options).render()).append('\n');
        text.append("strict: R + W > N, a read that starts after commit is never stale. "
                + "beyond: past the largest recorded delay. 95% intervals: --format json\n");
        return text.toString();
    }

    /** One line naming the profile and the run's parameters. */
    static String header(SimulationSpec spec) {
        LatencyProfile profile = spec.profile();
        return "pbs predict: profile " + profile.name() + ", N=" + spec.n() + ", " + NumberText.count(spec.trials())
                + " trials, seed " + spec.seed() + ", read fan-out "
                + spec.readFanout().text() + ", coordinator "
                + (spec.coordinatorReplica() ? "on a replica" : "separate from the replicas")
                + (spec.expansion() == QuorumExpansion.EXPANDING ? "" : ", non-expanding quorums");
    }

    private static TextTable visibilityTable(SimulationResult result) {
        List<String> header = new ArrayList<>(List.of("R", "W", "quorum"));
        for (double t : result.spec().visibilityGridMillis()) {
            header.add("t=" + NumberText.plain(t));
        }
        TextTable table = new TextTable(header, 3);
        for (ConfigurationResult configuration : result.configurations()) {
            List<String> row = leadingCells(configuration);
            for (VisibilityPoint point : configuration.visibility()) {
                row.add(NumberText.probability(point.consistent().estimate()));
            }
            table.addRow(row);
        }
        return table;
    }

    private static TextTable windowTable(SimulationResult result, ReportOptions options) {
        List<String> header = new ArrayList<>(List.of("R", "W", "quorum"));
        for (double window : options.windows()) {
            header.add("p=" + NumberText.plain(window));
        }
        for (int k : options.versionsBehind()) {
            header.add("P(>" + k + " old)");
        }
        TextTable table = new TextTable(header, 3);
        for (ConfigurationResult configuration : result.configurations()) {
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

    private static TextTable latencyTable(SimulationResult result, ReportOptions options) {
        List<String> header = new ArrayList<>(List.of("R", "W", "quorum"));
        for (double percentile : options.percentiles()) {
            header.add("read p" + NumberText.plain(percentile));
        }
        for (double percentile : options.percentiles()) {
            header.add("write p" + NumberText.plain(percentile));
        }
        TextTable table = new TextTable(header, 3);
        for (ConfigurationResult configuration : result.configurations()) {
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
        return new ArrayList<>(List.of(
                Integer.toString(configuration.configuration().r()),
                Integer.toString(configuration.configuration().w()),
                configuration.isStrict() ? "strict" : "partial"));
    }
}
