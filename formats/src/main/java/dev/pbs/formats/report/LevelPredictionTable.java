package dev.pbs.formats.report;

import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.LevelSimulationResult;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.rare.RareEventAnswer;
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

    /** Rows named by the write and read levels. */
    private static final ConfigurationTables TABLES =
            new ConfigurationTables(List.of("write", "read"), configuration -> {
                LevelConfiguration levels = configuration.levels().orElseThrow();
                return List.of(levels.writeLevel().name(), levels.readLevel().name());
            });

    private LevelPredictionTable() {}

    public static String render(LevelSimulationResult result, ReportOptions options) {
        return render(result, options, RareEventAnswer.none());
    }

    /** The tables, with a line saying so when a window needed the rare-event method, which does not cover levels. */
    /**
     * Where coordinators run, for the header: nothing when apart from the replicas, on a replica of
     * their datacenter, or so for the shares of writes and reads when some are and some not.
     */
    static String coordinatorText(CoordinatorReplicaShare share) {
        if (share.isNever()) {
            return "";
        }
        if (share.isAlways()) {
            return ", coordinators on a replica of their datacenter";
        }
        return ", coordinators on a replica of their datacenter for " + CoordinatorReplicaShare.percent(share.writes())
                + " of writes and " + CoordinatorReplicaShare.percent(share.reads()) + " of reads";
    }

    public static String render(LevelSimulationResult result, ReportOptions options, RareEventAnswer rare) {
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
                .append(coordinatorText(spec.coordinatorReplicaShare()))
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
            text.append(ConfigurationTables.VISIBILITY_CAPTION);
            text.append(TABLES.visibility(spec.visibilityGridMillis(), rows).render())
                    .append('\n');
            text.append("Windows p=...: ms after commit until P(consistent) >= p; P(>k old): the read misses every "
                    + "replica whose acknowledgement counted, k times over\n");
            text.append(TABLES.windows(rows, options).render()).append('\n');
            text.append("Latency percentiles, ms: read = the last contacted replica's answer, write = the level's "
                    + "acknowledgements\n");
            text.append(TABLES.latency(rows, options).render()).append('\n');
        }
        text.append(RareEventTable.windowsNote(rare, spec.trials()));
        text.append("\nstrict: every read set meets every write set that can commit, so no read after commit is "
                        + "stale. ")
                .append(ConfigurationTables.LEGEND_END);
        return text.toString();
    }
}
