package dev.pbs.formats.report;

import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.montecarlo.QuorumExpansion;
import dev.pbs.montecarlo.SessionResult;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.rare.RareEventAnswer;
import dev.pbs.questions.RecoveryCurve;
import dev.pbs.questions.ReportOptions;
import java.util.List;
import java.util.Locale;

/**
 * A prediction as text tables for people: a header line, then three tables with one row per
 * (R, W): t-visibility; windows and k-staleness; read and write latency percentiles. Numbers are
 * rounded for reading; the JSON form has full precision and the 95% intervals.
 */
public final class PredictionTable {

    /** Rows named by R and W. */
    private static final ConfigurationTables TABLES = new ConfigurationTables(
            List.of("R", "W"),
            configuration -> List.of(
                    Integer.toString(configuration.configuration().r()),
                    Integer.toString(configuration.configuration().w())));

    private PredictionTable() {}

    public static String render(SimulationResult result, ReportOptions options) {
        return render(result, null, options);
    }

    /** The tables, and the session guarantees' when {@code sessions} is not null. */
    public static String render(SimulationResult result, SessionResult sessions, ReportOptions options) {
        return render(result, sessions, options, null);
    }

    /**
     * The tables, the session guarantees' when {@code sessions} is not null, and a replica's
     * recovery from one outage when {@code recovery} is not null.
     */
    public static String render(
            SimulationResult result, SessionResult sessions, ReportOptions options, RecoveryCurve recovery) {
        return render(result, sessions, options, recovery, RareEventAnswer.none());
    }

    /**
     * The tables with the rare-event method's figures: its windows marked in the windows table,
     * a line saying how they were estimated, and P(stale) when asked.
     */
    public static String render(
            SimulationResult result,
            SessionResult sessions,
            ReportOptions options,
            RecoveryCurve recovery,
            RareEventAnswer rare) {
        StringBuilder text = new StringBuilder();
        text.append(header(result.spec())).append("\n");
        if (result.spec().profile().faults().any()) {
            text.append("Faulty replicas: ")
                    .append(result.spec().profile().faults().describe())
                    .append(". P(consistent), windows and latencies count the available operations only\n");
        }
        text.append('\n');
        text.append(ConfigurationTables.VISIBILITY_CAPTION);
        text.append(TABLES.visibility(result.spec().visibilityGridMillis(), result.configurations())
                        .render())
                .append('\n');
        text.append("Windows p=...: ms after commit until P(consistent) >= p\n");
        text.append("P(>k old): probability that a read returns a value more than k versions old "
                + "(closed form, non-expanding quorums)\n");
        text.append(TABLES.windows(result.configurations(), options, rare).render());
        text.append(RareEventTable.windowsNote(rare, result.spec().trials())).append('\n');
        if (rare.staleProbabilities()) {
            text.append(RareEventTable.staleTable(
                            TABLES, result.spec().visibilityGridMillis(), result.configurations(), rare))
                    .append('\n');
        }
        text.append("Latency percentiles, ms: read = R-th response, write = W-th acknowledgement\n");
        text.append(TABLES.latency(result.configurations(), options).render()).append('\n');
        if (result.spec().speculativeRetry().speculates()) {
            text.append("Speculative retry ")
                    .append(result.spec().speculativeRetry().text())
                    .append(": a read asks one more replica when its R have not all answered by then, and keeps "
                            + "the first R answers\n");
            text.append(TABLES.speculation(result.configurations()).render()).append('\n');
        }
        if (result.spec().readRepair().readsAgainOnMismatch()) {
            text.append(
                    result.spec().readRepair() == ReadRepair.BLOCKING
                            ? "Blocking read repair: fraction of reads starting t ms after commit whose answers disagree, "
                                    + "so that they read again, and that repair the stale replicas (mean ms a disagreeing "
                                    + "read waits for it)\n"
                            : "Read repair none: fraction of reads starting t ms after commit whose answers disagree, so "
                                    + "that they read the full data again, and that repair (none: nothing is written back) "
                                    + "(mean ms a disagreeing read waits for it)\n");
            text.append(TABLES.readRepair(result.spec().visibilityGridMillis(), result.configurations())
                            .render())
                    .append('\n');
        }
        if (result.spec().profile().faults().any()) {
            text.append("Faults: fraction of writes that found fewer than W replicas up, of reads right after "
                    + "commit that found fewer than R up, and of reads that waited for a paused replica\n");
            text.append(TABLES.faults(result.configurations()).render()).append('\n');
        }
        if (recovery != null) {
            text.append(RecoveryTable.render(recovery)).append('\n');
        }
        if (sessions != null) {
            text.append(SessionTable.render(sessions));
        }
        text.append("strict: R + W > N, a read that starts after commit is never stale. ")
                .append(ConfigurationTables.LEGEND_END);
        return text.toString();
    }

    /**
     * Where the coordinator runs, after "coordinator ": on a replica, separate from the replicas,
     * or on a replica for the shares of writes and reads when some are and some not.
     */
    static String coordinatorText(CoordinatorReplicaShare share) {
        if (share.isPartial()) {
            return "on a replica for " + CoordinatorReplicaShare.percent(share.writes()) + " of writes and "
                    + CoordinatorReplicaShare.percent(share.reads()) + " of reads";
        }
        return share.isAlways() ? "on a replica" : "separate from the replicas";
    }

    /** One line naming the profile and the run's parameters. */
    static String header(SimulationSpec spec) {
        LatencyProfile profile = spec.profile();
        return "pbs predict: profile " + profile.name() + ", N=" + spec.n() + ", " + NumberText.count(spec.trials())
                + " trials, seed " + spec.seed() + ", read fan-out "
                + spec.readFanout().text() + ", coordinator "
                + coordinatorText(spec.coordinatorReplicaShare())
                + (spec.expansion() == QuorumExpansion.EXPANDING ? "" : ", non-expanding quorums")
                + (spec.speculativeRetry().speculates()
                        ? ", speculative retry " + spec.speculativeRetry().text()
                        : "")
                + readRepairText(spec.readRepair())
                + (spec.replicaChoice().snitch()
                        ? ", replicas chosen by the dynamic snitch (badness threshold "
                                + NumberText.plain(spec.replicaChoice().badnessThreshold()) + ")"
                        : "")
                + correlationText(profile);
    }

    /**
     * How the profile correlates one operation's messages, for the header; empty when independent.
     * Faulty replicas are simulated with independent messages, which the header then says.
     */
    static String correlationText(LatencyProfile profile) {
        MessageCorrelation correlation = profile.messageCorrelation();
        if (correlation.isNone()) {
            return "";
        }
        if (profile.faults().any()) {
            return ", messages drawn independently (faulty replicas are simulated without the profile's "
                    + "message correlation)";
        }
        return String.format(
                Locale.ROOT,
                ", messages of one operation correlated (writes %.2f between replicas, %.2f with the own replica; "
                        + "reads %.2f, %.2f)",
                correlation.writesBetweenReplicas(),
                correlation.writesWithOwnReplica(),
                correlation.readsBetweenReplicas(),
                correlation.readsWithOwnReplica());
    }

    /** How the header names the read repair: blocking, none (reads again), or nothing for the paper's. */
    static String readRepairText(ReadRepair repair) {
        return switch (repair) {
            case OFF -> "";
            case NONE -> ", read repair none (a digest mismatch reads again)";
            case BLOCKING -> ", blocking read repair";
        };
    }
}
