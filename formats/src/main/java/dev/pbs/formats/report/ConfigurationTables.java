package dev.pbs.formats.report;

import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.RepairPoint;
import dev.pbs.montecarlo.VisibilityPoint;
import dev.pbs.montecarlo.rare.RareEventAnswer;
import dev.pbs.questions.ReportOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The three tables of a prediction for people, one row per configuration: t-visibility; windows
 * and k-staleness; read and write latency percentiles. A row starts with two cells that name its
 * configuration ((R, W), or the write and read levels) and a third, "strict" or "partial"; the
 * numbers follow, rounded for reading ({@link NumberText}). Shared by {@link PredictionTable} and
 * {@link LevelPredictionTable}.
 */
final class ConfigurationTables {

    /** The caption above the t-visibility table. */
    static final String VISIBILITY_CAPTION =
            "P(consistent): probability that a read starting t ms after the write commits sees it\n";

    /** The end of the legend below the tables: what "beyond" means, where the intervals are. */
    static final String LEGEND_END = "beyond: past the largest recorded delay. 95% intervals: --format json\n";

    /** Left-aligned columns: the two naming the configuration, and "quorum". */
    private static final int TEXT_COLUMNS = 3;

    private final List<String> namingHeader;
    private final Function<ConfigurationResult, List<String>> naming;

    /**
     * @param namingHeader the headers of the two columns that name a configuration
     * @param naming a configuration's two cells under them
     */
    ConfigurationTables(List<String> namingHeader, Function<ConfigurationResult, List<String>> naming) {
        this.namingHeader = List.copyOf(namingHeader);
        this.naming = naming;
    }

    /** P(consistent) at each time of the grid, ms after commit. */
    TextTable visibility(double[] gridMillis, List<ConfigurationResult> configurations) {
        List<String> header = header();
        for (double t : gridMillis) {
            header.add("t=" + NumberText.plain(t));
        }
        TextTable table = new TextTable(header, TEXT_COLUMNS);
        for (ConfigurationResult configuration : configurations) {
            List<String> row = leadingCells(configuration);
            for (VisibilityPoint point : configuration.visibility()) {
                row.add(NumberText.probability(point.consistent().estimate()));
            }
            table.addRow(row);
        }
        return table;
    }

    /** The windows of the options, ms after commit, then P(> k versions old) for each k. */
    TextTable windows(List<ConfigurationResult> configurations, ReportOptions options) {
        return windows(configurations, options, RareEventAnswer.none());
    }

    /** The same, the rare-event method's windows in place of the plain ones where it produced them. */
    TextTable windows(List<ConfigurationResult> configurations, ReportOptions options, RareEventAnswer rare) {
        List<String> header = header();
        for (double window : options.windows()) {
            header.add("p=" + NumberText.plain(window));
        }
        for (int k : options.versionsBehind()) {
            header.add("P(>" + k + " old)");
        }
        TextTable table = new TextTable(header, TEXT_COLUMNS);
        for (ConfigurationResult configuration : configurations) {
            List<String> row = leadingCells(configuration);
            for (double window : options.windows()) {
                row.add(RareEventTable.windowCell(configuration, window, rare));
            }
            for (int k : options.versionsBehind()) {
                row.add(
                        configuration.faultEffects().isPresent()
                                ? NumberText.NOT_AVAILABLE
                                : NumberText.smallProbability(configuration.probabilityOlderThanVersions(k)));
            }
            table.addRow(row);
        }
        return table;
    }

    /** One cell per configuration and time of the grid, as {@code cell} writes it. */
    TextTable stale(
            double[] gridMillis,
            List<ConfigurationResult> configurations,
            BiFunction<ConfigurationResult, VisibilityPoint, String> cell) {
        List<String> header = header();
        for (double t : gridMillis) {
            header.add("t=" + NumberText.plain(t));
        }
        TextTable table = new TextTable(header, TEXT_COLUMNS);
        for (ConfigurationResult configuration : configurations) {
            List<String> row = leadingCells(configuration);
            for (VisibilityPoint point : configuration.visibility()) {
                row.add(cell.apply(configuration, point));
            }
            table.addRow(row);
        }
        return table;
    }

    /** The read latency, then the write latency, at each percentile of the options, ms. */
    TextTable latency(List<ConfigurationResult> configurations, ReportOptions options) {
        List<String> header = header();
        for (double percentile : options.percentiles()) {
            header.add("read p" + NumberText.plain(percentile));
        }
        for (double percentile : options.percentiles()) {
            header.add("write p" + NumberText.plain(percentile));
        }
        TextTable table = new TextTable(header, TEXT_COLUMNS);
        for (ConfigurationResult configuration : configurations) {
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

    /**
     * When each configuration's reads ask an extra replica (ms after the read's start; "never"
     * when none is left to ask) and the fraction that did; for runs that speculate.
     */
    TextTable speculation(List<ConfigurationResult> configurations) {
        List<String> header = header();
        header.add("asks at ms");
        header.add("P(speculated)");
        TextTable table = new TextTable(header, TEXT_COLUMNS);
        for (ConfigurationResult configuration : configurations) {
            configuration.speculation().ifPresent(speculation -> {
                List<String> row = leadingCells(configuration);
                double threshold = speculation.thresholdMillis();
                row.add(Double.isInfinite(threshold) ? "never" : NumberText.millis(threshold));
                row.add(NumberText.probability(speculation.speculated().estimate()));
                table.addRow(row);
            });
        }
        return table;
    }

    /**
     * Blocking read repair at each time of the grid: the fraction of reads whose answers disagree,
     * a slash, the fraction that then repair, and in brackets the mean ms a mismatching read adds.
     */
    TextTable readRepair(double[] gridMillis, List<ConfigurationResult> configurations) {
        List<String> header = header();
        for (double t : gridMillis) {
            header.add("t=" + NumberText.plain(t));
        }
        TextTable table = new TextTable(header, TEXT_COLUMNS);
        for (ConfigurationResult configuration : configurations) {
            configuration.readRepair().ifPresent(points -> {
                List<String> row = leadingCells(configuration);
                for (RepairPoint point : points) {
                    double mean = point.meanAddedMillis();
                    row.add(NumberText.probability(point.mismatched().estimate())
                            + " / "
                            + NumberText.probability(point.repaired().estimate())
                            + (Double.isNaN(mean) ? "" : " (" + NumberText.millis(mean) + ")"));
                }
                table.addRow(row);
            });
        }
        return table;
    }

    /**
     * What faulty replicas did: the fraction of writes that found fewer than W replicas up, of reads
     * right after a committed write that found fewer than R up, and of reads at a random instant
     * that waited for a paused replica.
     */
    TextTable faults(List<ConfigurationResult> configurations) {
        List<String> header = header();
        header.add("write unavailable");
        header.add("read unavailable");
        header.add("read waited for pause");
        TextTable table = new TextTable(header, TEXT_COLUMNS);
        for (ConfigurationResult configuration : configurations) {
            configuration.faultEffects().ifPresent(effects -> {
                List<String> row = leadingCells(configuration);
                row.add(NumberText.smallProbability(effects.writeUnavailable().estimate()));
                row.add(NumberText.smallProbability(effects.readUnavailable().estimate()));
                row.add(NumberText.smallProbability(effects.readWaitedForPause().estimate()));
                table.addRow(row);
            });
        }
        return table;
    }

    private List<String> header() {
        List<String> header = new ArrayList<>(namingHeader);
        header.add("quorum");
        return header;
    }

    private List<String> leadingCells(ConfigurationResult configuration) {
        List<String> cells = new ArrayList<>(naming.apply(configuration));
        cells.add(configuration.isStrict() ? "strict" : "partial");
        return cells;
    }
}
